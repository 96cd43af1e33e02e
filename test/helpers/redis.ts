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
