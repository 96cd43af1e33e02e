import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { inject } from 'vitest';

/** The suite's Redis URL (a private redis-server, or REDIS_URL). */
export function redisUrl(): string {
  return inject('redisUrl');
}

/** A queue prefix no other test file uses, hash-tagged like production's `{kyc}`. */
export function uniquePrefix(): string {
  return `{kyc-test-${randomUUID().slice(0, 8)}}`;
}

/** A connection for BullMQ workers (which require maxRetriesPerRequest: null). */
export function connect(): Redis {
  return new Redis(redisUrl(), { maxRetriesPerRequest: null });
}

/**
 * Every key under the prefix with its value as text, whatever its type: what an attacker with Redis sees.
 * Read by type, not DUMP: a DUMP could compress a string and hide it.
 */
export async function dumpKeys(redis: Redis, prefix: string): Promise<string> {
  const parts: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let value: unknown;
      if (type === 'string') value = await redis.get(key);
      else if (type === 'hash') value = await redis.hgetall(key);
      else if (type === 'list') value = await redis.lrange(key, 0, -1);
      else if (type === 'set') value = await redis.smembers(key);
      else if (type === 'zset') value = await redis.zrange(key, '0', '-1', 'WITHSCORES');
      else if (type === 'stream') value = await redis.xrange(key, '-', '+');
      parts.push(`${key} ${JSON.stringify(value)}`);
    }
  } while (cursor !== '0');
  return parts.join('\n');
}
