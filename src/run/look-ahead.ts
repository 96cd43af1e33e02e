/**
 * How far the coordinator reads ahead of the checks. Rows dispatched while the workers already have work
 * only wait in the queue, and dispatching them is not free: a chunk of flows is a burst of Redis work and
 * of CPU in the process that also hosts workers. Dispatching the whole window at the start of a run cost
 * the first seconds' quota on a busy machine. So the reader holds while enough of its rows are unfinished
 * AND either enough checks that go before its own wait for a worker or the shared pacer has calls booked
 * ahead (the quota, not the supply of work, limits the run), and dispatches again as soon as that is no
 * longer true. A lower-priority run's backlog never holds a run: its checks go after this run's. The window
 * still bounds rows between read and written; this only bounds the work handed to the queue early.
 */

/** Unfinished rows below which the reader never holds: enough queued checks for every worker slot. */
export const MIN_AHEAD_ROWS = 64;
/**
 * Checks waiting for a worker and served no later than this run's own (its priority or a higher one) from
 * which workers have work for about a second at R = 200.
 */
export const MIN_QUEUED_CHECKS = 256;
/** Booked time of the shared pacer from which the quota counts as fully used (≥ 5 calls at R = 100). */
export const BOOKED_AHEAD_MS = 50;
/** Rows per dispatch once the reader has held: a few at a time, as the workers make room. */
export const STEADY_CHUNK_ROWS = 16;
/** How often a holding reader looks again. */
export const HOLD_POLL_MS = 50;

export interface LookAheadState {
  /** Rows dispatched whose result is not stored yet. */
  readonly unfinishedRows: number;
  /** Check jobs waiting for a worker that are served before, or with, this run's next ones. */
  readonly queuedChecks: number;
  /** Milliseconds of calls the shared pacer has already booked beyond now. */
  readonly bookedAheadMs: number;
}

/** True while dispatching more rows would only lengthen the queue. */
export function holdDispatch({ unfinishedRows, queuedChecks, bookedAheadMs }: LookAheadState): boolean {
  if (unfinishedRows < MIN_AHEAD_ROWS) return false;
  return queuedChecks >= MIN_QUEUED_CHECKS || bookedAheadMs >= BOOKED_AHEAD_MS;
}
