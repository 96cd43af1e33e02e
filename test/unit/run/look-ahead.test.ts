import { describe, expect, it } from 'vitest';
import {
  BOOKED_AHEAD_MS,
  MIN_AHEAD_ROWS,
  MIN_QUEUED_CHECKS,
  holdDispatch,
} from '../../../src/run/look-ahead.js';
import { PRIORITY, servedNotLaterBound } from '../../../src/run/state/topology.js';

describe('holdDispatch: how far the coordinator reads ahead of the checks', () => {
  const busy = { queuedChecks: MIN_QUEUED_CHECKS, bookedAheadMs: BOOKED_AHEAD_MS };

  it('never holds a run with few unfinished rows, however busy the workers are with other runs', () => {
    // A high-priority upload behind a nightly run: its first rows go out at once.
    expect(holdDispatch({ unfinishedRows: MIN_AHEAD_ROWS - 1, ...busy })).toBe(false);
    expect(holdDispatch({ unfinishedRows: 0, queuedChecks: 1e6, bookedAheadMs: 1e6 })).toBe(false);
  });

  it('holds when enough rows are unfinished and checks wait for a worker', () => {
    expect(
      holdDispatch({ unfinishedRows: MIN_AHEAD_ROWS, queuedChecks: MIN_QUEUED_CHECKS, bookedAheadMs: 0 }),
    ).toBe(true);
  });

  it('holds when enough rows are unfinished and the quota is booked ahead', () => {
    expect(
      holdDispatch({ unfinishedRows: MIN_AHEAD_ROWS, queuedChecks: 0, bookedAheadMs: BOOKED_AHEAD_MS }),
    ).toBe(true);
  });

  it('dispatches again as soon as the workers could run short of checks', () => {
    expect(
      holdDispatch({
        unfinishedRows: 10 * MIN_AHEAD_ROWS,
        queuedChecks: MIN_QUEUED_CHECKS - 1,
        bookedAheadMs: BOOKED_AHEAD_MS - 1,
      }),
    ).toBe(false);
  });
});

describe('servedNotLaterBound: which waiting checks go before a run of a given priority', () => {
  // BullMQ scores a prioritized job `priority × 2^32 + counter` (its addJobWithPriority script).
  const score = (priority: number, counter: number) => priority * 0x100000000 + counter;

  it('counts every job of the same or a higher priority and none of a lower one', () => {
    const high = servedNotLaterBound(PRIORITY.high);
    expect(score(PRIORITY.high, 0xffffffff)).toBeLessThan(high);
    expect(score(PRIORITY.normal, 1)).toBeGreaterThanOrEqual(high);
    const low = servedNotLaterBound(PRIORITY.low);
    expect(score(PRIORITY.low, 0xffffffff)).toBeLessThan(low);
    expect(score(PRIORITY.high, 1)).toBeLessThan(low);
  });
});
