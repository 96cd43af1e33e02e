import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { CATALOG, EXIT, type ErrorCode } from '../errors.js';
import { failureCodeOf } from '../failure.js';
import { QUEUE_STREAMS } from '../run/state/retention.js';
import { datedName } from './dated-dir.js';
import { SCHEDULES_QUEUE, scheduledRunId, type ScheduleJobData } from './definition.js';
import type { ScheduledRunResult } from './processor.js';

/** One firing of a schedule as its job recorded it (BullMQ keeps the last 200 of each outcome). */
export interface Firing {
  readonly firedAt: number;
  readonly runId: string;
  readonly state: 'running' | 'done' | 'failed';
  /** Done: the firing's outcome, 8 when the delta has new HITs. */
  readonly result?: ScheduledRunResult;
  /** Failed: why (after its last attempt). */
  readonly reason?: string;
  /** Failed: the catalog code of why, and the firing's outcome as that code's exit code. */
  readonly code?: ErrorCode;
  readonly exitCode?: number;
}

function failedFields(reason: string | undefined): Pick<Firing, 'reason' | 'code' | 'exitCode'> {
  const code = failureCodeOf(reason ?? '') ?? 'KYC_ERR_SCHEDULED_RUN';
  return { reason: reason ?? 'unknown', code, exitCode: CATALOG[code].exit };
}

function schedulesQueue(redis: Redis, prefix: string) {
  return new Queue<ScheduleJobData, ScheduledRunResult>(SCHEDULES_QUEUE, {
    connection: redis,
    prefix,
    streams: QUEUE_STREAMS,
  });
}

/**
 * An earlier firing of the same schedule still in progress (its job active on some worker): the firing
 * time of the one that holds the schedule, or undefined. Only an earlier one counts, so that two firings
 * picked up at once do not both give way to each other.
 */
export async function activeFiringOf(
  redis: Redis,
  prefix: string,
  name: string,
  mine: { readonly jobId: string | undefined; readonly firedAt: number },
): Promise<number | undefined> {
  const queue = schedulesQueue(redis, prefix);
  try {
    for (const job of await queue.getJobs(['active'], 0, 499)) {
      if (job.data?.name !== name || job.id === mine.jobId) continue;
      const firedAt = job.opts.prevMillis ?? job.timestamp;
      if (firedAt < mine.firedAt || (firedAt === mine.firedAt && (job.id ?? '') < (mine.jobId ?? '')))
        return firedAt;
    }
    return undefined;
  } finally {
    await queue.close();
  }
}

/** The recent firings of one schedule, newest first. */
export async function listFirings(
  redis: Redis,
  prefix: string,
  name: string,
  limit: number,
): Promise<Firing[]> {
  const queue = schedulesQueue(redis, prefix);
  try {
    const firings: Firing[] = [];
    for (const [state, types] of [
      ['running', ['active']],
      ['done', ['completed']],
      ['failed', ['failed']],
    ] as const) {
      for (const job of await queue.getJobs([...types], 0, 499)) {
        if (job.data?.name !== name) continue;
        const firedAt = job.opts.prevMillis ?? job.timestamp;
        firings.push({
          firedAt,
          runId: scheduledRunId(name, firedAt),
          state,
          ...(state === 'done' && job.returnvalue ? { result: job.returnvalue } : {}),
          ...(state === 'failed' ? failedFields(job.failedReason) : {}),
        });
      }
    }
    return firings.sort((a, b) => b.firedAt - a.firedAt).slice(0, limit);
  } finally {
    await queue.close();
  }
}

/** One line of `schedule history`: when, which run, the outcome as an exit code, and what the delta found. */
export function firingLine(firing: Firing, tz: string): string {
  const when = `${datedName(firing.firedAt, tz)} ${tz}`;
  if (firing.state === 'running') return `${when}  ${firing.runId}  running`;
  if (firing.state === 'failed')
    return `${when}  ${firing.runId}  exit ${firing.exitCode ?? 1}  failed: ${firing.reason ?? 'unknown'}`;
  const result = firing.result;
  if (!result) return `${when}  ${firing.runId}  done`;
  if (result.skipped) return `${when}  ${firing.runId}  skipped: ${result.skipped}`;
  const hits = result.newHits ?? 0;
  const found =
    result.delta === undefined
      ? 'first run of the schedule, no delta'
      : hits > 0
        ? `${hits} new HIT${hits === 1 ? '' : 's'} — ${result.outDir}/delta.csv`
        : 'no new HITs';
  const incomplete = (result.runExitCode ?? result.exitCode) === EXIT.INCOMPLETE ? ', INCOMPLETE rows' : '';
  return `${when}  ${result.runId}  exit ${result.exitCode}  ${found}${incomplete}`;
}
