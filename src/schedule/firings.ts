import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { CATALOG, EXIT, type ErrorCode } from '../errors.js';
import { failureCodeOf } from '../failure.js';
import { QUEUE_STREAMS } from '../run/state/retention.js';
import { datedName } from './dated-dir.js';
import { SCHEDULES_QUEUE, scheduledRunId, type ScheduleJobData } from './definition.js';
import type { ScheduledRunResult } from './result.js';

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

/** The recent firings of every schedule, by schedule, newest first (BullMQ keeps 200 of each outcome). */
async function allFirings(redis: Redis, prefix: string): Promise<Map<string, Firing[]>> {
  const queue = schedulesQueue(redis, prefix);
  try {
    const byName = new Map<string, Firing[]>();
    for (const [state, types] of [
      ['running', ['active']],
      ['done', ['completed']],
      ['failed', ['failed']],
    ] as const) {
      for (const job of await queue.getJobs([...types], 0, 499)) {
        const name = job.data?.name;
        if (typeof name !== 'string') continue;
        const firedAt = job.opts.prevMillis ?? job.timestamp;
        const firings = byName.get(name) ?? [];
        byName.set(name, firings);
        firings.push({
          firedAt,
          runId: scheduledRunId(name, firedAt),
          state,
          ...(state === 'done' && job.returnvalue ? { result: job.returnvalue } : {}),
          ...(state === 'failed' ? failedFields(job.failedReason) : {}),
        });
      }
    }
    for (const firings of byName.values()) firings.sort((a, b) => b.firedAt - a.firedAt);
    return byName;
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
  return ((await allFirings(redis, prefix)).get(name) ?? []).slice(0, limit);
}

/** How far back the dashboard counts a schedule's failed firings. */
export const RECENT_FAILURES_MS = 7 * 24 * 60 * 60 * 1000;

/** What the dashboard shows of a schedule's firings: the last one, and how many failed lately. */
export interface FiringSummary {
  readonly last: Firing | undefined;
  /** Firings due within RECENT_FAILURES_MS that failed for good. */
  readonly failedRecently: number;
}

export async function firingSummaries(
  redis: Redis,
  prefix: string,
  now = Date.now(),
): Promise<ReadonlyMap<string, FiringSummary>> {
  const summaries = new Map<string, FiringSummary>();
  for (const [name, firings] of await allFirings(redis, prefix)) {
    const failedRecently = firings.filter(
      (f) => f.state === 'failed' && f.firedAt >= now - RECENT_FAILURES_MS,
    ).length;
    summaries.set(name, { last: firings[0], failedRecently });
  }
  return summaries;
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
