/**
 * Per-key token buckets: `burst` tokens at most, refilled at `rate` per second. A request takes one token;
 * without one it gets 429 and `Retry-After`, the whole seconds until a token is back (at least 1).
 *
 * Kept as the time each key's bucket is next due (the generic cell rate algorithm, equivalent to a token
 * bucket): a call is admitted when it comes no earlier than `(burst − 1)` intervals before that time, and
 * an admitted call moves it one interval (1/rate) on. With `burst` 1 this is nginx's `limit_req` without
 * `burst`: a call is admitted only a whole interval after the last admitted one. Comparing times instead
 * of summing fractional tokens keeps calls spaced exactly 1/rate apart admitted at any rate (summed
 * refills drift below one token at rates such as 3 or 7 per second).
 */

export type Clock = () => number;

/** Calls this close to their slot (ms) count as on time: clocks and float sums are not exact below. */
const ON_TIME_MS = 0.001;

export class TokenBuckets {
  /** Per key: when its bucket is next due (clock reading, ms); a call at or after it finds the bucket full. */
  private readonly due = new Map<string, number>();
  /** ms per token. */
  private readonly interval: number;
  /** How early a call may come before its bucket is due, ms: the burst above the first token. */
  private readonly tolerance: number;

  /**
   * @param rate tokens per second, undefined for no limit.
   * @param burst bucket size; defaults to the rate, but at least 1 so a slow rate still admits requests.
   */
  constructor(
    private readonly rate: number | undefined,
    burst?: number,
    private readonly now: Clock = () => performance.now(),
  ) {
    const size = burst ?? Math.max(1, rate ?? 1);
    this.interval = rate === undefined ? 0 : 1000 / rate;
    this.tolerance = (size - 1) * this.interval;
  }

  /** 0 when the request may proceed, else the Retry-After seconds. */
  take(key: string): number {
    if (this.rate === undefined) return 0;
    const now = this.now();
    const due = Math.max(this.due.get(key) ?? now, now);
    const early = due - this.tolerance - now;
    if (early > ON_TIME_MS) return Math.max(1, Math.ceil(early / 1000));
    this.due.set(key, due + this.interval);
    return 0;
  }
}
