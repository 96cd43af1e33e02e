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
  /** Answers also kept in this process, most recent first: a hit then costs no Redis round trip and no parse. */
  readonly localEntries?: number;
  /**
   * How long an answer stays after its last use. Answers to surname searches are used again and again
   * and stay; an answer about one INN expires a while after the last row that needed it, so Redis holds
   * the answers of the recent past, not of the whole file.
   */
  readonly ttlSeconds?: number;
  /** A fetch that holds the lock longer than this is presumed dead and another worker may call. */
  readonly lockMs?: number;
}

/** See RequestCacheOptions.ttlSeconds; KYC_CACHE_TTL overrides it. */
export const DEFAULT_CACHE_TTL_SECONDS = 600;

export function requestDigest(operation: string, params: Readonly<Record<string, string>>): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]]);
  return createHash('sha256')
    .update(JSON.stringify([operation, sorted]))
    .digest('hex')
    .slice(0, 32);
}

/** A small least-recently-used map; Map keeps insertion order, so the first key is the oldest. */
export class LocalLru<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

export class RequestCache {
  private readonly ttlSeconds: number;
  private readonly lockMs: number;
  private readonly local: LocalLru<unknown> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly keyOf: (digest: string) => string,
    private readonly lockKeyOf: (digest: string) => string,
    options: RequestCacheOptions & { readonly shared?: LocalLru<unknown> } = {},
  ) {
    this.ttlSeconds = options.ttlSeconds ?? DEFAULT_CACHE_TTL_SECONDS;
    this.lockMs = options.lockMs ?? 30_000;
    this.local = options.shared ?? (options.localEntries ? new LocalLru(options.localEntries) : undefined);
  }

  async getOrFetch<T>(
    operation: string,
    params: Readonly<Record<string, string>>,
    fetch: () => Promise<T>,
  ): Promise<Cached<T>> {
    const digest = requestDigest(operation, params);
    const key = this.keyOf(digest);
    const known = this.local?.get(key);
    if (known !== undefined) return { value: known as T, cached: true };
    const lockKey = this.lockKeyOf(digest);
    const deadline = Date.now() + this.lockMs * 2;
    for (;;) {
      // A hit renews the answer's time to live (GETEX, Redis 6.2+).
      const hit = await this.redis.getex(key, 'EX', this.ttlSeconds);
      if (hit !== null) {
        const value = JSON.parse(hit) as T;
        this.local?.set(key, value);
        return { value, cached: true };
      }
      const locked = await this.redis.set(lockKey, String(process.pid), 'PX', this.lockMs, 'NX');
      if (locked === 'OK' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    try {
      const value = await fetch();
      await this.redis.set(key, JSON.stringify(value), 'EX', this.ttlSeconds);
      this.local?.set(key, value);
      return { value, cached: false };
    } finally {
      await this.redis.del(lockKey);
    }
  }
}
