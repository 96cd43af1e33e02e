import type { Context, MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import { KycError } from '../errors.js';
import { RunStore } from '../run/state/run-store.js';

/**
 * What one token may ask of the server: requests per minute (`KYC_API_RATE_LIMIT`) and runs queued or
 * running at once (`KYC_API_MAX_ACTIVE_RUNS`), each answered past its limit with 429 and Retry-After. Both
 * are counted in Redis, so every `serve` on the same Redis shares them.
 */
export interface TokenLimits {
  readonly requestsPerMinute: number;
  readonly activeRuns: number;
}

export const DEFAULT_TOKEN_LIMITS: TokenLimits = { requestsPerMinute: 600, activeRuns: 20 };

function positive(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new KycError('KYC_ERR_CONFIG_INVALID', `${name} must be a positive integer`);
  return value;
}

export function loadTokenLimits(env: NodeJS.ProcessEnv): TokenLimits {
  return {
    requestsPerMinute: positive(
      env.KYC_API_RATE_LIMIT,
      'KYC_API_RATE_LIMIT',
      DEFAULT_TOKEN_LIMITS.requestsPerMinute,
    ),
    activeRuns: positive(
      env.KYC_API_MAX_ACTIVE_RUNS,
      'KYC_API_MAX_ACTIVE_RUNS',
      DEFAULT_TOKEN_LIMITS.activeRuns,
    ),
  };
}

const WINDOW_MS = 60_000;
const FINAL = new Set(['done', 'failed', 'cancelled']);

function tooMany(c: Context, retryAfterSeconds: number, error: KycError): never {
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  throw error;
}

/** Requests of the authenticated token in the current minute; past the limit, 429 until the next one. */
export function requestRateLimit(
  redis: Redis,
  prefix: string,
  limits: TokenLimits,
): MiddlewareHandler<{ Variables: { submitter: string } }> {
  return async (c, next) => {
    const now = Date.now();
    const window = Math.floor(now / WINDOW_MS);
    const key = `${prefix}:api:rate:${c.get('submitter')}:${window}`;
    const [[, count]] = (await redis
      .multi()
      .incr(key)
      .pexpire(key, 2 * WINDOW_MS)
      .exec()) as [[Error | null, number], [Error | null, number]];
    if (count > limits.requestsPerMinute)
      tooMany(
        c,
        ((window + 1) * WINDOW_MS - now) / 1000,
        new KycError(
          'KYC_ERR_API_RATE_LIMITED',
          `at most ${limits.requestsPerMinute} requests a minute per token`,
        ),
      );
    await next();
  };
}

/**
 * Runs a token has queued or running, uploads in progress included: a new run past the limit is 429. The
 * set of a token's runs is pruned of finished and deleted ones as it is read.
 */
export class ActiveRuns {
  private readonly uploading = new Map<string, number>();
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: TokenLimits,
  ) {}

  private key(submitter: string): string {
    return `${this.prefix}:api:active:${submitter}`;
  }

  private async active(submitter: string): Promise<number> {
    const store = new RunStore(this.redis, this.prefix);
    const ids = await this.redis.smembers(this.key(submitter));
    let count = 0;
    for (const id of ids) {
      const run = await store.get(id);
      if (!run || FINAL.has(run.status)) await this.redis.srem(this.key(submitter), id);
      else count++;
    }
    return count;
  }

  /** Runs `submit` unless the token is at its limit; the run it makes counts until it ends. */
  async admit<T extends { id: string }>(c: Context, submitter: string, submit: () => Promise<T>): Promise<T> {
    const uploading = this.uploading.get(submitter) ?? 0;
    this.uploading.set(submitter, uploading + 1);
    try {
      if (uploading + (await this.active(submitter)) >= this.limits.activeRuns)
        tooMany(
          c,
          30,
          new KycError(
            'KYC_ERR_API_TOO_MANY_RUNS',
            `at most ${this.limits.activeRuns} runs queued or running per token`,
          ),
        );
      const run = await submit();
      await this.redis.sadd(this.key(submitter), run.id);
      return run;
    } finally {
      const left = (this.uploading.get(submitter) ?? 1) - 1;
      if (left === 0) this.uploading.delete(submitter);
      else this.uploading.set(submitter, left);
    }
  }
}
