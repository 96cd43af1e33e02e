import { rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DelayedError, UnrecoverableError, type Job, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import { CATALOG, EXIT, KycError, isKycError, type ErrorCode } from '../errors.js';
import { encodeFailure, failureCodeOf } from '../failure.js';
import type { Logger } from '../log.js';
import { writeGuardedFile } from '../infra/guarded-file.js';
import { countFiring } from '../metrics/schedule-firings.js';
import type { FiringFailedNotice } from '../notify/firing-failed.js';
import { RunStore, runExists, type RunState } from '../run/state/run-store.js';
import { computeDelta, deltaSummary, writeDeltaCsv } from '../reporting/delta/report.js';
import { withAlerts } from '../reporting/delta/alerts.js';
import type { RunDeskRecord } from '../reporting/desk-record.js';
import { newHitsLogLine, newHitsOf, noticeAlertsOf, type NewHitsNotice } from '../notify/new-hits.js';
import { runRequest, type RunRequest } from '../runs/request.js';
import { claimDatedDir } from './dated-dir.js';
import { migrateScheduleData, scheduledRunId, type ScheduleJobData } from './definition.js';
import { activeFiringOf } from './firings.js';
import { ScheduleHistory } from './history.js';
import type { ScheduledRunResult } from './result.js';

export type { ScheduledRunResult } from './result.js';

export interface ScheduleProcessorDeps {
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
  /**
   * Runs a request (or resumes the run `resume`) to its end on the worker's runtime, as
   * `kyc-screen run --no-workers` does; returns its exit code.
   */
  runScheduled(request: RunRequest, resume?: string): Promise<number>;
  /** Called once a delta with new HITs is written (after the warn line): the webhook, when one is set. */
  notifyNewHits?(notice: NewHitsNotice): Promise<void>;
  /** Called once a firing failed for good (after the error line): the webhook, when one is set. */
  notifyFiringFailed?(notice: FiringFailedNotice): Promise<void>;
  /**
   * What the review desk holds of a finished run (its alerts, row by row), for the delta and the notice;
   * absent, or undefined for a run: the desk has no record of it, which the delta says.
   */
  deskRecordOf?(runId: string): Promise<RunDeskRecord | undefined>;
}

/** The desk's record of the run; a desk that cannot be read is logged and counts as no record. */
async function deskRecordOf(
  deps: ScheduleProcessorDeps,
  runId: string,
  log: Logger,
): Promise<RunDeskRecord | undefined> {
  try {
    return await deps.deskRecordOf?.(runId);
  } catch (error) {
    log.warn({ err: error }, 'review desk: the run’s alerts could not be read; the delta names none');
    return undefined;
  }
}

/** `kyc-screen run` exits 130 when following stopped (this worker is shutting down); the run goes on. */
const INTERRUPTED = 130;

/** A firing that failed for good: BullMQ does not retry it, and its code stays readable. */
export class FiringFailed extends UnrecoverableError {
  constructor(
    readonly code: ErrorCode,
    reason: string,
  ) {
    super(reason);
  }
}

/** Why the firing stopped: its catalog code (the run's, when the run failed). */
function codeOf(error: unknown): ErrorCode {
  if (isKycError(error)) return error.code;
  return failureCodeOf(error instanceof Error ? error.message : String(error)) ?? 'KYC_ERR_SCHEDULED_RUN';
}

/**
 * One firing of a schedule: a run into a new dated directory, followed to its end, then the delta against
 * the schedule's previous finished run (delta.csv and delta.txt beside the outputs). A retried firing
 * (worker died, or shut down) resumes the run it started: the run id is derived from the firing time.
 * A firing that cannot run fails loudly: its code in `schedule history`, a metric, the webhook.
 */
export function scheduleProcessor(
  deps: ScheduleProcessorDeps,
): Processor<ScheduleJobData, ScheduledRunResult> {
  const history = new ScheduleHistory(deps.redis, deps.prefix);
  const store = new RunStore(deps.redis, deps.prefix);

  async function start(data: ScheduleJobData, runId: string, firedAt: number): Promise<number> {
    const outDir = await claimDatedDir(data.outDir, firedAt, data.tz);
    await history.record(data.name, firedAt, runId);
    try {
      return await deps.runScheduled(runRequest({ ...data.request, outDir, runId, schedule: data.name }));
    } catch (error) {
      // Refused before anything was submitted (input gone, bad whitelist): leave no empty dated directory.
      if (!(await store.get(runId))) {
        await history.forget(data.name, runId);
        await rmdir(outDir).catch(() => undefined);
      }
      throw error;
    }
  }

  /** The run of the firing to its end: started, or resumed when a retry finds it. */
  async function runFiring(job: Job<ScheduleJobData, ScheduledRunResult>, data: ScheduleJobData) {
    const firedAt = job.opts.prevMillis ?? job.timestamp;
    const runId = scheduledRunId(data.name, firedAt);
    const existing = await store.get(runId);
    // Resumed only when this schedule started it: a run someone gave the same id is not the firing's.
    if (existing && existing.schedule !== data.name) throw runExists(runId);
    const exitCode = existing
      ? await deps.runScheduled(data.request, runId)
      : await start(data, runId, firedAt);
    return { run: await store.require(runId), exitCode, firedAt };
  }

  /** Counted, logged and announced; the job fails (for good when no run was started: a retry cannot help). */
  async function failLoudly(job: Job<ScheduleJobData>, name: string, error: unknown): Promise<never> {
    const firedAt = job.opts.prevMillis ?? job.timestamp;
    const runId = scheduledRunId(name, firedAt);
    const code = codeOf(error);
    const started = (await store.get(runId)) !== undefined;
    const last = !started || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const reason = encodeFailure(error);
    // A retry resumes the run the firing started (its worker died, or the run failed on the way).
    if (!last) throw error instanceof Error ? error : new Error(reason);
    await countFiring(deps.redis, deps.prefix, { schedule: name, outcome: 'failed', code });
    const exitCode = CATALOG[code].exit;
    deps.log.error(
      { schedule: name, runId, errorCode: code, exitCode },
      `scheduled firing failed: ${reason}`,
    );
    const at = new Date().toISOString();
    const firedIso = new Date(firedAt).toISOString();
    await deps
      .notifyFiringFailed?.({ schedule: name, runId, firedAt: firedIso, errorCode: code, exitCode, at })
      .catch((e: unknown) => deps.log.error({ err: e, schedule: name }, 'firing-failed notice not queued'));
    throw new FiringFailed(code, reason);
  }

  return async (job: Job<ScheduleJobData, ScheduledRunResult>, token?: string) => {
    const name = (job.data as { name?: unknown }).name;
    try {
      const data = migrateScheduleData(job.data);
      const firedAt = job.opts.prevMillis ?? job.timestamp;
      const holder = await activeFiringOf(deps.redis, deps.prefix, data.name, { jobId: job.id, firedAt });
      if (holder !== undefined) return await skip(data.name, firedAt, holder);
      const { run, exitCode } = await runFiring(job, data);
      if (run.status !== 'done' && exitCode === INTERRUPTED && token) {
        // This worker is stopping; the run goes on. Any worker picks the firing up again, no attempt spent.
        await job.moveToDelayed(Date.now() + 1_000, token);
        throw new DelayedError();
      }
      if (run.status !== 'done')
        throw new KycError(
          run.errorCode ?? 'KYC_ERR_SCHEDULED_RUN',
          `${run.id}: ${run.error ?? run.status}; a retry resumes it`,
        );
      return await afterRun(deps, history, store, data.name, run, exitCode, firedAt);
    } catch (error) {
      if (error instanceof DelayedError) throw error;
      return failLoudly(job, typeof name === 'string' ? name : 'unknown', error);
    }
  };

  /** A firing due while the previous one still runs: recorded with why, counted, nothing started. */
  async function skip(name: string, firedAt: number, holder: number): Promise<ScheduledRunResult> {
    const why = `the firing of ${new Date(holder).toISOString()} (${scheduledRunId(name, holder)}) is still running`;
    await countFiring(deps.redis, deps.prefix, { schedule: name, outcome: 'skipped', code: 'overlap' });
    deps.log.warn({ schedule: name, firedAt }, `scheduled firing skipped: ${why}`);
    const runId = scheduledRunId(name, firedAt);
    return { runId, outDir: '', exitCode: EXIT.OK, runExitCode: EXIT.OK, skipped: why };
  }
}

/** The delta of a finished scheduled run against its schedule's previous one, and the new-HITs notice. */
async function afterRun(
  deps: ScheduleProcessorDeps,
  history: ScheduleHistory,
  store: RunStore,
  name: string,
  run: RunState,
  exitCode: number,
  firedAt: number,
): Promise<ScheduledRunResult> {
  const runId = run.id;
  const log = deps.log.child({ schedule: name, runId });
  const outDir = dirname(run.out);
  const previous = await history.previousDone(name, firedAt);
  if (!previous) {
    log.info({ outDir, exitCode }, 'scheduled run finished; first run of its schedule, no delta');
    return { runId, outDir, exitCode, runExitCode: exitCode };
  }
  const desk = await deskRecordOf(deps, runId, log);
  const report = withAlerts(await computeDelta(previous.out, run.out, { columns: run.columns }), desk);
  const deltaFile = join(outDir, 'delta.csv');
  // The firing's own dated directory: a retried firing replaces what it wrote, never the runs' files.
  const guard = { overwrite: true, protect: [previous.out, run.out] };
  const summary = deltaSummary(report, { previous: dirname(previous.out), current: outDir });
  await writeGuardedFile(join(outDir, 'delta.txt'), `${summary}\n`, guard);
  // delta.csv last: whoever sees it (a person, a script, the webhook's receiver) finds the summary beside it.
  await writeDeltaCsv(deltaFile, report, report.format, guard);
  const newHits = newHitsOf(report.counts);
  await store.recordDelta(runId, {
    previousRunId: previous.id,
    counts: report.counts,
    newHits,
    file: deltaFile,
  });
  log.info({ outDir, exitCode, previous: previous.id, delta: report.counts }, 'scheduled run finished');
  if (newHits > 0) {
    const notice: NewHitsNotice = {
      runId,
      schedule: name,
      previousRunId: previous.id,
      counts: report.counts,
      deltaFile,
      at: new Date().toISOString(),
      ...(desk ? { alerts: noticeAlertsOf(desk) } : {}),
    };
    const line = newHitsLogLine(notice);
    // Not `log`: its bindings would repeat the notice's run id and schedule.
    deps.log.warn(line.fields, line.message);
    await deps.notifyNewHits?.(notice);
  }
  return {
    runId,
    outDir,
    exitCode: newHits > 0 ? EXIT.NEW_HITS : exitCode,
    runExitCode: exitCode,
    previousRunId: previous.id,
    delta: report.counts,
    newHits,
  };
}
