import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { RedisScript } from '../infra/redis-script.js';
import { parseStoredJson, parseStoredValue } from '../run/state/stored-json.js';

/**
 * Identical requests within a run (the same INN or surname on several rows) are made once. The cache is
 * scoped to the run, keyed by operation and parameters, and single-flight: while one worker fetches, the
 * others (in this process and on other machines) wait for its answer instead of calling too. Only
 * successful answers are cached.
 *
 * Memory is bounded by rows, not by time or file size: answers live in generations of rows (one Redis hash
 * per generation), a row consults its own generation and the previous ones, and the writer drops each
 * generation once no row in flight can consult it. A repeat within `cacheRows` rows of the answer's last
 * use is always served from the cache; a hit copies the answer into the asking row's generation, so an
 * answer that keeps being used (a common surname) stays for the whole run.
 */
export interface Cached<T> {
  readonly value: T;
  readonly cached: boolean;
}

/** Where one row's answers live. Computed by the coordinator and carried in the check job's data. */
export interface CacheWindow {
  /** The row's generation, floor(row / rows per generation). */
  readonly generation: number;
  /** Generations consulted, the row's own included. */
  readonly span: number;
}

/** Generations a row consults: its own and CACHE_SPAN - 1 before it. */
export const CACHE_SPAN = 5;

function rowsPerGeneration(cacheRows: number): number {
  return Math.max(1, Math.ceil(cacheRows / (CACHE_SPAN - 1)));
}

export function cacheWindowOf(row: number, cacheRows: number): CacheWindow {
  return { generation: Math.floor(row / rowsPerGeneration(cacheRows)), span: CACHE_SPAN };
}

/**
 * The newest generation no row still to be checked can consult, once every row up to `written` is on
 * disk (rows in flight are all after `written`), or -1 when there is none yet.
 */
export function lastDroppableGeneration(written: number, cacheRows: number): number {
  return cacheWindowOf(written, cacheRows).generation - CACHE_SPAN;
}

export function requestDigest(
  operation: string,
  params: Readonly<Record<string, string>>,
  service?: string,
): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]]);
  // The service's id is part of the request: an answer of one service is never another's.
  const named = service === undefined ? [operation, sorted] : [service, operation, sorted];
  return createHash('sha256').update(JSON.stringify(named)).digest('base64url').slice(0, 22);
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

/**
 * What one process knows of the answers of its runs: the recent ones (a hit costs no Redis round trip and
 * no parse, but only within the generation it was seen in, so that Redis learns of every use) and the
 * fetches in progress here (their waiters do not poll Redis).
 */
export class LocalAnswers {
  readonly recent: LocalLru<{ readonly generation: number; readonly value: unknown }>;
  readonly inflight = new Map<string, Promise<void>>();
  constructor(entries = 2_000) {
    this.recent = new LocalLru(entries);
  }
}

/** Returns the answer (copied into the row's generation), or 1: the lock is yours, fetch; 0: someone fetches. */
const LOOKUP = new RedisScript(`
local n = #KEYS - 1
for i = 1, n do
  local v = redis.call('HGET', KEYS[i], ARGV[1])
  if v then
    if i > 1 then
      redis.call('HSET', KEYS[1], ARGV[1], v)
      redis.call('PEXPIRE', KEYS[1], ARGV[4])
    end
    return v
  end
end
if redis.call('SET', KEYS[n + 1], ARGV[2], 'PX', ARGV[3], 'NX') then return 1 end
return 0
`);

const STORE = new RedisScript(`
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if redis.call('GET', KEYS[2]) == ARGV[4] then redis.call('DEL', KEYS[2]) end
return 1
`);

const UNLOCK = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`);

const RENEW = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1
`);

/**
 * The single-flight lock's lifetime without renewal. It is shorter than a check job's own lock (10 s), so
 * a check that BullMQ hands out again after its worker died never waits on the lock that worker left
 * behind; a live fetch (pacer wait plus an HTTP call of up to 10 s) renews it every third of this.
 */
export const CACHE_LOCK_MS = 5_000;

export interface RequestCacheKeys {
  /** The hash of one generation of the run's answers. */
  generation(generation: number): string;
  /** The single-flight lock of one request of the run. */
  lock(digest: string): string;
}

export interface RequestCacheOptions {
  /** Shared by every cache of this process (see LocalAnswers). */
  readonly local?: LocalAnswers;
  /** A lock not renewed for this long belongs to a dead fetch, and another worker may call. */
  readonly lockMs?: number;
  /** A generation nobody wrote to for this long belongs to an abandoned run and goes (24 h). */
  readonly abandonedAfterMs?: number;
  /** The id of the service the answers come from (src/settings/service-identity.ts): part of every key. */
  readonly service?: string;
}

let tokens = 0;

export class RequestCache {
  private readonly lockMs: number;
  private readonly abandonedAfterMs: number;
  private readonly local: LocalAnswers;
  private readonly consulted: readonly string[];
  private readonly service: string | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly keys: RequestCacheKeys,
    private readonly window: CacheWindow,
    options: RequestCacheOptions = {},
  ) {
    this.lockMs = options.lockMs ?? CACHE_LOCK_MS;
    this.abandonedAfterMs = options.abandonedAfterMs ?? 24 * 3_600_000;
    this.local = options.local ?? new LocalAnswers(0);
    this.service = options.service;
    const generations: string[] = [];
    for (let g = window.generation; g > window.generation - window.span && g >= 0; g--)
      generations.push(keys.generation(g));
    this.consulted = generations;
  }

  /**
   * The answer to a request: from the cache, read back through `schema` (a damaged entry is
   * KYC_ERR_REDIS_CORRUPT), or fetched once for every process that asks at the same time.
   */
  async getOrFetch<T>(
    operation: string,
    params: Readonly<Record<string, string>>,
    fetch: () => Promise<T>,
    schema: z.ZodType<T>,
  ): Promise<Cached<T>> {
    const what = `cached answer of ${operation}`;
    const digest = requestDigest(operation, params, this.service);
    const lockKey = this.keys.lock(digest);
    const { generation } = this.window;
    for (;;) {
      const known = this.local.recent.get(lockKey);
      if (known?.generation === generation)
        return { value: parseStoredValue(schema, known.value, what), cached: true };
      const flight = this.local.inflight.get(lockKey);
      if (flight) {
        await flight;
        continue;
      }
      const token = `${process.pid}.${++tokens}`;
      const reply = await LOOKUP.run(
        this.redis,
        [...this.consulted, lockKey],
        [digest, token, this.lockMs, this.abandonedAfterMs],
      );
      if (typeof reply === 'string') {
        const value = parseStoredJson(schema, reply, what);
        this.local.recent.set(lockKey, { generation, value });
        return { value, cached: true };
      }
      if (reply === 1) return this.fetchLocked(digest, lockKey, token, fetch);
      // Another process is fetching the same answer: it is in Redis within one upstream call.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private async fetchLocked<T>(
    digest: string,
    lockKey: string,
    token: string,
    fetch: () => Promise<T>,
  ): Promise<Cached<T>> {
    let landed: () => void = () => undefined;
    this.local.inflight.set(lockKey, new Promise<void>((resolve) => (landed = resolve)));
    const renewal = setInterval(() => {
      RENEW.run(this.redis, [lockKey], [token, this.lockMs]).catch(() => undefined);
    }, this.lockMs / 3);
    renewal.unref();
    try {
      const value = await fetch();
      await STORE.run(
        this.redis,
        [this.keys.generation(this.window.generation), lockKey],
        [digest, JSON.stringify(value), this.abandonedAfterMs, token],
      );
      this.local.recent.set(lockKey, { generation: this.window.generation, value });
      return { value, cached: false };
    } catch (error) {
      // Failures are not cached: the lock goes, and the next caller tries again.
      await UNLOCK.run(this.redis, [lockKey], [token]).catch(() => undefined);
      throw error;
    } finally {
      clearInterval(renewal);
      this.local.inflight.delete(lockKey);
      landed();
    }
  }
}
