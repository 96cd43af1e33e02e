/**
 * `npm run bench:workbook-bombs`: the memory of `kyc-screen serve` while tokens upload workbooks built to take
 * it down, at the default caps (src/settings/input-limits.ts). Prints, per bomb, the file's size, the answer,
 * and the server's peak RSS over its idle RSS (VmHWM − VmRSS at idle, /proc), and whether it still answers.
 * Needs Linux's /proc and the PostgreSQL server of DATABASE_URL's host (the desk), as the tests do.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/infra/free-port.js';
import { cli, exited, stderrOf } from '../helpers/cli-process.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { xlsxBytes, type RawParts } from '../helpers/xlsx-writer.js';

const TOKEN = 'bench-Token-7Rt2Wq9Lx4Mz6Nc1Vb3Kp8Hd5Gs0Fj';
const auth = { authorization: `Bearer ${TOKEN}` };
const HEADER = ['ФИО', 'ИНН'];
const CLIENT = ['Иванов Иван Иванович', '7707083893'];
const MIB = 1024 * 1024;

/** VmRSS and VmHWM of a process, in MiB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'mu').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const book = (rawRows: string, raw: RawParts = {}) =>
  xlsxBytes([{ name: 'Клиенты', rows: [HEADER, CLIENT], rawRows }], raw);

/** Each bomb as its name and a builder (built one at a time: the largest holds ~400 MB while zipped). */
const ALL_BOMBS: readonly (readonly [string, () => Buffer])[] = [
  [
    'a cell past column XFD (ZZZZZZZ3)',
    () => book('<row r="3"><c r="ZZZZZZZ3" t="inlineStr"><is><t>x</t></is></c></row>'),
  ],
  [
    '3 rows of 16,000 styled empty cells each',
    () =>
      book(
        [3, 4, 5]
          .map(
            (r) =>
              `<row r="${r}">${Array.from({ length: 16_000 }, (_, i) => `<c r="${column(i + 1)}${r}" s="1"/>`).join('')}</row>`,
          )
          .join(''),
      ),
  ],
  [
    '400 MiB of shared strings',
    () => {
      const item = `<si><t>${'Ш'.repeat(500)}</t></si>`;
      const strings = item.repeat(Math.ceil((400 * MIB) / Buffer.byteLength(item)));
      return book('', {
        sharedStrings: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>ФИО</t></si><si><t>ИНН</t></si>${strings}</sst>`,
      });
    },
  ],
  [
    'a sheet of 4 million rows (~380 MiB inflated)',
    () => {
      const row = (r: number) =>
        `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Иванов Иван</t></is></c><c r="B${r}"><v>7707083893</v></c></row>`;
      return book(Array.from({ length: 4_000_000 }, (_, i) => row(i + 3)).join(''));
    },
  ],
  ['a 400 MiB comment inside the sheet', () => book(`<!-- ${'x'.repeat(400 * MIB)} -->`)],
];

/** `--only <part of a name>`: those bombs alone. */
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const BOMBS = only === undefined ? ALL_BOMBS : ALL_BOMBS.filter(([name]) => name.includes(only));

/** A1-style column letters of a 1-based number. */
function column(n: number): string {
  let out = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  return out;
}

/**
 * The bomb sent as curl sends a file (a plain Node fetch of a 33 MB body saw EPIPE where curl, on the same
 * server, read the 413 after the rows were counted): "status code" of the answer.
 */
async function upload(base: string, bytes: Buffer): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'kyc-bomb-')), 'bomb.xlsx');
  writeFileSync(file, bytes);
  const curl = spawn('curl', [
    '-s',
    '-m',
    '600',
    '-X',
    'POST',
    '-H',
    `authorization: ${auth.authorization}`,
    '-H',
    'content-type: text/csv',
    '--data-binary',
    `@${file}`,
    '-w',
    '\n%{http_code}',
    `${base}/v1/runs`,
  ]);
  let out = '';
  curl.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((resolve) => curl.once('exit', resolve));
  rmSync(file);
  const lines = out.trim().split('\n');
  const status = lines.at(-1) ?? '';
  if (status === '000' || status === '') return 'no answer';
  const code = /"code":"([A-Z_]+)"/u.exec(lines.slice(0, -1).join('\n'))?.[1] ?? '';
  return `${status} ${code}`;
}

async function answers(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/v1/runs`, { headers: auth })).status === 200;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = cli(
    ['serve', '--emulator', '--port', String(port), '--state-dir', mkdtempSync(join(tmpdir(), 'kyc-bombs-'))],
    {
      KYC_API_TOKENS: `bench:${createHash('sha256').update(TOKEN).digest('hex')}`,
      DATABASE_URL: database.url,
      REDIS_URL: '',
    },
  );
  const stderr = stderrOf(child);
  try {
    for (let i = 0; !(await answers(base)); i++) {
      if (i > 600 || child.exitCode !== null) throw new Error(`serve did not start: ${stderr()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const pid = child.pid ?? 0;
    await new Promise((r) => setTimeout(r, 3_000));
    const idle = memory(pid).rss;
    console.log(`serve idle: ${idle.toFixed(0)} MiB RSS (pid ${pid})`);
    console.log('bomb | file | answer | peak RSS over idle | serving after');
    for (const [name, build] of BOMBS) {
      const bytes = build();
      const answer = await upload(base, bytes);
      if (answer.startsWith('no answer')) console.log(`serve said: ${stderr().slice(-400)}`);
      const serving = await answers(base);
      if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode}: ${stderr()}`);
      const peak = memory(pid).peak;
      console.log(
        `${name} | ${(bytes.length / 1024).toFixed(0)} KiB | ${answer} | ` +
          `${(peak - idle).toFixed(0)} MiB (peak ${peak.toFixed(0)}) | ${serving ? 'yes' : 'NO'}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    await database.drop();
  }
}

await main();
