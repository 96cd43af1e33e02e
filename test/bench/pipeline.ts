/**
 * Pipeline benchmarks (`npm run bench`): the figures users of a nightly rescreening compare tools on.
 * Every scenario runs real processes (redis-server, `kyc-screen emulator`, `kyc-screen run|worker`) on
 * this machine and every ratio is taken within one run, side by side, because the machine is shared.
 *
 *   npm run bench                       all scenarios, default sizes
 *   npm run bench -- --only quota,calls  some of them
 *   npm run bench -- --big 1000000       the large file of the memory figure (default 1,000,000)
 *   npm run bench:memory -- --memory-max-age debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d
 *     --small 5000 --big 50000          the memory figure with the answer store in use (results in
 *                                       pipeline-memory-store.json), its small file (default 10,000)
 *   npm run bench:quota -- --quota-clients 2000 --quota-rates 100,200 --quota-bursts 1,0.1
 *     --quota-loads idle,busy           the quota figures' cases (bursts as shares of the rate)
 *   npm run bench:quota -- --strict 10:1,100:10 --strict-clients 300 --quota-gateways emulator,strict
 *                                       the strict gateway's cases (rate:burst, an independent bucket)
 *   npm run bench:overhead -- --clients 20000                            size of the overhead figures
 *
 * Prints a table and writes test/bench/results/pipeline.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/version.js';
import { writeClientsFile } from './lib/clients-file.js';
import {
  cpuSecondsOf,
  runCli,
  startCli,
  startEmulator,
  startRedis,
  watchCpu,
  watchPeak,
  type BenchEmulator,
} from './lib/processes.js';
import { benchFlag, reportFigures, type Figure } from './lib/figures.js';
import { strictBucket } from '../helpers/strict-bucket.js';
import { busyCore } from './lib/busy-core.js';
import { Redis } from 'ioredis';
import { answerKeyPattern, purgeAnswers } from '../../src/answers/answer-store.js';

const root = packageRoot();
const args = process.argv.slice(2);
const flag = (name: string): string | undefined => benchFlag(name, args);
const only = new Set((flag('only') ?? 'quota,overhead,calls,memory,onboarding').split(','));
const BIG = Number(flag('big') ?? 1_000_000);
const SMALL = Number(flag('small') ?? 10_000);
/** A max-age policy for the memory figure's runs: the answer store in use (KYC_MAX_AGE). */
const MEMORY_MAX_AGE = flag('memory-max-age');
const work = mkdtempSync(join(tmpdir(), 'kyc-bench-'));
const round = (n: number, d = 3) => Number(n.toFixed(d));

interface Manifest {
  started_at: string;
  finished_at: string;
  verdicts: Record<string, number>;
  rows: { total: number; clients: number };
  upstream: { calls: number; calls_per_client: number; rate_limited_429: number; cache_hits: number };
}

async function clientsFile(name: string, rows: number, repeatShare = 0): Promise<string> {
  const path = join(work, `${name}.csv`);
  await writeClientsFile(path, { rows, repeatShare, seed: rows + Math.round(repeatShare * 100) });
  return path;
}

function manifestOf(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
}

function runSeconds(m: Manifest): number {
  return (Date.parse(m.finished_at) - Date.parse(m.started_at)) / 1000;
}

/**
 * Successful screening calls: every 200 but the dictionary route, which only the one-call preflight uses
 * before the pipeline starts (its time to the first screening call is start-up, not pacing).
 */
function screeningCalls(byRoute: Record<string, number>): number {
  let ok = 0;
  for (const [key, n] of Object.entries(byRoute))
    if (key.endsWith(' 200') && !key.startsWith('/reg2/dictionary')) ok += n;
  return ok;
}

/** Emulator request counts sampled over time: the rate of successful calls while calls were flowing. */
function sampleCalls(emulator: BenchEmulator, everyMs = 50) {
  const samples: { t: number; ok: number; limited: number }[] = [];
  const timer = setInterval(() => {
    void emulator.stats().then((s) =>
      samples.push({
        t: performance.now(),
        ok: screeningCalls(s.byRoute),
        limited: s.byStatus['429'] ?? 0,
      }),
    );
  }, everyMs);
  /** When the count of successful calls passed `n`, interpolated between the samples around it. */
  const timeAt = (n: number): number | undefined => {
    const after = samples.findIndex((s) => s.ok >= n);
    const a = samples[after - 1];
    const b = samples[after];
    if (!b) return undefined;
    if (!a || b.ok === a.ok) return b.t;
    return a.t + ((n - a.ok) / (b.ok - a.ok)) * (b.t - a.t);
  };
  return {
    /**
     * Successful screening calls per second over the whole run, from the first screening call to the last,
     * and over the middle 90 % of them (the pacer alone, without the run's start and its last rows).
     */
    stop() {
      clearInterval(timer);
      const total = samples.at(-1)?.ok ?? 0;
      const from = timeAt(total * 0.05);
      const to = timeAt(total * 0.95);
      const first = timeAt(1);
      const last = timeAt(total);
      if (from === undefined || to === undefined || to <= from)
        return { okPerSecond: 0, wholeRunPerSecond: 0, ok: total, limited: 0, seconds: 0, timeline: [] };
      const wholeRunPerSecond =
        first !== undefined && last !== undefined && last > first ? (total - 1) / ((last - first) / 1000) : 0;
      // Successful calls in each second from the first one: where a run's start and tail lose the quota.
      const t0 = first ?? samples[0]?.t ?? 0;
      const timeline: number[] = [];
      for (let second = 1; ; second++) {
        const at = samples.findLast((s) => s.t <= t0 + second * 1000);
        const before = samples.findLast((s) => s.t <= t0 + (second - 1) * 1000);
        if (!at || (at.ok >= total && (before?.ok ?? 0) >= total)) break;
        timeline.push(at.ok - (before?.ok ?? 0));
      }
      return {
        wholeRunPerSecond,
        timeline,
        okPerSecond: (total * 0.9) / ((to - from) / 1000),
        ok: total,
        limited: samples.at(-1)?.limited ?? 0,
        seconds: (to - from) / 1000,
      };
    },
  };
}

interface QuotaCase {
  readonly rate: number;
  readonly burst: number;
  readonly busy: boolean;
}

/**
 * Quota use against the emulator's token bucket: successful screening calls per second ÷ R from the run's
 * first screening call to its last (the whole run; the middle 90 % of the calls is a detail), and 429s as a
 * share of all calls. The pipeline is not told the bucket's size (default upstream profile: it
 * assumes a tenth of the rate), so the same pipeline meets a one-second burst and a gateway's small one.
 */
async function quotaCase(
  file: string,
  clients: number,
  { rate: R, burst, busy }: QuotaCase,
): Promise<Figure> {
  const redis = await startRedis();
  const emulator = await startEmulator(['--rate', String(R), '--burst', String(burst)]);
  const load = busy ? busyCore() : undefined;
  const sampler = sampleCalls(emulator);
  const out = join(work, `quota-${R}-${burst}-${busy ? 'busy' : 'idle'}`);
  const extra = flag('run-args')?.split(' ').filter(Boolean) ?? [];
  const result = await runCli(
    ['run', file, '--rate', String(R), '--out-dir', out, '--no-progress', ...extra],
    { REDIS_URL: redis.url, KYC_API_URL: emulator.url },
  );
  const calls = sampler.stop();
  await load?.stop();
  const stats = await emulator.stats();
  await emulator.stop();
  await redis.stop();
  if (result.code !== 0) throw new Error(`quota run failed: ${result.stderr}`);
  const use = calls.wholeRunPerSecond / R;
  const share429 = (stats.byStatus['429'] ?? 0) / Math.max(1, stats.total);
  const burstText =
    burst === R ? 'R (1 s)' : `R/${Math.round(R / burst)} (${Math.round((burst / R) * 1000)} ms)`;
  return {
    figure: `quota use (R = ${R}/s, burst ${burstText}, ${busy ? 'one core kept busy' : 'idle'}, ${clients.toLocaleString('en')} clients)`,
    value: round(use),
    target: '>= 0.98, 429s <= 0.1 %',
    met: use >= 0.98 && share429 <= 0.001,
    detail: {
      successful_calls_per_s: round(calls.wholeRunPerSecond, 1),
      middle_90_percent_use: round(calls.okPerSecond / R),
      calls_per_second_from_first: calls.timeline.join(' '),
      middle_90_percent_window_s: round(calls.seconds, 1),
      calls_200: stats.byStatus['200'] ?? 0,
      responses_429: stats.byStatus['429'] ?? 0,
      share_429_percent: round(share429 * 100, 3),
      bucket_size: burst,
      other_load: busy ? 'busy-loop process on one core' : 'none started by the benchmark',
    },
  };
}

/**
 * Quota use against a strict gateway: an independent token bucket in front of an unlimited emulator
 * (test/helpers/strict-bucket.ts; burst 1 is nginx's `limit_req` without `burst`), whole-second Retry-After.
 * The pipeline is told nothing of the bucket (the default upstream profile).
 */
async function strictCase(
  file: string,
  clients: number,
  { rate: R, burst, busy }: QuotaCase,
): Promise<Figure> {
  const redis = await startRedis();
  const emulator = await startEmulator();
  const gateway = await strictBucket(emulator.url, { rate: R, burst });
  const load = busy ? busyCore() : undefined;
  const sampler = sampleCalls(emulator);
  const out = join(work, `strict-${R}-${burst}-${busy ? 'busy' : 'idle'}`);
  const extra = flag('run-args')?.split(' ').filter(Boolean) ?? [];
  const result = await runCli(
    ['run', file, '--rate', String(R), '--out-dir', out, '--no-progress', ...extra],
    { REDIS_URL: redis.url, KYC_API_URL: gateway.url },
  );
  const calls = sampler.stop();
  await load?.stop();
  const seen = gateway.counts();
  await gateway.close();
  await emulator.stop();
  await redis.stop();
  if (result.code !== 0) throw new Error(`strict quota run failed: ${result.stderr}`);
  const use = calls.wholeRunPerSecond / R;
  const share429 = seen.limited / Math.max(1, seen.total);
  const incomplete = manifestOf(out).verdicts.INCOMPLETE ?? 0;
  return {
    figure: `quota use, strict gateway (R = ${R}/s, burst ${burst}, ${busy ? 'one core kept busy' : 'idle'}, ${clients.toLocaleString('en')} clients)`,
    value: round(use),
    target: `>= ${R <= 10 ? '0.97' : '0.98'}, 429s <= 0.5 %, no INCOMPLETE`,
    met: use >= (R <= 10 ? 0.97 : 0.98) && share429 <= 0.005 && incomplete === 0,
    detail: {
      gateway: `independent token bucket, ${burst} token(s), whole-second Retry-After`,
      successful_calls_per_s: round(calls.wholeRunPerSecond, 1),
      middle_90_percent_use: round(calls.okPerSecond / R),
      calls_per_second_from_first: calls.timeline.join(' '),
      requests_at_gateway: seen.total,
      responses_429: seen.limited,
      share_429_percent: round(share429 * 100, 3),
      incomplete_rows: incomplete,
      other_load: busy ? 'busy-loop process on one core' : 'none started by the benchmark',
    },
  };
}

/** The strict gateway's cases (`--strict rate:burst,…`), idle and beside a busy core. */
async function strictQuota(): Promise<Figure[]> {
  const clients = Number(flag('strict-clients') ?? 300);
  const cases = (flag('strict') ?? '10:1,100:10').split(',').map((pair) => pair.split(':').map(Number));
  const loads = (flag('quota-loads') ?? 'idle,busy').split(',');
  const file = await clientsFile('strict', clients);
  const figures: Figure[] = [];
  for (const [rate = 10, burst = 1] of cases)
    for (const busy of loads.map((load) => load === 'busy')) {
      process.stderr.write(`bench: strict gateway R = ${rate}, burst ${burst}, ${busy ? 'busy' : 'idle'}…\n`);
      figures.push(await strictCase(file, clients, { rate, burst, busy }));
    }
  return figures;
}

/** Both rates, both bucket sizes (one second, a gateway's tenth of a second), idle and beside a busy core. */
async function quota(): Promise<Figure[]> {
  const gateways = (flag('quota-gateways') ?? 'emulator,strict').split(',');
  return [
    ...(gateways.includes('emulator') ? await emulatorQuota() : []),
    ...(gateways.includes('strict') ? await strictQuota() : []),
  ];
}

async function emulatorQuota(): Promise<Figure[]> {
  const clients = Number(flag('quota-clients') ?? 2_000);
  const rates = (flag('quota-rates') ?? '100,200').split(',').map(Number);
  const bursts = (flag('quota-bursts') ?? '1,0.1').split(',').map(Number);
  const loads = (flag('quota-loads') ?? 'idle,busy').split(',');
  const file = await clientsFile('quota', clients);
  const figures: Figure[] = [];
  for (const rate of rates) {
    for (const burst of bursts.map((share) => Math.max(1, Math.round(rate * share)))) {
      for (const busy of loads.map((load) => load === 'busy')) {
        process.stderr.write(`bench: quota R = ${rate}, burst ${burst}, ${busy ? 'busy' : 'idle'}…\n`);
        figures.push(await quotaCase(file, clients, { rate, burst, busy }));
      }
    }
  }
  return figures;
}

/** Runs a bench script of test/bench/lib to its end; its JSON line, and the CPU seconds it used. */
function benchScript(
  script: string,
  args: string[],
): Promise<{ clientsPerSecond: number; cpuSeconds: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'test/bench/lib', script), ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const cpu = watchCpu(child.pid ?? 0);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      cpu.stop();
      if (code !== 0) reject(new Error(`${script} exited ${code}`));
      else {
        const { clientsPerSecond } = JSON.parse(out) as { clientsPerSecond: number };
        resolve({ clientsPerSecond, cpuSeconds: cpu.max() });
      }
    });
  });
}

interface Measured {
  readonly clientsPerSecond: number;
  /** CPU milliseconds per client of the screening process, Redis and the emulator. */
  readonly cpu: { readonly node: number; readonly redis: number; readonly emulator: number };
}

/** One contestant of the overhead figure on a fresh Redis, with the CPU each process spent on it. */
async function measure(
  clients: number,
  emulator: BenchEmulator,
  body: (redisUrl: string) => Promise<{ clientsPerSecond: number; cpuSeconds: number }>,
): Promise<Measured> {
  const redis = await startRedis();
  const redis0 = await redis.cpuSeconds();
  const emulator0 = cpuSecondsOf(emulator.child.pid ?? 0);
  const { clientsPerSecond, cpuSeconds } = await body(redis.url);
  const redisSeconds = (await redis.cpuSeconds()) - redis0;
  const emulatorSeconds = cpuSecondsOf(emulator.child.pid ?? 0) - emulator0;
  await redis.stop();
  const perClient = (s: number) => round((s / clients) * 1000, 3);
  return {
    clientsPerSecond,
    cpu: {
      node: perClient(cpuSeconds),
      redis: perClient(redisSeconds),
      emulator: perClient(emulatorSeconds),
    },
  };
}

function cpuText({ cpu }: Measured): string {
  const total = round(cpu.node + cpu.redis + cpu.emulator, 2);
  return `${total} = node ${cpu.node} + redis ${cpu.redis} + emulator ${cpu.emulator}`;
}

async function pipelineWithWorkers(file: string, emulatorUrl: string, workers: number): Promise<number> {
  const redis = await startRedis();
  const env = { REDIS_URL: redis.url, KYC_API_URL: emulatorUrl };
  const hosts = Array.from({ length: workers }, () => startCli(['worker', '--rate', '1000000'], env));
  const out = join(work, `overhead-${workers}w`);
  const result = await runCli(['run', file, '--no-workers', '--out-dir', out, '--no-progress'], env);
  await Promise.all(hosts.map((h) => h.stop()));
  await redis.stop();
  if (result.code !== 0) throw new Error(`run with ${workers} workers failed: ${result.stderr}`);
  const m = manifestOf(out);
  return m.rows.total / runSeconds(m);
}

/**
 * What the queues cost: the pipeline's CPU per client against the sum of a bare BullMQ baseline (one
 * parent + four no-op children per client) and the pipeline's own work with no queue at all
 * (test/bench/lib/own-work.ts), all three in the same run. And whether the machine keeps up with the
 * quota: unthrottled clients/s against the clients/s a quota of R calls/s allows (R ÷ calls per client).
 */
async function overhead(): Promise<Figure[]> {
  const clients = Number(flag('clients') ?? 20_000);
  const file = await clientsFile('overhead', clients);
  const emulator = await startEmulator();
  const base = await measure(clients, emulator, (url) =>
    benchScript('bullmq-baseline.ts', [url, String(clients)]),
  );
  let callsPerClient = 0;
  const pipeline = await measure(clients, emulator, async (url) => {
    const out = join(work, 'overhead-inprocess');
    const result = await runCli(['run', file, '--rate', '1000000', '--out-dir', out, '--no-progress'], {
      REDIS_URL: url,
      KYC_API_URL: emulator.url,
    });
    if (result.code !== 0) throw new Error(`overhead run failed: ${result.stderr}`);
    const m = manifestOf(out);
    callsPerClient = m.upstream.calls_per_client;
    return { clientsPerSecond: m.rows.total / runSeconds(m), cpuSeconds: result.cpuSeconds };
  });
  const own = await measure(clients, emulator, (url) =>
    benchScript('own-work.ts', [url, emulator.url, file]),
  );
  const one = await pipelineWithWorkers(file, emulator.url, 1);
  const two = await pipelineWithWorkers(file, emulator.url, 2);
  await emulator.stop();
  const total = ({ cpu }: Measured) => cpu.node + cpu.redis + cpu.emulator;
  const cpuRatio = total(pipeline) / (total(base) + total(own));
  // The client rate a quota of R calls/s allows is R ÷ calls per client; the pipeline unthrottled should
  // run well above it, so that the quota and not the machine sets the pace of a real run.
  const R = 200;
  const allowed = R / Math.max(callsPerClient, Number.EPSILON);
  const headroom = pipeline.clientsPerSecond / allowed;
  const conditions = `${clients.toLocaleString('en')} clients, unthrottled emulator, workers in the run's process`;
  return [
    {
      figure: `pipeline CPU ÷ (bare BullMQ + own work without queues) (${conditions})`,
      value: round(cpuRatio),
      target: '<= 1.1',
      met: cpuRatio <= 1.1,
      detail: {
        cpu_ms_per_client_pipeline: cpuText(pipeline),
        cpu_ms_per_client_bare_bullmq: cpuText(base),
        cpu_ms_per_client_own_work_without_queues: cpuText(own),
        pipeline_clients_per_s: round(pipeline.clientsPerSecond, 1),
        bare_bullmq_clients_per_s: round(base.clientsPerSecond, 1),
        own_work_without_queues_clients_per_s: round(own.clientsPerSecond, 1),
      },
    },
    {
      figure: `throughput ÷ client rate the quota allows at R = ${R}/s (${conditions})`,
      value: round(headroom, 2),
      target: '>= 3',
      met: headroom >= 3,
      detail: {
        pipeline_clients_per_s: round(pipeline.clientsPerSecond, 1),
        calls_per_client: callsPerClient,
        allowed_clients_per_s: round(allowed, 1),
      },
    },
    {
      figure: 'scale-out (1 → 2 worker processes)',
      value: round(two / one),
      target: 'reported',
      met: null,
      detail: { one_worker_clients_per_s: round(one, 1), two_workers_clients_per_s: round(two, 1) },
    },
  ];
}

async function callsPerClient(): Promise<Figure> {
  const file = await clientsFile('repeats', 5_000, 0.3);
  const redis = await startRedis();
  const emulator = await startEmulator();
  const out = join(work, 'calls');
  const result = await runCli(['run', file, '--rate', '1000000', '--out-dir', out, '--no-progress'], {
    REDIS_URL: redis.url,
    KYC_API_URL: emulator.url,
  });
  const stats = await emulator.stats();
  await emulator.stop();
  await redis.stop();
  if (result.code !== 0) throw new Error(`calls run failed: ${result.stderr}`);
  const m = manifestOf(out);
  // Every request that reached the service, from the evidence: none may appear twice.
  const seen = new Map<string, number>();
  for (const line of readFileSync(join(out, 'evidence.jsonl'), 'utf8').split('\n')) {
    if (!line) continue;
    const e = JSON.parse(line) as {
      checks: Record<
        string,
        { requests: { operation: string; params: Record<string, string>; cached?: boolean }[] }
      >;
    };
    for (const check of Object.values(e.checks)) {
      for (const r of check.requests) {
        if (r.cached) continue;
        const key = JSON.stringify([r.operation, Object.entries(r.params).sort()]);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
  }
  const duplicates = [...seen.values()].filter((n) => n > 1).length;
  // The preflight calls (the dictionary list, by `run` and by the coordinator) screen nobody and are not
  // among the manifest's calls.
  const preflights = stats.byRoute['/reg2/dictionary 200'] ?? 0;
  return {
    figure: 'calls per client (30 % repeated INN or name)',
    value: m.upstream.calls_per_client,
    target: '< 4, no duplicate request',
    met: m.upstream.calls_per_client < 4 && duplicates === 0 && stats.total - preflights === m.upstream.calls,
    detail: {
      calls: m.upstream.calls,
      emulator_requests: stats.total,
      preflight_calls: preflights,
      cache_hits: m.upstream.cache_hits,
      duplicate_requests: duplicates,
    },
  };
}

interface MemoryAt {
  readonly runMiB: number;
  readonly redisMiB: number;
  readonly redisPeakMiB: number;
  /** The answer store after the run (MEMORY USAGE of its keys), when the run kept answers. */
  readonly store?: { readonly answers: number; readonly MiB: number; readonly freedMiB: number };
}

/** used_memory of a Redis, MiB. */
async function usedMemoryMiB(client: Redis): Promise<number> {
  const info = await client.info('memory');
  return Number((/used_memory:(\d+)/.exec(info) ?? [])[1]) / 1048576;
}

/**
 * The answers kept after the run: how many, their MEMORY USAGE in all, and what `answers purge` frees of
 * used_memory (MEMORY USAGE leaves out Redis's own tables of keys and expiries, purge does not).
 */
async function storeMemory(url: string): Promise<{ answers: number; MiB: number; freedMiB: number }> {
  const client = new Redis(url);
  let answers = 0;
  let bytes = 0;
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', answerKeyPattern('{kyc}'), 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      answers++;
      bytes += (await client.memory('USAGE', key)) ?? 0;
    }
  } while (cursor !== '0');
  const before = await usedMemoryMiB(client);
  await purgeAnswers(client, '{kyc}');
  const freedMiB = before - (await usedMemoryMiB(client));
  await client.quit();
  return { answers, MiB: bytes / 1048576, freedMiB };
}

async function memoryAt(rows: number): Promise<MemoryAt> {
  const file = await clientsFile(`memory-${rows}`, rows);
  const redis = await startRedis();
  const redisWatch = watchPeak(redis.pid, 500);
  const emulator = await startEmulator();
  const out = join(work, `memory-${rows}`);
  const result = await runCli(['run', file, '--rate', '1000000', '--out-dir', out, '--no-progress'], {
    REDIS_URL: redis.url,
    KYC_API_URL: emulator.url,
    ...(MEMORY_MAX_AGE
      ? { KYC_MAX_AGE: MEMORY_MAX_AGE, KYC_ANSWERS_SECRET: 'bench-memory-answers-secret' }
      : {}),
  });
  redisWatch.stop();
  const redisPeakMiB = await redis.usedMemoryPeakMiB();
  const store = MEMORY_MAX_AGE ? await storeMemory(redis.url) : undefined;
  await emulator.stop();
  await redis.stop();
  if (result.code !== 0) throw new Error(`memory run (${rows}) failed: ${result.stderr}`);
  return { runMiB: result.peakMiB, redisMiB: redisWatch.max(), redisPeakMiB, ...(store ? { store } : {}) };
}

/**
 * With the store in use, Redis grows by the answers kept (by design: one entry per request, for its max
 * age); what must stay flat is the run process and the rest of Redis (its peak without the store).
 */
function storeDetail(small: MemoryAt, big: MemoryAt) {
  if (!small.store || !big.store) return { ratio: big.redisPeakMiB / small.redisPeakMiB, detail: {} };
  const rest = (m: MemoryAt) => m.redisPeakMiB - (m.store?.freedMiB ?? 0);
  const perAnswer = (big.store.freedMiB * 1048576) / Math.max(1, big.store.answers);
  return {
    ratio: rest(big) / rest(small),
    detail: {
      max_age: MEMORY_MAX_AGE ?? '',
      store_answers_small: small.store.answers,
      store_answers_big: big.store.answers,
      store_memory_usage_MiB_small: round(small.store.MiB, 1),
      store_memory_usage_MiB_big: round(big.store.MiB, 1),
      store_freed_by_purge_MiB_small: round(small.store.freedMiB, 1),
      store_freed_by_purge_MiB_big: round(big.store.freedMiB, 1),
      store_bytes_per_answer: Math.round(perAnswer),
      store_MiB_per_million_answers: Math.round((perAnswer * 1e6) / 1048576),
      redis_peak_without_store_small_MiB: round(rest(small), 1),
      redis_peak_without_store_big_MiB: round(rest(big), 1),
    },
  };
}

async function memory(): Promise<Figure> {
  const small = await memoryAt(SMALL);
  const big = await memoryAt(BIG);
  const redis = storeDetail(small, big);
  const ratio = Math.max(big.runMiB / small.runMiB, redis.ratio);
  const sizes = `${BIG.toLocaleString('en')} ÷ ${SMALL.toLocaleString('en')} rows`;
  return {
    figure: `flat memory (${sizes}${MEMORY_MAX_AGE ? ', answer store in use' : ''})`,
    value: round(ratio),
    target: '<= 1.3',
    met: ratio <= 1.3,
    detail: {
      run_process_peak_rss_small_MiB: round(small.runMiB, 1),
      run_process_peak_rss_big_MiB: round(big.runMiB, 1),
      run_process_peak_rss_ratio: round(big.runMiB / small.runMiB),
      redis_used_memory_peak_small_MiB: round(small.redisPeakMiB, 1),
      redis_used_memory_peak_big_MiB: round(big.redisPeakMiB, 1),
      redis_peak_rss_small_MiB: round(small.redisMiB, 1),
      redis_peak_rss_big_MiB: round(big.redisMiB, 1),
      ...redis.detail,
    },
  };
}

async function onboarding(): Promise<Figure> {
  const R = 50;
  const file = await clientsFile('onboarding', 1_000);
  const redis = await startRedis();
  const emulator = await startEmulator(['--rate', String(R), '--burst', String(R)]);
  const out = join(work, 'onboarding');
  const result = await runCli(
    ['run', file, '--rate', String(R), '--priority', 'high', '--out-dir', out, '--no-progress'],
    { REDIS_URL: redis.url, KYC_API_URL: emulator.url },
  );
  await emulator.stop();
  await redis.stop();
  if (result.code !== 0) throw new Error(`onboarding run failed: ${result.stderr}`);
  const m = manifestOf(out);
  const ideal = m.upstream.calls / R;
  return {
    figure: 'onboarding latency (1,000 rows, R = 50/s)',
    value: round(result.seconds / ideal),
    target: '<= 1.05',
    met: result.seconds / ideal <= 1.05,
    detail: { wall_s: round(result.seconds, 1), calls: m.upstream.calls, ideal_s: round(ideal, 1) },
  };
}

execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
const figures: Figure[] = [];
const scenarios: [string, () => Promise<Figure | Figure[]>][] = [
  ['quota', quota],
  ['overhead', overhead],
  ['calls', callsPerClient],
  ['memory', memory],
  ['onboarding', onboarding],
];
for (const [name, scenario] of scenarios) {
  if (!only.has(name)) continue;
  process.stderr.write(`bench: ${name}…\n`);
  const result = await scenario();
  figures.push(...(Array.isArray(result) ? result : [result]));
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.versions.node}, load ${loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')}`;
// The store's memory figure is kept beside the quiet run's figures, not over them.
reportFigures(
  root,
  MEMORY_MAX_AGE ? 'pipeline-memory-store' : 'pipeline',
  'kyc-screen pipeline benchmarks',
  machine,
  figures,
);
