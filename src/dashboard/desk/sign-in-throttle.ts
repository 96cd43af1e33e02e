/**
 * Failed desk sign-ins, counted per client address and per name tried: after `limit` failures within
 * `windowMs` either key is refused until the window has passed, so a token cannot be guessed at speed from
 * one address, nor one person's token from many. Memory is bounded: at most `maxKeys` keys are kept, the
 * oldest dropped first.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a sign-in from this address under this name is refused without being checked. */
  blocked(address: string, name: string): boolean {
    return [`a:${address}`, `n:${name.toLowerCase()}`].some((key) => {
      const entry = this.failures.get(key);
      if (!entry) return false;
      if (this.now() - entry.since >= this.windowMs) {
        this.failures.delete(key);
        return false;
      }
      return entry.count >= this.limit;
    });
  }

  failed(address: string, name: string): void {
    for (const key of [`a:${address}`, `n:${name.toLowerCase()}`]) {
      const entry = this.failures.get(key);
      const fresh = !entry || this.now() - entry.since >= this.windowMs;
      this.failures.delete(key);
      this.failures.set(key, fresh ? { count: 1, since: this.now() } : { ...entry, count: entry.count + 1 });
      while (this.failures.size > this.maxKeys) {
        const oldest = this.failures.keys().next().value;
        if (oldest === undefined) break;
        this.failures.delete(oldest);
      }
    }
  }

  /** How many keys are held (for the bound's test). */
  get size(): number {
    return this.failures.size;
  }
}
