import { rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DelayedError, type Job, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import type { RunOptions } from '../commands/run.js';
import { EXIT, KycError } from '../errors.js';
import type { Logger } from '../log.js';
import { writeGuardedFile } from '../infra/guarded-file.js';
import { RunStore, runExists } from '../run/state/run-store.js';
import type { DeltaChange } from '../reporting/delta/compare.js';
import { computeDelta, deltaSummary, writeDeltaCsv } from '../reporting/delta/report.js';
import { newHitsLogLine, newHitsOf, type NewHitsNotice } from '../notify/new-hits.js';
import { claimDatedDir } from './dated-dir.js';
import { scheduledRunId, scheduledRunOptions, type ScheduleJobData } from './definition.js';
import { ScheduleHistory } from './history.js';

export interface ScheduleProcessorDeps {
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
  /** Runs or resumes one run to its end, as `kyc-screen run --no-workers` does; returns its exit code. */
  runScheduled(input: string | undefined, options: RunOptions): Promise<number>;
  /** Called once a delta with new HITs is written (after the warn line): the webhook, when one is set. */
  notifyNewHits?(notice: NewHitsNotice): Promise<void>;
}

/** A firing's recorded outcome (the job's return value; `schedule history` shows it). */
export interface ScheduledRunResult {
  readonly runId: string;
  readonly outDir: string;
  /** The firing's outcome as an exit code: 8 when the delta has new HITs, else the run's own. */
  readonly exitCode: number;
  /** The run's exit code (0, or 4 with INCOMPLETE rows). */
  readonly runExitCode: number;
  readonly previousRunId?: string;
  readonly delta?: Readonly<Record<DeltaChange, number>>;
  readonly newHits?: number;
}

/** `kyc-screen run` exits 130 when following stopped (this worker is shutting down); the run goes on. */
const INTERRUPTED = 130;

/**
 * One firing of a schedule: a run into a new dated directory, followed to its end, then the delta against
 * the schedule's previous finished run (delta.csv and delta.txt beside the outputs). A retried firing
 * (worker died, or shut down) resumes the run it started: the run id is derived from the firing time.
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
      return await deps.runScheduled(data.input, {
        ...scheduledRunOptions(data.run),
        outDir,
        runId,
        schedule: data.name,
        workers: false,
        progress: false,
      });
    } catch (error) {
      // Refused before anything was submitted (input gone, bad whitelist): leave no empty dated directory.
      if (!(await store.get(runId))) {
        await history.forget(data.name, runId);
        await rmdir(outDir).catch(() => undefined);
      }
      throw error;
    }
  }

  return async (job: Job<ScheduleJobData, ScheduledRunResult>, token?: string) => {
    const data = job.data;
    const firedAt = job.opts.prevMillis ?? job.timestamp;
    const runId = scheduledRunId(data.name, firedAt);
    const log = deps.log.child({ schedule: data.name, runId });
    const existing = await store.get(runId);
    // Resumed only when this schedule started it: a run someone gave the same id is not the firing's.
    if (existing && existing.schedule !== data.name) throw runExists(runId);
    const exitCode = existing
      ? await deps.runScheduled(undefined, {
          ...scheduledRunOptions(data.run),
          resume: runId,
          workers: false,
          progress: false,
        })
      : await start(data, runId, firedAt);
    const run = await store.require(runId);
    if (run.status !== 'done' && exitCode === INTERRUPTED && token) {
      // This worker is stopping; the run goes on. Any worker picks the firing up again, no attempt spent.
      await job.moveToDelayed(Date.now() + 1_000, token);
      throw new DelayedError();
    }
    if (run.status !== 'done')
      throw new KycError('KYC_ERR_SCHEDULED_RUN', `${runId}: ${run.error ?? run.status}; a retry resumes it`);
    const outDir = dirname(run.out);
    const previous = await history.previousDone(data.name, firedAt);
    if (!previous) {
      log.info({ outDir, exitCode }, 'scheduled run finished; first run of its schedule, no delta');
      return { runId, outDir, exitCode, runExitCode: exitCode };
    }
    const report = await computeDelta(previous.out, run.out, { columns: run.columns });
    const deltaFile = join(outDir, 'delta.csv');
    // The firing's own dated directory: a retried firing replaces what it wrote, never the runs' files.
    const guard = { overwrite: true, protect: [previous.out, run.out] };
    await writeDeltaCsv(deltaFile, report, report.format, guard);
    const summary = deltaSummary(report, { previous: dirname(previous.out), current: outDir });
    await writeGuardedFile(join(outDir, 'delta.txt'), `${summary}\n`, guard);
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
        schedule: data.name,
        previousRunId: previous.id,
        counts: report.counts,
        deltaFile,
        at: new Date().toISOString(),
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
  };
}
