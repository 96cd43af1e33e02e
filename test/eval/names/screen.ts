/**
 * Screens the names evaluation set with the real product: writes the clients as a bank export
 * (Windows-1251, `;`, Russian headers), starts the independent Lookup Service, runs `bin/kyc-screen.js run`
 * against it with an embedded Redis, and reads the verdicts back by client id.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import type { Dataset, EvalClient } from './dataset.js';
import { startServer, type SearchMode } from './server.js';

export const REPO = new URL('../../../', import.meta.url).pathname;

const HEADER = ['Код клиента', 'ФИО', 'Дата рождения', 'ИНН', 'Тип клиента', 'Филиал'];

const ruDate = (iso: string | undefined): string =>
  iso === undefined ? '' : `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The clients as a Windows-1251 export with `;`. Throws when a name cannot be written in Windows-1251. */
export function clientFile(clients: readonly EvalClient[]): Buffer {
  const cell = (v: string): string => (/[;"\n]/u.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = [HEADER.join(';')];
  for (const c of clients) {
    lines.push([c.id, c.name, ruDate(c.birthDate), c.inn ?? '', c.type, 'Москва-1'].map(cell).join(';'));
  }
  const text = lines.join('\r\n') + '\r\n';
  const bytes = iconv.encode(text, 'win1251');
  if (iconv.decode(bytes, 'win1251') !== text)
    throw new Error('a client name is not writable in Windows-1251');
  return bytes;
}

export interface ScreenOptions {
  readonly mode: SearchMode;
  readonly pageSize: number;
  readonly rate: number;
  readonly workDir: string;
  readonly timeoutMs?: number;
  /** `dist`: the built CLI (bin/kyc-screen.js, after `npm run build`); `source`: src/cli.ts through tsx. */
  readonly cli?: 'dist' | 'source';
}

export interface ScreenResult {
  readonly verdicts: Map<string, string>;
  readonly exitCode: number | null;
  readonly requests: number;
  readonly seconds: number;
  readonly stderrTail: string;
}

export async function screen(
  data: Dataset,
  clients: readonly EvalClient[],
  options: ScreenOptions,
): Promise<ScreenResult> {
  mkdirSync(options.workDir, { recursive: true });
  const input = join(options.workDir, 'clients.csv');
  writeFileSync(input, clientFile(clients));
  const apiKey = randomUUID();
  const server = await startServer(data, { mode: options.mode, pageSize: options.pageSize, apiKey });
  const outDir = join(options.workDir, 'out');
  const started = Date.now();
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      KYC_API_URL: server.url,
      KYC_API_KEY: apiKey,
      LOG_LEVEL: 'warn',
    };
    delete env.REDIS_URL;
    const entry =
      options.cli === 'source'
        ? ['--import', 'tsx', join(REPO, 'src', 'cli.ts')]
        : [join(REPO, 'bin', 'kyc-screen.js')];
    const args = [
      ...entry,
      'run',
      input,
      '--out-dir',
      outDir,
      '--overwrite',
      '--rate',
      String(options.rate),
      '--no-progress',
      '--out-encoding',
      'utf-8',
      '--state-dir',
      join(options.workDir, 'state'),
    ];
    const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), options.timeoutMs ?? 300_000);
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    return {
      verdicts: readVerdicts(join(outDir, 'verdicts.csv')),
      exitCode,
      requests: server.requests(),
      seconds: (Date.now() - started) / 1000,
      stderrTail: stderr,
    };
  } finally {
    await server.close();
  }
}

/** Client id → verdict, from the run's verdicts.csv (an absent file gives no verdicts). */
export function readVerdicts(path: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').replace(/^\ufeff/u, '');
  } catch {
    return new Map();
  }
  const head = text.slice(0, text.indexOf('\n'));
  const delimiter = (head.match(/;/gu) ?? []).length >= (head.match(/,/gu) ?? []).length ? ';' : ',';
  const rows = parse<Record<string, string>>(text, { columns: true, delimiter, relax_column_count: true });
  return new Map(rows.map((r) => [r['Код клиента'] ?? '', r.kyc_verdict ?? '']));
}
