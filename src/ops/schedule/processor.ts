import { rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DelayedError, type Job, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import type { RunOptions } from '../../commands/run.js';
import { KycError } from '../../errors.js';
import type { Logger } from '../../log.js';
import { RunStore } from '../../pipeline/run-store.js';
import type { DeltaChange } from '../delta/compare.js';
import { computeDelta, deltaSummary, writeDeltaCsv } from '../delta/report.js';
import { claimDatedDir } from './dated-dir.js';
import { scheduledRunId, scheduledRunOptions, type ScheduleJobData } from './definition.js';
import { ScheduleHistory } from './history.js';

export interface ScheduleProcessorDeps {
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
  /** Runs or resumes one run to its end, as `kyc-screen run --no-workers` does; returns its exit code. */
  runScheduled(input: string | undefined, options: RunOptions): Promise<number>;
}

export interface ScheduledRunResult {
  readonly runId: string;
  readonly outDir: string;
  readonly exitCode: number;
  readonly previousRunId?: string;
  readonly delta?: Readonly<Record<DeltaChange, number>>;
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
      return { runId, outDir, exitCode };
    }
    const report = await computeDelta(previous.out, run.out, { columns: run.columns });
    await writeDeltaCsv(join(outDir, 'delta.csv'), report, report.format);
    const summary = deltaSummary(report, { previous: dirname(previous.out), current: outDir });
    await writeFile(join(outDir, 'delta.txt'), `${summary}\n`);
    log.info({ outDir, exitCode, previous: previous.id, delta: report.counts }, 'scheduled run finished');
    return { runId, outDir, exitCode, previousRunId: previous.id, delta: report.counts };
  };
}
