import { parseCounters, verdictCount } from '../domain/run-counters.js';
import type { Counters, RunState } from '../run/state/run-store.js';
import type { FollowTick } from './submit.js';

/**
 * What a run's progress says, as plain figures: shared by the TTY bar and the periodic log line of a run
 * without a terminal (cron), so both tell the same story.
 */
export interface ProgressFigures {
  readonly written: number;
  /** Rows in the file: exact once the reader reached its end, else estimated from the bytes read. */
  readonly total: number | undefined;
  readonly exact: boolean;
  /** Rows written per second since this follower started. */
  readonly rowsPerSecond: number;
  readonly etaSeconds: number | undefined;
  readonly callsPerSecond: number;
  readonly rateLimited: number;
  readonly verdicts: Readonly<Record<'HIT' | 'INCOMPLETE' | 'REVIEW' | 'CLEAR' | 'INVALID', number>>;
}

/**
 * The number of rows in the file: exact once known; else rows read so far scaled by the share of the file's
 * bytes read (the reader reads a little ahead, so the estimate errs low by at most one read buffer).
 */
export function estimateTotal(
  run: Pick<RunState, 'totalRows' | 'dispatched' | 'written' | 'bytesRead' | 'inputBytes'>,
): { total: number; exact: boolean } | undefined {
  if (run.totalRows !== undefined) return { total: run.totalRows, exact: true };
  const rows = Math.max(run.dispatched, run.written);
  if (!run.bytesRead || run.bytesRead <= 0 || run.inputBytes <= 0 || rows <= 0) return undefined;
  const share = Math.min(1, run.bytesRead / run.inputBytes);
  return { total: Math.max(rows, Math.round(rows / share)), exact: false };
}

export function progressFigures(
  run: RunState,
  counters: Counters,
  rates: { rowsPerSecond: number; callsPerSecond: number },
): ProgressFigures {
  const estimate = estimateTotal(run);
  const left = estimate ? Math.max(0, estimate.total - run.written) : undefined;
  return {
    written: run.written,
    total: estimate?.total,
    exact: estimate?.exact ?? false,
    rowsPerSecond: rates.rowsPerSecond,
    etaSeconds: left !== undefined && rates.rowsPerSecond > 0 ? left / rates.rowsPerSecond : undefined,
    callsPerSecond: rates.callsPerSecond,
    rateLimited: parseCounters(counters).rateLimited,
    verdicts: {
      HIT: verdictCount(counters, 'HIT'),
      INCOMPLETE: verdictCount(counters, 'INCOMPLETE'),
      REVIEW: verdictCount(counters, 'REVIEW'),
      CLEAR: verdictCount(counters, 'CLEAR'),
      INVALID: verdictCount(counters, 'INVALID'),
    },
  };
}

/** Rows and calls per second as a follower sees them: calls over the last second, rows since it started. */
export class RateMeter {
  private lastCalls = -1;
  private lastAt = Date.now();
  private cps = 0;
  private readonly startedAt = Date.now();
  private startWritten = -1;

  figures({ run, counters }: FollowTick, now = Date.now()): ProgressFigures {
    const calls = parseCounters(counters).calls;
    if (this.lastCalls < 0) this.lastCalls = calls;
    if (now - this.lastAt >= 1_000) {
      this.cps = ((calls - this.lastCalls) * 1_000) / (now - this.lastAt);
      this.lastCalls = calls;
      this.lastAt = now;
    }
    if (this.startWritten < 0) this.startWritten = run.written;
    const rowsPerSecond = (run.written - this.startWritten) / Math.max(1, (now - this.startedAt) / 1_000);
    return progressFigures(run, counters, { rowsPerSecond, callsPerSecond: this.cps });
  }
}
