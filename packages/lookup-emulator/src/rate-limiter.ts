/**
 * Per-key token buckets: `burst` tokens at most, refilled at `rate` per second. A request takes one token;
 * without one it gets 429 and `Retry-After`, the whole seconds until a token is back (at least 1).
 */

export type Clock = () => number;

interface Bucket {
  tokens: number;
  /** Clock reading of the last refill, ms. */
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly burst: number;

  /**
   * @param rate tokens per second, undefined for no limit.
   * @param burst bucket size; defaults to the rate, but at least 1 so a slow rate still admits requests.
   */
  constructor(
    private readonly rate: number | undefined,
    burst?: number,
    private readonly now: Clock = () => performance.now(),
  ) {
    this.burst = burst ?? Math.max(1, rate ?? 1);
  }

  /** 0 when the request may proceed, else the Retry-After seconds. */
  take(key: string): number {
    if (this.rate === undefined) return 0;
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.rate);
      bucket.at = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate));
  }
}
