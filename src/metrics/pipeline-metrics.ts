import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Counter, Gauge, Registry } from 'prom-client';
import { COUNTER, pairRows, parseCounters, verdictCounts } from '../domain/run-counters.js';
import { RunStore, type Counters, type RunState } from '../run/state/run-store.js';
import { registerFiringMetrics } from './schedule-firings.js';

/**
 * The metrics Redis already holds, computed at scrape time by the dashboard process: queue depths and the
 * counters every run keeps (calls by operation and status, 429s, retries, cache hits, verdicts, check
 * statuses, rows written). Totals are sums over the most recent runs (`recentRuns`); a run leaving that
 * window looks to Prometheus like a counter reset, which rate() handles.
 */

export const QUEUE_STATES = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'completed',
  'failed',
] as const;

interface RunSample {
  readonly run: RunState;
  readonly counters: Counters;
}

interface Snapshot {
  readonly queues: ReadonlyMap<string, Readonly<Record<string, number>>>;
  readonly runs: readonly RunSample[];
  readonly at: number;
}

function sumBy<K extends string>(samples: readonly RunSample[], pick: (c: Counters) => [K, number][]) {
  const sums = new Map<K, number>();
  for (const { counters } of samples)
    for (const [key, n] of pick(counters)) sums.set(key, (sums.get(key) ?? 0) + n);
  return sums;
}

function rowsPerSecond(run: RunState, now: number): number {
  const started = run.startedAt ? Date.parse(run.startedAt) : NaN;
  const seconds = (now - started) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? run.written / seconds : 0;
}

type Take = () => Promise<Snapshot>;

/** One snapshot serves every metric of a scrape (prom-client collects them one by one). */
function snapshots(options: PipelineMetricsOptions): Take {
  const store = new RunStore(options.redis, options.prefix);
  let last: { readonly at: number; readonly value: Promise<Snapshot> } | undefined;

  async function take(): Promise<Snapshot> {
    const queues = new Map<string, Record<string, number>>();
    for (const queue of options.queues) queues.set(queue.name, await queue.getJobCounts(...QUEUE_STATES));
    const ids = await store.list(options.recentRuns ?? 500);
    const runs = await Promise.all(
      ids.map(async (id) => ({ run: await store.get(id), counters: await store.counters(id) })),
    );
    return { queues, runs: runs.filter((r): r is RunSample => r.run !== undefined), at: Date.now() };
  }

  function snapshot(): Promise<Snapshot> {
    const now = Date.now();
    if (last && now - last.at < 1_000) return last.value;
    const value = take();
    last = { at: now, value };
    value.catch(() => {
      if (last?.value === value) last = undefined;
    });
    return value;
  }
  return snapshot;
}

const active = (s: Snapshot) => s.runs.filter((r) => r.run.status === 'running' || r.run.status === 'queued');

/** Queue depths and recent runs by status. */
function queueGauges(registry: Registry, snapshot: Take): void {
  new Gauge({
    name: 'kyc_queue_jobs',
    help: 'Jobs in each BullMQ queue of the pipeline, by state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, counts] of (await snapshot()).queues)
        for (const state of QUEUE_STATES) this.set({ queue, state }, counts[state] ?? 0);
    },
  });
  new Gauge({
    name: 'kyc_runs',
    help: 'Recent runs by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const status of ['queued', 'running', 'done', 'failed']) this.set({ status }, 0);
      for (const { run } of (await snapshot()).runs) this.inc({ status: run.status });
    },
  });
}

/** The counters every run keeps, summed over the recent runs. */
function runCounters(registry: Registry, snapshot: Take): void {
  const counter = (name: string, help: string, field: string) =>
    new Counter({
      name,
      help,
      registers: [registry],
      async collect() {
        this.reset();
        this.inc(sumBy((await snapshot()).runs, (c) => [[field, c[field] ?? 0]]).get(field) ?? 0);
      },
    });
  counter(
    'kyc_upstream_rate_limited_total',
    'Answers 429 (rate limited) of the Lookup Service',
    COUNTER.rateLimited,
  );
  counter(
    'kyc_check_retries_total',
    'Check attempts retried after a 5xx, timeout, network error or bad body',
    COUNTER.retries,
  );
  counter(
    'kyc_request_cache_hits_total',
    'Lookups answered by the run-scoped request cache',
    COUNTER.cacheHits,
  );
  /** A counter over `field:a:b` counter fields, labelled by a and b. */
  const pairCounter = (
    name: string,
    help: string,
    pick: (c: Counters) => [string, string, number][],
    labels: readonly [string, string],
  ) =>
    new Counter({
      name,
      help,
      labelNames: labels,
      registers: [registry],
      async collect() {
        this.reset();
        const sums = sumBy((await snapshot()).runs, (c) => pick(c).map(([a, b, n]) => [`${a}\n${b}`, n]));
        for (const [key, n] of sums) {
          const [a = '', b = ''] = key.split('\n');
          this.inc({ [labels[0]]: a, [labels[1]]: b }, n);
        }
      },
    });
  pairCounter(
    'kyc_upstream_calls_total',
    'HTTP calls to the Lookup Service, by operation and HTTP status (0: no answer)',
    (c) => pairRows(parseCounters(c).callsByOperation),
    ['operation', 'status'],
  );
  new Counter({
    name: 'kyc_verdicts_total',
    help: 'Verdict rows written, by verdict',
    labelNames: ['verdict'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const sums = sumBy((await snapshot()).runs, (c) => Object.entries(verdictCounts(c)));
      for (const [verdict, n] of sums) this.inc({ verdict }, n);
    },
  });
  pairCounter(
    'kyc_check_results_total',
    'Check results written, by check kind and status',
    (c) => pairRows(parseCounters(c).checks),
    ['check', 'status'],
  );
  new Counter({
    name: 'kyc_rows_written_total',
    help: 'Verdict rows written, all recent runs together',
    registers: [registry],
    async collect() {
      this.reset();
      this.inc((await snapshot()).runs.reduce((sum, { run }) => sum + run.written, 0));
    },
  });
}

/** The progress of the runs in progress: rows per second and rows written. */
function progressGauges(registry: Registry, snapshot: Take): void {
  new Gauge({
    name: 'kyc_rows_per_second',
    help: 'Rows written per second since start, summed over the runs in progress',
    registers: [registry],
    async collect() {
      const s = await snapshot();
      this.set(active(s).reduce((sum, { run }) => sum + rowsPerSecond(run, s.at), 0));
    },
  });
  new Gauge({
    name: 'kyc_run_rows_per_second',
    help: 'Rows written per second since the run started, for each run in progress',
    labelNames: ['run_id'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const s = await snapshot();
      for (const { run } of active(s)) this.set({ run_id: run.id }, rowsPerSecond(run, s.at));
    },
  });
  new Gauge({
    name: 'kyc_run_rows',
    help: 'Rows of each run in progress: written, and total once the reader reached the end of the file',
    labelNames: ['run_id', 'kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { run } of active(await snapshot())) {
        this.set({ run_id: run.id, kind: 'written' }, run.written);
        if (run.totalRows !== undefined) this.set({ run_id: run.id, kind: 'total' }, run.totalRows);
      }
    },
  });
}

interface PipelineMetricsOptions {
  readonly redis: Redis;
  readonly prefix: string;
  readonly queues: readonly Queue[];
  readonly recentRuns?: number;
}

export function pipelineMetrics(options: PipelineMetricsOptions): Registry {
  const registry = new Registry();
  const snapshot = snapshots(options);
  queueGauges(registry, snapshot);
  runCounters(registry, snapshot);
  progressGauges(registry, snapshot);
  registerFiringMetrics(registry, options.redis, options.prefix);
  return registry;
}
