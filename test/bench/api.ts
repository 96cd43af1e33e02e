/**
 * HTTP API benchmarks (`npm run bench:api`): what a client of `kyc-screen serve` notices. Real processes as
 * in production: redis-server, `kyc-screen emulator` (no added latency, its token bucket at the quota) and
 * `kyc-screen serve` with its workers.
 *
 *   npm run bench:api                                  both figures, default sizes
 *   npm run bench:api -- --only latency --n 200 --rate 100 --burst 10 --batch-rows 100000
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
const BATCH_ROWS = Number(flag('batch-rows') ?? 100_000);
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
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly wrong: number;
  readonly notDone: number;
}

/** N sequential POST /v1/screen of known clients: latency percentiles and answers that were not as known. */
async function screenSequentially(base: string): Promise<Latencies> {
  const seconds: number[] = [];
  let wrong = 0;
  let notDone = 0;
  for (const { client, expected } of knownClients()) {
    const answer = await screenOne(base, client);
    seconds.push(answer.seconds);
    if (answer.status !== 200) notDone++;
    else if (answer.verdict !== expected) wrong++;
  }
  seconds.sort((a, b) => a - b);
  return {
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

/** Waits until the batch writes rows and the upstream calls run at 90 % of the quota or more. */
async function untilFullRate(serve: BenchServe, emulator: BenchEmulator, runId: string): Promise<number> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const rate = await callRate(emulator, 3);
    const run = await runStatus(serve.base, runId);
    if (run.progress.rows_written > 0 && rate >= 0.9 * RATE) return rate;
    if (Date.now() > deadline) throw new Error(`the batch did not reach full rate (${rate}/s)`);
  }
}

const ms = (s: number) => Math.round(s * 1000);

/**
 * POST /v1/screen latency with no batch (the baseline), then while a nightly run of BATCH_ROWS rows,
 * uploaded through the API at normal priority, uses the whole quota on the same Redis and workers.
 */
async function latency(): Promise<Figure[]> {
  const batchFile = join(work, `batch-${BATCH_ROWS}.csv`);
  await writeClientsFile(batchFile, { rows: BATCH_ROWS, seed: BATCH_ROWS });
  const redis = await startRedis();
  const emulator = await startEmulator(['--rate', String(RATE), '--burst', String(BURST)]);
  const serve = await startServe(['--state-dir', join(work, 'latency-state'), '--rate', String(RATE)], {
    REDIS_URL: redis.url,
    KYC_API_URL: emulator.url,
  });
  try {
    process.stderr.write(`bench: ${N} screens, no batch…\n`);
    const idle = await screenSequentially(serve.base);
    process.stderr.write(`bench: no batch: ${JSON.stringify(idle)}\n`);
    process.stderr.write(`bench: ${BATCH_ROWS} rows batch, until at full rate…\n`);
    const batchId = await uploadFile(serve.base, batchFile, 'normal');
    const before = await untilFullRate(serve, emulator, batchId);
    const startRows = (await runStatus(serve.base, batchId)).progress.rows_written;
    const startOk = (await emulator.stats()).byStatus['200'] ?? 0;
    const startedAt = performance.now();
    process.stderr.write(`bench: ${N} screens beside the batch (${before.toFixed(1)} calls/s)…\n`);
    const busy = await screenSequentially(serve.base);
    const elapsed = (performance.now() - startedAt) / 1000;
    const stats = await emulator.stats();
    const during = ((stats.byStatus['200'] ?? 0) - startOk) / elapsed;
    const batchRows = (await runStatus(serve.base, batchId)).progress.rows_written - startRows;
    const conditions = `${N} sequential planted HIT and CLEAR clients, quota R = ${RATE}/s, bucket ${BURST}, emulator latency 0`;
    const detail = (l: Latencies) => ({
      p50_ms: ms(l.p50),
      p99_ms: ms(l.p99),
      max_ms: ms(l.max),
      answers_not_200: l.notDone,
      verdicts_not_as_planted: l.wrong,
    });
    return [
      {
        figure: `POST /v1/screen p99, no batch running (${conditions})`,
        value: round(idle.p99, 3),
        target: '< 1 s',
        met: idle.p99 < 1 && idle.notDone === 0,
        detail: detail(idle),
      },
      {
        figure: `POST /v1/screen p99 while a ${BATCH_ROWS.toLocaleString('en')}-row normal-priority run uses the quota (${conditions})`,
        value: round(busy.p99, 3),
        target: '< 1 s',
        met: busy.p99 < 1 && busy.notDone === 0,
        detail: {
          ...detail(busy),
          upstream_calls_per_s_before: round(before, 1),
          upstream_calls_per_s_during: round(during, 1),
          batch_rows_written_during: batchRows,
          responses_429: stats.byStatus['429'] ?? 0,
        },
      },
    ];
  } finally {
    // The batch is left unfinished: stopping the server hands it back, and its Redis is thrown away.
    await serve.stop();
    await emulator.stop();
    await redis.stop();
  }
}

execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
const loadAtStart = load();
const figures: Figure[] = [];
const report = (measured: Figure[]) => {
  // Each figure as soon as it is measured, so that an interrupted run keeps what it had.
  for (const f of measured) process.stderr.write(`bench: ${JSON.stringify(f)}\n`);
  figures.push(...measured);
};
if (only.has('latency')) report(await latency());
if (only.has('upload')) report(await uploadFigures(work, BIG, BIGGER));

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.versions.node}, load ${loadAtStart} at start, ${load()} at end`;
reportFigures(root, 'api', 'kyc-screen API benchmarks', machine, figures);
