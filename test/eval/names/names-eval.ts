/**
 * `npm run eval:names`: the end-to-end names evaluation. Screens the generated bank export with the built
 * product against an independent Lookup Service in each search mode and prints recall, precision, exact-HIT
 * rate and INCOMPLETE rows per phenomenon (docs/testing.md).
 *
 *   --mode loose|whole-word|both   search behaviour of the service (default both)
 *   --page-size N                  the service cuts every answer at N records (default 50)
 *   --rate N                       the run's --rate (default 500)
 *   --slice N                      screen about N clients, every phenomenon represented (default: all)
 *   --only persons|organizations   screen only the clients of that kind
 *   --seed N                       the generator's seed
 *   --out FILE                     JSON figures (default out/names-eval/figures.json)
 *   --no-build                     skip `npm run build`
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateDataset, type EvalClient } from './dataset.js';
import { computeFigures, table, type RunFigures } from './metrics.js';
import { REPO, screen } from './screen.js';
import type { SearchMode } from './server.js';

/** About `n` clients: every (phenomenon, listed) group keeps its share, and at least one row. */
export function sliceClients(clients: readonly EvalClient[], n: number): EvalClient[] {
  if (n >= clients.length) return [...clients];
  const groups = new Map<string, EvalClient[]>();
  for (const c of clients) {
    const key = `${c.phenomenon}/${c.listed}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const share = n / clients.length;
  return [...groups.values()].flatMap((g) => g.slice(0, Math.max(1, Math.round(g.length * share))));
}

export interface EvalOptions {
  readonly modes: readonly SearchMode[];
  readonly pageSize: number;
  readonly rate: number;
  readonly slice?: number;
  readonly only?: 'persons' | 'organizations';
  readonly seed?: number;
  readonly workDir: string;
  readonly cli?: 'dist' | 'source';
}

export interface ModeResult {
  readonly mode: SearchMode;
  readonly pageSize: number;
  readonly exitCode: number | null;
  readonly requests: number;
  readonly seconds: number;
  readonly figures: RunFigures;
}

export async function runNamesEval(options: EvalOptions): Promise<ModeResult[]> {
  const data = generateDataset(options.seed);
  const kind =
    options.only === undefined
      ? data.clients
      : data.clients.filter((c) => (c.type === 'ЮЛ') === (options.only === 'organizations'));
  const clients = options.slice === undefined ? kind : sliceClients(kind, options.slice);
  const results: ModeResult[] = [];
  for (const mode of options.modes) {
    const r = await screen(data, clients, {
      mode,
      pageSize: options.pageSize,
      rate: options.rate,
      workDir: join(options.workDir, `${mode}-page${options.pageSize}`),
      ...(options.cli !== undefined ? { cli: options.cli } : {}),
    });
    if (r.verdicts.size === 0)
      throw new Error(`the run wrote no verdicts (exit ${r.exitCode}):\n${r.stderrTail}`);
    results.push({
      mode,
      pageSize: options.pageSize,
      exitCode: r.exitCode,
      requests: r.requests,
      seconds: r.seconds,
      figures: computeFigures(clients, r.verdicts),
    });
  }
  return results;
}

function args(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) out[a.slice(2)] = 'true';
    else {
      out[a.slice(2)] = next;
      i++;
    }
  }
  return out;
}

async function main(): Promise<void> {
  const a = args(process.argv.slice(2));
  const mode = a.mode ?? 'both';
  if (!['loose', 'whole-word', 'both'].includes(mode)) throw new Error('--mode loose|whole-word|both');
  const modes: SearchMode[] = mode === 'both' ? ['loose', 'whole-word'] : [mode as SearchMode];
  const out = a.out ?? join(REPO, 'out', 'names-eval', 'figures.json');
  if (a['no-build'] === undefined)
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: REPO, stdio: 'inherit' });
  const results = await runNamesEval({
    modes,
    pageSize: Number(a['page-size'] ?? 50),
    rate: Number(a.rate ?? 500),
    ...(a.slice !== undefined ? { slice: Number(a.slice) } : {}),
    ...(a.seed !== undefined ? { seed: Number(a.seed) } : {}),
    ...(a.only === 'persons' || a.only === 'organizations' ? { only: a.only } : {}),
    workDir: join(dirname(out), 'runs'),
  });
  for (const r of results) {
    console.log(
      table(
        `\n${r.mode}, page size ${r.pageSize}: exit ${r.exitCode}, ${r.requests} requests, ${r.seconds.toFixed(0)} s`,
        r.figures,
      ),
    );
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  console.log(`\nfigures → ${out}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
