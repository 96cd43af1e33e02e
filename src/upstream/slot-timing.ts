/**
 * When a call that holds a slot of the shared pacer may leave: the pure part of pacing (no Redis, no
 * timers). Slots are spaced 1/rate apart on Redis's clock; the upstream gateway's token bucket admits
 * `burst` calls above its steady rate. A call sent late by d bunches with the calls paced after it, and the
 * bucket absorbs that only while rate × d stays below its spare tokens. So a call may go out a little late,
 * never early, and a call whose slot passed more than the tolerance ago takes a new slot instead.
 */

/** The share of the bucket's spare tokens lateness may use; the rest covers what follows the decision
 * (the HTTP client, the network, the gateway's own clock). */
const TOLERANCE_SHARE = 0.6;

/** How often one call takes a new slot at most: after that it goes out late rather than never. */
export const MAX_RETAKES = 3;

/**
 * How late, ms, a call may leave after its slot. A bucket of `burst` tokens keeps one for the call itself
 * and absorbs `burst - 1` bunched ones; a bucket of one token still gets half a slot of slack, since no
 * local timer is exact.
 */
export function latenessToleranceMs(rate: number, burst: number): number {
  return (Math.max(burst - 1, 0.5) / rate) * 1000 * TOLERANCE_SHARE;
}

/** The upstream's bucket size when the upstream profile does not say: a tenth of a second of calls. */
export function assumedBurst(rate: number, burst: number | undefined): number {
  return burst ?? Math.max(1, rate / 10);
}

export type SlotDecision = 'send' | 'retake';

/** Send now, or take a new slot because this one passed too long ago (see MAX_RETAKES). */
export function slotDecision(lateMs: number, toleranceMs: number, retakes: number): SlotDecision {
  return lateMs <= toleranceMs || retakes >= MAX_RETAKES ? 'send' : 'retake';
}

/**
 * The offset from Redis's clock to this process's monotonic clock, ms: the smallest (local time a reply
 * was read − Redis time in it) seen over the last two windows. Every sample is the true offset plus the
 * reply's latency, which an event-loop stall only ever lengthens, so the smallest is the closest and a slot
 * mapped with it is never placed before its true local time. Windows let the estimate follow a clock that
 * drifts or steps.
 */
export class ClockOffset {
  private current = Number.POSITIVE_INFINITY;
  private previous = Number.POSITIVE_INFINITY;
  private windowStart = Number.NEGATIVE_INFINITY;

  constructor(private readonly windowMs = 10_000) {}

  /** A reply read at `localMs` (performance.now()) that carried Redis time `redisMs`. */
  observe(localMs: number, redisMs: number): void {
    if (localMs - this.windowStart >= this.windowMs) {
      this.previous = this.current;
      this.current = Number.POSITIVE_INFINITY;
      this.windowStart = localMs;
    }
    this.current = Math.min(this.current, localMs - redisMs);
  }

  /** Local time (performance.now() scale) of a Redis time; call observe() first. */
  toLocal(redisMs: number): number {
    return redisMs + Math.min(this.current, this.previous);
  }
}
