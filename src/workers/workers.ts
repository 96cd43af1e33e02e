import type { WorkbookLimits } from '../settings/input-limits.js';
import { DEFAULT_BREAKER_THRESHOLD, DEFAULT_RATE } from '../settings/defaults.js';
import { AnswerStore, type AnswerStoreSettings, type EntryDamage } from '../answers/answer-store.js';
import type { AnswersInForce } from '../answers/answer-layer.js';
import { hasReuse, type AnswerPolicy } from '../settings/answer-policy.js';
import { FlowProducer, Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { checkProcessor } from './check-job.js';
import { runProcessor } from './run-job.js';
import { mergeProcessor } from './merge-job.js';
import { isKycError } from '../errors.js';
import { encodeFailure } from '../failure.js';
import type { Logger } from '../log.js';
import type { RunLifecycle } from '../run/lifecycle.js';
import type { WhitelistEntry } from '../verdict/whitelist-entry.js';
import type { RunDeskHooks } from '../desk/run-hooks.js';
import { deskBeforeRun, type CoordinatorDesk } from './run-desk.js';
import { DEFAULT_PROFILE, type RegistryClient } from '../upstream/client/index.js';
import { RunCancelled } from '../run/cancel.js';
import { coordinateRun, RunInterrupted, type CoordinatorDeps, type RunUpstream } from '../run/coordinator.js';
import { LEASE_TTL_MS, RunTakenOver } from '../run/lease.js';
import type { CheckJobData, MergeJobData, RunJobData } from '../run/job-data.js';
import { LoadedMirrors, MirrorStore } from '../mirror/store.js';
import { mirrorSearch } from '../mirror/search.js';
import { foreignAgentMaxAge, type KeptMirrorPolicy } from '../mirror/kept-strategy.js';
import { pacedLookup, quotaSlots, type SlotWaitOptions } from '../upstream/paced-lookup.js';
import { Pacer } from '../upstream/pacer.js';
import type { Lane } from '../run/state/lanes.js';
import { COUNTER } from '../domain/run-counters.js';
import { upstreamBackoff } from '../upstream/outcome-policy.js';
import { measurePageSize, preflight, preflightCounts, type PreflightOptions } from '../upstream/preflight.js';
import { notePageSize, PageSizes } from '../upstream/page-size.js';
import { whenSent } from '../upstream/sent.js';
import { breakerError, probeWith, UpstreamGuard, type ProbeOptions } from '../upstream/guard.js';
import { UpstreamState } from '../upstream/state.js';
import { LocalAnswers, RequestCache } from '../upstream/request-cache.js';
import { RunStore, type DeskAbsence } from '../run/state/run-store.js';
import { QUEUE_STREAMS, applyEventRetention } from '../run/state/retention.js';
import { laneOfPriority, pacerKey, queuesOf, type RunQueues } from '../run/state/topology.js';
import type { ServiceIdentity } from '../settings/service-identity.js';
import { serveService } from '../upstream/service-registry.js';

export interface WorkerSettings {
  /** Upstream calls per second of the API key, for every worker on every machine together. */
  readonly rate: number;
  /**
   * Calls the upstream's gateway admits above the rate (the upstream profile's `burst`): how late a paced
   * call may leave. Undefined: a tenth of the rate.
   */
  readonly burst?: number;
  /** Check jobs in progress at once in this process (each waits on at most one HTTP call). */
  readonly checksConcurrency: number;
  readonly mergeConcurrency: number;
  /** Runs this process coordinates at once. */
  readonly runsConcurrency: number;
  readonly attempts: number;
  readonly backoffMs: number;
  /** Cap on started attempts, which 429 pauses also spend, so that a job cannot bounce forever. */
  readonly maxStartedAttempts: number;
  /** Auth or network failures in a row (all machines) that stop the calls (`KYC_BREAKER_THRESHOLD`). */
  readonly breakerThreshold: number;
  /**
   * The answer store's secret and service (src/answers), read when a run with `--max-age` first needs it.
   * Absent: runs of this process ask every answer fresh whatever their policy.
   */
  readonly answerStore?: (service: ServiceIdentity) => AnswerStoreSettings;
  /** The caps of an Excel workbook input the coordinators of this process read (KYC_XLSX_MAX_*). */
  readonly inputLimits?: WorkbookLimits;
}

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = {
  rate: DEFAULT_RATE,
  checksConcurrency: 32,
  mergeConcurrency: 16,
  runsConcurrency: 2,
  attempts: 4,
  backoffMs: 1_000,
  maxStartedAttempts: 100,
  breakerThreshold: DEFAULT_BREAKER_THRESHOLD,
};

/**
 * A call of the run or the breaker itself (preflight, page-size search, probe): it waits for its slot
 * however long a 429's pause lasts, never gives way (its run waits on it) and never asks the breaker.
 */
const ONE_OFF_SLOT = (lane: Lane): SlotWaitOptions => ({
  lane,
  patienceMs: Number.POSITIVE_INFINITY,
  giveWay: false,
});

/** The breaker's probe retries an unreachable service for about half a minute before it opens. */
const BREAKER_PROBE: ProbeOptions = { attempts: 6, delayMs: 2_000 };

export interface WorkerHost {
  close(): Promise<void>;
}

type WorkerKind = 'checks' | 'verdicts' | 'runs';

/** Whatever watches the workers' jobs (the job durations of `--metrics-port`, src/metrics). */
export interface JobWatcher {
  watch(worker: Worker): void;
}

/** The whitelist entries a run stored for one client (src/whitelist/store.ts), none when it has none. */
export interface WhitelistSource {
  entriesFor(runId: string, clientKey: string): Promise<readonly WhitelistEntry[]>;
}

/**
 * What the workers need from the product above them, passed in so that src/workers/ imports none of it:
 * the run's lifecycle hooks and its whitelist (src/runs/wiring.ts builds both).
 */
export interface WorkerWiring {
  readonly lifecycle: RunLifecycle;
  readonly whitelist: WhitelistSource;
  /**
   * The review desk at both ends of the runs coordinated here (src/desk/run-hooks.ts); absent: none. The
   * lifecycle records a run's alerts once its outputs are placed; the end of the run only catches up.
   */
  readonly desk?: RunDeskHooks;
  /** Why this process has no desk, when it has none (the runs coordinated here say so). */
  readonly deskAbsence?: DeskAbsence;
  /** Runs coordinated here fail without a desk (`worker --require-desk`, KYC_REQUIRE_DESK). */
  readonly requireDesk?: boolean;
}

interface StartOptions extends WorkerWiring {
  readonly redis: Redis;
  readonly prefix: string;
  readonly registry: RegistryClient;
  /** The identity of `registry`'s service: the workers take only the jobs of runs recorded with it. */
  readonly service: ServiceIdentity;
  readonly log: Logger;
  readonly settings: WorkerSettings;
  readonly only?: readonly WorkerKind[];
  /** Job durations of this process for `--metrics-port` (src/metrics). */
  readonly metrics?: JobWatcher;
  /**
   * The foreign_agent max age of a run, for the kept mirror of the register (absent: the run's own
   * `--max-age …,foreign_agent=…`; a run without one keeps none).
   */
  readonly keptMirror?: KeptMirrorPolicy;
  /**
   * The Redis of the answers kept across runs (KYC_ANSWERS_REDIS_URL); absent: the queues' own. A lost
   * answer costs a call, so this one may evict (docs/configuration.md, "The answer store's Redis").
   */
  readonly answersRedis?: Redis;
}

/** What the workers of one process share: connections, the quota, the breaker, the caches. */
interface WorkerContext {
  readonly redis: Redis;
  readonly prefix: string;
  readonly registry: RegistryClient;
  readonly service: ServiceIdentity;
  /** This service's queues (src/run/state/topology.ts, queuesOf). */
  readonly queues: RunQueues;
  readonly log: Logger;
  readonly settings: WorkerSettings;
  readonly wiring: WorkerWiring;
  readonly store: RunStore;
  readonly pacer: Pacer;
  readonly checksQueue: Queue;
  readonly flow: FlowProducer;
  readonly upstream: UpstreamState;
  readonly guard: UpstreamGuard;
  /** One authenticated call through the quota (the preflight), in the lane of the run it is made for. */
  readonly probe: (options?: PreflightOptions, lane?: Lane) => Promise<void>;
  readonly keptMirror?: KeptMirrorPolicy;
  readonly answersRedis: Redis;
}

/** The shared objects of a process's workers, and the checks queue set up for the 429 pause. */
async function workerContext(options: StartOptions): Promise<WorkerContext> {
  const { redis, prefix, registry, log, settings, service } = options;
  const queues = queuesOf(service);
  const pacer = new Pacer(
    redis,
    pacerKey(prefix),
    settings.rate,
    settings.burst === undefined ? {} : { burst: settings.burst },
  );
  await applyEventRetention(redis, prefix, queues);
  const checksQueue = new Queue(queues.checks, { connection: redis, prefix, streams: QUEUE_STREAMS });
  // BullMQ honours queue.rateLimit (the 429 pause) only when the queue has a limiter; this one is a loose
  // backstop on job starts. The quota itself is kept per HTTP call by the pacer.
  await checksQueue.setGlobalRateLimit(Math.max(1, Math.ceil(settings.rate * 2)), 1_000);
  const upstream = new UpstreamState(redis, prefix, service.id);
  const probe = async (probeOptions: PreflightOptions = {}, lane: Lane = 'normal') => {
    // Each call takes a slot of the one quota like any other, and waits for it as they do.
    const slot = quotaSlots(pacer, ONE_OFF_SLOT(lane));
    const { note } = await preflight(registry, { ...probeOptions, slot });
    if (note) log.warn({ note }, 'preflight call: the Lookup Service answered with an error; going on');
  };
  const guard = new UpstreamGuard({
    state: upstream,
    threshold: settings.breakerThreshold,
    // The call that failed, again, through the quota. Patient: a service restarting (or a network blip)
    // must not stop every run; a refused key stops at once.
    probe: (repeat) =>
      probeWith(async () => {
        await quotaSlots(pacer, ONE_OFF_SLOT('normal'))();
        return repeat();
      }, BREAKER_PROBE),
    onOpen: () => checksQueue.pause(),
    log,
    currentRate: () => pacer.currentRate(),
  });
  const store = new RunStore(redis, prefix);
  const flow = new FlowProducer({ connection: redis, prefix });
  const keptMirror = options.keptMirror ?? foreignAgentMaxAge;
  const wiring = { lifecycle: options.lifecycle, whitelist: options.whitelist };
  return {
    redis,
    prefix,
    registry,
    service,
    queues,
    log,
    settings,
    wiring,
    store,
    pacer,
    checksQueue,
    flow,
    upstream,
    guard,
    probe,
    keptMirror,
    answersRedis: options.answersRedis ?? redis,
  };
}

/**
 * The answer store of a run's policy, opened on first use (its secret may be a file to create). A damaged
 * entry it refuses is logged with the operation and why: never the request, which names a client.
 */
function answersInForce(
  redis: Redis,
  prefix: string,
  settings: (() => AnswerStoreSettings) | undefined,
  log: Logger,
): (runId: string, policy: AnswerPolicy | undefined) => { answers?: AnswersInForce } {
  let store: AnswerStore | undefined;
  return (runId, policy) => {
    if (!settings || !policy || !hasReuse(policy)) return {};
    store ??= new AnswerStore(redis, prefix, settings());
    const damaged = (operation: string, damage: EntryDamage) =>
      log.warn({ runId, operation, damage }, 'a kept answer failed its check and was deleted: asked again');
    return { answers: { store, policy, damaged } };
  };
}

/** The checks worker: the rate-limited HTTP stage. */
function checksWorker(ctx: WorkerContext): Worker<CheckJobData> {
  const { redis, prefix, registry, store, pacer, checksQueue, guard, settings } = ctx;
  // Answers this process fetched or read lately; keys carry the run id, so runs never share them.
  const localAnswers = new LocalAnswers(2_000);
  const mirrors = new LoadedMirrors(new MirrorStore(redis, prefix));
  const pageSizes = new PageSizes(redis, prefix);
  const answerStore = settings.answerStore;
  const answersFor = answersInForce(
    ctx.answersRedis,
    prefix,
    answerStore && (() => answerStore(ctx.service)),
    ctx.log,
  );
  return new Worker<CheckJobData>(
    ctx.queues.checks,
    checkProcessor({
      lookupFor: (runId, window, profile, lane, maxAge) => {
        const keys = store.keys(runId);
        const cache = new RequestCache(
          redis,
          { generation: keys.cacheGeneration, lock: keys.cacheLock },
          window,
          { local: localAnswers, service: ctx.service.id },
        );
        return pacedLookup(runId, registry, pacer, cache, store, {
          guard,
          maxRetryAfterMs: profile.maxRetryAfterMs,
          lane,
          ...answersFor(runId, maxAge),
        });
      },
      pauseQueue: (ms) => checksQueue.rateLimit(ms),
      store,
      mirrorFor: (runId, sha256) => mirrors.index(runId, sha256),
      pageSizeOf: (runId) => pageSizes.of(runId),
    }),
    {
      connection: redis,
      prefix,
      concurrency: settings.checksConcurrency,
      maxStartedAttempts: settings.maxStartedAttempts,
      // The wait between a check's attempts is the upstream policy's, as for every other upstream call.
      settings: { backoffStrategy: upstreamBackoff },
      // Short locks, renewed while a job runs, so the jobs of a crashed worker return within seconds.
      lockDuration: 10_000,
      stalledInterval: 5_000,
      maxStalledCount: 3,
    },
  );
}

/** The verdicts worker: the merge of a row's checks. */
function verdictsWorker(ctx: WorkerContext): Worker<MergeJobData> {
  const { redis, prefix, store, settings, wiring } = ctx;
  return new Worker<MergeJobData>(
    ctx.queues.verdicts,
    mergeProcessor({
      store: (runId, row, result) => store.storeResult(runId, row, JSON.stringify(result)),
      checkResults: (runId, row, kinds) => store.checkResults(runId, row, kinds),
      whitelist: (runId, clientKey) => wiring.whitelist.entriesFor(runId, clientKey),
    }),
    {
      connection: redis,
      prefix,
      concurrency: settings.mergeConcurrency,
      lockDuration: 10_000,
      stalledInterval: 5_000,
      maxStalledCount: 3,
    },
  );
}

/**
 * The service's page size, measured before the run's first check (and on a resume) when the run
 * searches by name and none was measured within PAGE_SIZE_FRESH_MS: one broad search through the quota
 * (src/upstream/preflight.ts, measurePageSize).
 */
async function learnPageSize(ctx: WorkerContext, runId: string, lane: Lane): Promise<void> {
  const { store, pacer, registry, log, redis, prefix } = ctx;
  const run = await store.get(runId);
  if (!run?.checks.some((kind) => kind === 'sanctions' || kind === 'foreign_agent')) return;
  const resultCap = (run.profile ?? DEFAULT_PROFILE).resultCap;
  const recent = await ctx.upstream.recentPageSize(resultCap);
  if (recent) {
    // The page size another run measured minutes ago instead of a broad search: a run measures it once
    // and keeps it for its whole length, so a measurement of minutes ago is as good.
    if (recent.pageSize !== undefined) await notePageSize(redis, prefix, runId, recent.pageSize);
    return;
  }
  await quotaSlots(pacer, ONE_OFF_SLOT(lane))();
  // Counted as it leaves, as every call is (src/upstream/sent.ts), its status once answered.
  const leaving: Promise<void>[] = [];
  const measured = await whenSent(
    () => void leaving.push(store.incr(runId, { [COUNTER.calls]: 1 })),
    () => measurePageSize(registry, resultCap),
    (answer) => typeof answer.status === 'number',
  ).finally(() => Promise.all(leaving));
  if (leaving.length > 0)
    await store.incr(runId, preflightCounts([measured.status], 'search.sanctions', false));
  if ('note' in measured) {
    // A failed search taught nothing, not even that there is no smaller page size.
    if (measured.status === 200) await ctx.upstream.notePageSize({ resultCap });
    log.info({ runId, resultCap, note: measured.note }, 'page size: none learned below the result cap');
    return;
  }
  await ctx.upstream.notePageSize({ resultCap, pageSize: measured.pageSize });
  await notePageSize(redis, prefix, runId, measured.pageSize);
  log.warn(
    { runId, pageSize: measured.pageSize, resultCap },
    `the Lookup Service answers at most ${measured.pageSize} records a search, below the profile's ` +
      `resultCap ${resultCap}: every answer that long is taken as cut and narrowed`,
  );
}

/** The Lookup Service as the coordinator of one run sees it: the preflight and the breaker. */
function runUpstream(ctx: WorkerContext, runId: string, lane: Lane): RunUpstream {
  const { upstream, checksQueue, log, probe, store } = ctx;
  return {
    async preflight() {
      // A run right after other calls were answered (its submitter's own preflight moments ago, or another
      // run's calls) has nothing to learn from a call of its own: its first checks follow at once. A key
      // revoked meanwhile fails those checks' calls instead, which open the breaker and never become CLEAR.
      if (await upstream.answeredRecently()) {
        await learnPageSize(ctx, runId, lane);
        return;
      }
      const calls: (number | string)[] = [];
      const leaving: Promise<void>[] = [];
      // Each call counted as it leaves, its status once answered (a killed worker still counted it).
      const onSend = () => void leaving.push(store.incr(runId, { [COUNTER.calls]: 1 }));
      // The first call of a run in a lane above the lowest also tells the pacer that its work is starting.
      await probe({ onCall: (status) => calls.push(status), onSend }, lane).finally(async () => {
        await Promise.all(leaving);
        await store.incr(runId, preflightCounts(calls, 'dictionary.list', false));
      });
      // The service answers: whatever stopped the calls is over for every run.
      const wasOpen = await upstream.close();
      if (wasOpen || (await checksQueue.isPaused())) await checksQueue.resume();
      if (wasOpen) log.warn({ runId }, 'circuit breaker closed: the preflight call succeeded');
      await upstream.noteAnswered();
      await learnPageSize(ctx, runId, lane);
    },
    async stopped() {
      const record = await upstream.breaker();
      return record ? breakerError(record) : undefined;
    },
  };
}

/** What the coordinator of one run works with in this process. */
function coordinatorDeps(ctx: WorkerContext, runId: string, job: Job<RunJobData>): CoordinatorDeps {
  const { redis, flow, store, prefix, log, settings, registry, pacer, guard, upstream } = ctx;
  return {
    redis,
    flow,
    store,
    prefix,
    log,
    attempts: settings.attempts,
    backoffMs: settings.backoffMs,
    ...(settings.inputLimits ? { inputLimits: settings.inputLimits } : {}),
    quota: pacer,
    ...(ctx.keptMirror ? { keptMirror: ctx.keptMirror } : {}),
    foreignAgentMirror: (run, runSignal) =>
      mirrorSearch(run.id, registry, pacer, store, {
        // The kept mirror of one service (and key) is never read for another.
        origin: ctx.service.id,
        guard,
        maxRetryAfterMs: (run.profile ?? DEFAULT_PROFILE).maxRetryAfterMs,
        attempts: settings.attempts,
        backoffMs: settings.backoffMs,
        ...(runSignal ? { signal: runSignal } : {}),
        stopped: async () => {
          const record = await upstream.breaker();
          return record ? breakerError(record) : undefined;
        },
      }),
    upstream: runUpstream(ctx, runId, laneOfPriority(job.opts.priority)),
    lifecycle: ctx.wiring.lifecycle,
    onProgress: (progress) => void job.updateProgress(progress).catch(() => undefined),
  };
}

/** The runs worker: the coordinators; a run that fails for another reason than a stop reads as failed. */
function runsWorker(ctx: WorkerContext, stopping: AbortSignal, desk: CoordinatorDesk): Worker<RunJobData> {
  const { redis, prefix, store, settings, wiring } = ctx;
  return new Worker<RunJobData>(
    ctx.queues.runs,
    runProcessor(
      (runId, job, signal) =>
        deskBeforeRun(runId, desk, ctx)
          .then((deskWhitelist) =>
            coordinateRun(runId, { ...coordinatorDeps(ctx, runId, job), deskWhitelist }, signal),
          )
          .then(
            async (summary) => {
              await desk.hooks?.afterRun(runId).catch((error: unknown) => {
                ctx.log.error(
                  { runId, err: error },
                  'review desk: the run could not be recorded; its alerts are recorded when a process (run, worker, serve) next opens the desk',
                );
              });
              await wiring.lifecycle.runFinished(runId);
              return summary;
            },
            async (error: unknown) => {
              if (error instanceof RunTakenOver) ctx.log.warn({ runId }, error.message);
              if (!(error instanceof RunInterrupted) && !(error instanceof RunCancelled)) {
                await store.update(runId, {
                  status: 'failed',
                  error: encodeFailure(error),
                  ...(isKycError(error) ? { errorCode: error.code } : {}),
                });
                const code = isKycError(error) ? error.code : 'KYC_ERR_INTERNAL';
                await wiring.lifecycle.runFailed(runId, code);
              }
              throw error;
            },
          ),
      stopping,
    ),
    {
      connection: redis,
      prefix,
      concurrency: settings.runsConcurrency,
      // A coordinator that died is noticed within seconds, so another one (or `--resume`) takes over.
      lockDuration: LEASE_TTL_MS,
      stalledInterval: 5_000,
      maxStalledCount: 1_000,
    },
  );
}

/** Worker errors and jobs that failed for good go to the log; job durations to the metrics. */
function watchWorkers(workers: readonly Worker[], log: Logger, metrics: JobWatcher | undefined): void {
  for (const worker of workers) {
    metrics?.watch(worker);
    worker.on('error', (error) => log.error({ err: error, queue: worker.name }, 'worker error'));
    worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        log.warn(
          { queue: worker.name, jobId: job.id, reason: error.message },
          'job failed after its last attempt',
        );
      }
    });
  }
}

/**
 * Starts the three workers of the pipeline in this process: checks (the rate-limited HTTP stage), verdicts
 * (the merge) and runs (the coordinator). Any number of such processes may run on any number of machines.
 */
export async function startWorkers(options: StartOptions): Promise<WorkerHost> {
  const only = new Set(options.only ?? ['checks', 'verdicts', 'runs']);
  const ctx = await workerContext(options);
  const stopping = new AbortController();
  const workers: Worker[] = [];
  if (only.has('checks')) workers.push(checksWorker(ctx));
  if (only.has('verdicts')) workers.push(verdictsWorker(ctx));
  if (only.has('runs'))
    workers.push(
      runsWorker(ctx, stopping.signal, {
        hooks: options.desk,
        absence: options.deskAbsence,
        required: options.requireDesk,
      }),
    );
  watchWorkers(workers, options.log, options.metrics);
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  // `status` tells a run whose service no process serves; merges alone serve none.
  const heartbeat =
    only.has('checks') || only.has('runs')
      ? await serveService(ctx.redis, ctx.prefix, ctx.service)
      : undefined;

  return {
    async close() {
      // A run in progress stops at its next batch and goes back to the queue; checks and merges finish.
      stopping.abort();
      await heartbeat?.stop();
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([ctx.flow.close(), ctx.checksQueue.close()]);
    },
  };
}
