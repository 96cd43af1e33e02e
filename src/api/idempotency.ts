import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { KycError } from '../errors.js';
import { ABANDONED_RUN_DATA_MS } from '../run/state/retention.js';

/** How long a retried upload with the same Idempotency-Key finds its run: as long as a run's data is kept. */
export const IDEMPOTENCY_TTL_MS = ABANDONED_RUN_DATA_MS;

const KEY = /^[\x21-\x7e]{1,255}$/u;

/** An Idempotency-Key header: 1–255 visible ASCII characters (a UUID is the usual choice). */
export function checkIdempotencyKey(value: string): string {
  if (!KEY.test(value))
    throw new KycError('KYC_ERR_API_REQUEST', 'Idempotency-Key must be 1-255 visible ASCII characters');
  return value;
}

/**
 * Idempotency-Key → run id, per token: a key is the client's, so another token's same key is another run.
 * The key is stored hashed with the token name, so Redis holds neither as typed.
 */
export class IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(submitter: string, idempotencyKey: string): string {
    const digest = createHash('sha256').update(`${submitter}\n${idempotencyKey}`).digest('hex');
    return `${this.prefix}:api:idempotency:${digest}`;
  }

  async find(submitter: string, idempotencyKey: string): Promise<string | undefined> {
    return (await this.redis.get(this.key(submitter, idempotencyKey))) ?? undefined;
  }

  /** Takes the key for the run; the run id that already holds it, when a concurrent retry was first. */
  async claim(submitter: string, idempotencyKey: string, runId: string): Promise<string | undefined> {
    const key = this.key(submitter, idempotencyKey);
    const set = await this.redis.set(key, runId, 'PX', IDEMPOTENCY_TTL_MS, 'NX');
    if (set === 'OK') return undefined;
    return (await this.redis.get(key)) ?? undefined;
  }
}
