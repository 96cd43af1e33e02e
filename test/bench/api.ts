/**
 * HTTP API benchmarks (`npm run bench:api`): what a client of `kyc-screen serve` notices. Real processes as
 * in production: redis-server, `kyc-screen emulator` (no added latency, its token bucket at the quota) and
 * `kyc-screen serve` with its workers.
 *
 *   npm run bench:api                                  both figures, default sizes
 *   npm run bench:api -- --only latency --n 200 --rate 100 --burst 10 --batch-rows 100000
 *   npm run bench:api -- --only latency --rate 20 --beside none,high --batch-rows 120,2000
 *   npm run bench:api -- --only upload --big 1000000 --bigger 2000000
 *
 * Prints a table and writes test/bench/results/api.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/version.js';
import { runStatus, screenOne, startServe, uploadFile, type BenchServe } from './lib/api-server.js';
import { uploadFigures } from './lib/upload-memory.js';
import { writeClientsFile } from './lib/clients-file.js';
import { startEmulator, startRedis, type BenchEmulator } from './lib/processes.js';
import { benchFlag, reportFigures, type Figure } from './lib/figures.js';

const root = packageRoot();
const args = process.argv.slice(2);
const flag = (name: string): string | undefined => benchFlag(name, args);
const only = new Set((flag('only') ?? 'latency,upload').split(','));
const N = Number(flag('n') ?? 120);
const RATE = Number(flag('rate') ?? 100);
// A gateway's small burst (a tenth of the rate) is the common case and the strict one.
const BURST = Number(flag('burst') ?? Math.max(1, RATE / 10));
// What the screens are measured beside: nothing (`none`), and a run of each priority with each size
// (`--beside none,normal,high --batch-rows 120,2000`).
const BESIDE = (flag('beside') ?? 'none,normal,high').split(',');
const BATCH_ROWS = (flag('batch-rows') ?? '100000').split(',').map(Number);
const BIG = Number(flag('big') ?? 1_000_000);
const BIGGER = Number(flag('bigger') ?? 2 * BIG);
const work = mkdtempSync(join(tmpdir(), 'kyc-bench-api-'));
const round = (n: number, d = 3) => Number(n.toFixed(d));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Planted {
  planted: {
    client: { name: string; birthDate?: string; inn?: string; entityType: string };
    expect: { verdict: string };
  }[];
  cleanIdentifiers: { inn10: string[]; inn12: string[] };
}

/**
 * Clients whose verdict is known: the emulator's planted HITs, and CLEAR ones (its planted CLEAR and
 * clients with the surnames and identifiers no register record uses), alternating.
 */
function knownClients(): { client: Record<string, string>; expected: string }[] {
  const planted = JSON.parse(
    readFileSync(join(root, 'packages/lookup-emulator/data/planted.json'), 'utf8'),
  ) as Planted;
  const asBody = (c: Planted['planted'][number]['client']) => ({
    full_name: c.name,
    entity_type: c.entityType,
    ...(c.birthDate ? { birth_date: c.birthDate } : {}),
    ...(c.inn ? { inn: c.inn } : {}),
  });
  const hits = planted.planted.filter((p) => p.expect.verdict === 'HIT').map((p) => asBody(p.client));
  const { inn10, inn12 } = planted.cleanIdentifiers;
  const clears = [
    ...planted.planted.filter((p) => p.expect.verdict === 'CLEAR').map((p) => asBody(p.client)),
    { full_name: 'Белоусов Павел Ильич', entity_type: 'person', inn: inn12[0] ?? '' },
    { full_name: 'Воронцова Мария Олеговна', entity_type: 'person', inn: inn12[1] ?? '' },
    { full_name: 'ООО «Лазурит»', entity_type: 'organization', inn: inn10[0] ?? '' },
  ];
  return Array.from({ length: N }, (_, i) => {
    const expected = i % 2 === 0 ? 'HIT' : 'CLEAR';
    const list = expected === 'HIT' ? hits : clears;
    const client = list[Math.floor(i / 2) % list.length] ?? {};
    return { client: { client_id: `BENCH-${i + 1}`, ...client }, expected };
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface Latencies {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly wrong: number;
  readonly notDone: number;
}

/**
 * Up to N sequential POST /v1/screen of known clients, while `goOn` holds before each: latency percentiles
 * and answers that were not as known.
 */
async function screenSequentially(
  base: string,
  goOn: () => Promise<boolean> = async () => true,
): Promise<Latencies> {
  const seconds: number[] = [];
  let wrong = 0;
  let notDone = 0;
  for (const { client, expected } of knownClients()) {
    if (!(await goOn())) break;
    const answer = await screenOne(base, client);
    seconds.push(answer.seconds);
    if (answer.status !== 200) notDone++;
    else if (answer.verdict !== expected) wrong++;
  }
  seconds.sort((a, b) => a - b);
  return {
    count: seconds.length,
    p50: percentile(seconds, 50),
    p99: percentile(seconds, 99),
    max: seconds.at(-1) ?? NaN,
    wrong,
    notDone,
  };
}

/** Successful calls per second the emulator answered over the last `seconds`. */
async function callRate(emulator: BenchEmulator, seconds: number): Promise<number> {
  const ok = async () => (await emulator.stats()).byStatus['200'] ?? 0;
  const before = await ok();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return ((await ok()) - before) / seconds;
}

const running = (status: string) => status === 'queued' || status === 'running';

/** Waits until the batch writes rows and the upstream calls run at 90 % of the quota or more. */
async function untilFullRate(serve: BenchServe, emulator: BenchEmulator, runId: string): Promise<number> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const rate = await callRate(emulator, 3);
    const run = await runStatus(serve.base, runId);
    if (run.progress.rows_written > 0 && rate >= 0.9 * RATE) return rate;
    if (!running(run.status)) throw new Error(`the batch ended (${run.status}) before it reached full rate`);
    if (Date.now() > deadline) throw new Error(`the batch did not reach full rate (${rate}/s)`);
  }
}

const ms = (s: number) => Math.round(s * 1000);

const detail = (l: Latencies) => ({
  screens: l.count,
  p50_ms: ms(l.p50),
  p99_ms: ms(l.p99),
  max_ms: ms(l.max),
  answers_not_200: l.notDone,
  verdicts_not_as_planted: l.wrong,
});

const conditions = () =>
  `sequential planted HIT and CLEAR clients, quota R = ${RATE}/s, bucket ${BURST}, emulator latency 0`;

/** redis-server, the emulator at the quota and `serve` with its workers, for one measurement. */
async function withServe<T>(
  name: string,
  measure: (serve: BenchServe, emulator: BenchEmulator) => Promise<T>,
) {
  const redis = await startRedis();
  const emulator = await startEmulator(['--rate', String(RATE), '--burst', String(BURST)]);
  const serve = await startServe(['--state-dir', join(work, `${name}-state`), '--rate', String(RATE)], {
    REDIS_URL: redis.url,
    KYC_API_URL: emulator.url,
  });
  try {
    return await measure(serve, emulator);
  } finally {
    // A batch left unfinished: stopping the server hands it back, and its Redis is thrown away.
    await serve.stop();
    await emulator.stop();
    await redis.stop();
  }
}

/** POST /v1/screen latency with nothing else running: the baseline. */
function idleLatency(): Promise<Figure> {
  return withServe('idle', async (serve) => {
    process.stderr.write(`bench: ${N} screens, no batch…\n`);
    const idle = await screenSequentially(serve.base);
    return {
      figure: `POST /v1/screen p99, no batch running (${N} ${conditions()})`,
      value: round(idle.p99, 3),
      target: '< 1 s',
      met: idle.p99 < 1 && idle.notDone === 0,
      detail: { ...detail(idle), load_avg: load() },
    };
  });
}

/**
 * POST /v1/screen latency while a run of `rows` rows, uploaded through the API at `priority`, uses the whole
 * quota on the same Redis and workers: up to N screens, as many as start before the run ends.
 */
async function besideLatency(priority: string, rows: number): Promise<Figure> {
  const batchFile = join(work, `batch-${rows}.csv`);
  await writeClientsFile(batchFile, { rows, seed: rows });
  return withServe(`${priority}-${rows}`, async (serve, emulator) => {
    const loadBefore = load();
    process.stderr.write(`bench: ${rows} rows ${priority} batch, until at full rate…\n`);
    const batchId = await uploadFile(serve.base, batchFile, priority);
    const before = await untilFullRate(serve, emulator, batchId);
    const startRows = (await runStatus(serve.base, batchId)).progress.rows_written;
    const startOk = (await emulator.stats()).byStatus['200'] ?? 0;
    const startedAt = performance.now();
    process.stderr.write(`bench: screens beside the batch (${before.toFixed(1)} calls/s)…\n`);
    const busy = await screenSequentially(serve.base, async () =>
      running((await runStatus(serve.base, batchId)).status),
    );
    const elapsed = (performance.now() - startedAt) / 1000;
    const stats = await emulator.stats();
    const during = ((stats.byStatus['200'] ?? 0) - startOk) / elapsed;
    const batch = await runStatus(serve.base, batchId);
    return {
      figure: `POST /v1/screen p99 beside a ${rows.toLocaleString('en')}-row ${priority}-priority run at the quota (${busy.count} ${conditions()})`,
      value: round(busy.p99, 3),
      target: '< 1 s',
      met: busy.p99 < 1 && busy.notDone === 0,
      detail: {
        ...detail(busy),
        upstream_calls_per_s_before: round(before, 1),
        upstream_calls_per_s_during: round(during, 1),
        batch_rows_written_during: batch.progress.rows_written - startRows,
        batch_status_after: batch.status,
        responses_429: stats.byStatus['429'] ?? 0,
        load_avg_before: loadBefore,
        load_avg_after: load(),
      },
    };
  });
}

execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
const loadAtStart = load();
const figures: Figure[] = [];
const report = (measured: Figure[]) => {
  // Each figure as soon as it is measured, so that an interrupted run keeps what it had.
  for (const f of measured) process.stderr.write(`bench: ${JSON.stringify(f)}\n`);
  figures.push(...measured);
};
if (only.has('latency')) {
  if (BESIDE.includes('none')) report([await idleLatency()]);
  for (const rows of BATCH_ROWS)
    for (const priority of BESIDE.filter((p) => p !== 'none')) report([await besideLatency(priority, rows)]);
}
if (only.has('upload')) report(await uploadFigures(work, BIG, BIGGER));

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.versions.node}, load ${loadAtStart} at start, ${load()} at end`;
reportFigures(root, 'api', 'kyc-screen API benchmarks', machine, figures);
