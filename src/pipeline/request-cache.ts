import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Identical requests within a run (the same INN or surname on several rows) are made once. The cache is
 * scoped to the run, keyed by operation and parameters, and single-flight: while one worker fetches, the
 * others wait for its answer instead of calling too. Only successful answers are cached.
 */
export interface Cached<T> {
  readonly value: T;
  readonly cached: boolean;
}

export interface RequestCacheOptions {
  /** How long a cached answer lives: long enough for any run, short enough not to pile up. */
  readonly ttlSeconds?: number;
  /** A fetch that holds the lock longer than this is presumed dead and another worker may call. */
  readonly lockMs?: number;
}

export function requestDigest(operation: string, params: Readonly<Record<string, string>>): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]]);
  return createHash('sha256')
    .update(JSON.stringify([operation, sorted]))
    .digest('hex')
    .slice(0, 32);
}

export class RequestCache {
  private readonly ttlSeconds: number;
  private readonly lockMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly keyOf: (digest: string) => string,
    private readonly lockKeyOf: (digest: string) => string,
    options: RequestCacheOptions = {},
  ) {
    this.ttlSeconds = options.ttlSeconds ?? 7 * 24 * 3600;
    this.lockMs = options.lockMs ?? 30_000;
  }

  async getOrFetch<T>(
    operation: string,
    params: Readonly<Record<string, string>>,
    fetch: () => Promise<T>,
  ): Promise<Cached<T>> {
    const digest = requestDigest(operation, params);
    const key = this.keyOf(digest);
    const lockKey = this.lockKeyOf(digest);
    const deadline = Date.now() + this.lockMs * 2;
    for (;;) {
      const hit = await this.redis.get(key);
      if (hit !== null) return { value: JSON.parse(hit) as T, cached: true };
      const locked = await this.redis.set(lockKey, String(process.pid), 'PX', this.lockMs, 'NX');
      if (locked === 'OK' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    try {
      const value = await fetch();
      await this.redis.set(key, JSON.stringify(value), 'EX', this.ttlSeconds);
      return { value, cached: false };
    } finally {
      await this.redis.del(lockKey);
    }
  }
}
