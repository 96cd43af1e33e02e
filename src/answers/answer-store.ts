import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { scanKeys } from '../infra/redis-connection.js';
import { RedisScript } from '../infra/redis-script.js';
import { requestMac, valueSeal, type AnswerRequest } from './answer-key.js';

/**
 * The answers of the Lookup Service kept across runs (docs/operations.md, "Answers kept across runs"): one
 * Redis string per request, under a keyed hash of the request (answer-key.ts), written by a single SET with
 * the check's max age as its expiry, so that an entry is whole or absent and goes when it may no longer
 * be used. It is a cache: an entry that is missing, damaged, sealed under another key or older than the
 * asking run's max age costs a call, never a verdict; only answers of successful calls are kept.
 */
export interface KeptAnswer<T> {
  readonly answer: T;
  /** When the service gave this answer (ms since the epoch). */
  readonly fetchedAt: number;
}

/** Where the store lives and what names its keys. */
export interface AnswerStoreSettings {
  /** The deployment's secret of the key hashes (secret.ts). */
  readonly secret: Buffer;
  /** The Lookup Service the answers come from (its URL without credentials, or `emulator`). */
  readonly upstream: string;
}

/** `<prefix>:answers:<mac>`: under the pipeline's hash tag, like every other key (one Cluster slot). */
export function answerKeyPattern(prefix: string): string {
  return `${prefix}:answers:*`;
}

/** Deletes an entry only while it still holds the damaged value (a fresh SET in between stays). */
const DISCARD = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`);

/** Why a kept entry was refused: its seal does not match (cut, altered, moved), or its content is not an answer. */
export type EntryDamage = 'seal' | 'content';

interface Stored {
  readonly t: number;
  readonly a: unknown;
}

function parseBody(body: string): Stored | undefined {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null) return undefined;
    const { t, a } = value as { t?: unknown; a?: unknown };
    return typeof t === 'number' && Number.isFinite(t) && a !== undefined ? { t, a } : undefined;
  } catch {
    return undefined;
  }
}

export class AnswerStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly settings: AnswerStoreSettings,
  ) {}

  private keyOf(operation: string, params: Readonly<Record<string, string>>) {
    const request: AnswerRequest = { upstream: this.settings.upstream, operation, params };
    const mac = requestMac(this.settings.secret, request);
    return { mac, key: `${this.prefix}:answers:${mac}` };
  }

  /**
   * The kept answer to this request when it is younger than `maxAgeMs`; undefined otherwise. An entry that
   * fails its seal or `schema` is deleted and not used, and `onDamaged` told why (so that the run counts
   * it). Redis errors read as "no answer" (one more call).
   */
  async reuse<T>(
    operation: string,
    params: Readonly<Record<string, string>>,
    maxAgeMs: number,
    schema: z.ZodType<T>,
    now = Date.now(),
    onDamaged?: (damage: EntryDamage) => void,
  ): Promise<KeptAnswer<T> | undefined> {
    if (maxAgeMs <= 0) return undefined;
    const { mac, key } = this.keyOf(operation, params);
    const value = await this.redis.get(key).catch(() => null);
    if (value === null) return undefined;
    const kept = this.open(mac, value, schema);
    if (typeof kept === 'string') {
      await DISCARD.run(this.redis, [key], [value]).catch(() => undefined);
      onDamaged?.(kept);
      return undefined;
    }
    const age = now - kept.fetchedAt;
    return age >= 0 && age < maxAgeMs ? kept : undefined;
  }

  private open<T>(mac: string, value: string, schema: z.ZodType<T>): KeptAnswer<T> | EntryDamage {
    const dot = value.indexOf('.');
    if (dot <= 0) return 'seal';
    const body = value.slice(dot + 1);
    if (value.slice(0, dot) !== valueSeal(this.settings.secret, mac, body)) return 'seal';
    const stored = parseBody(body);
    if (!stored) return 'content';
    const answer = schema.safeParse(stored.a);
    return answer.success ? { answer: answer.data, fetchedAt: stored.t } : 'content';
  }

  /**
   * Keeps the answer of a successful call for `maxAgeMs` (one SET with its expiry: never half-written).
   * A failed write costs later calls, never this row's verdict, and is not raised.
   */
  async keep(
    operation: string,
    params: Readonly<Record<string, string>>,
    answer: unknown,
    maxAgeMs: number,
    fetchedAt = Date.now(),
  ): Promise<void> {
    if (maxAgeMs <= 0) return;
    const { mac, key } = this.keyOf(operation, params);
    const body = JSON.stringify({ t: fetchedAt, a: answer });
    const value = `${valueSeal(this.settings.secret, mac, body)}.${body}`;
    await this.redis.set(key, value, 'PX', Math.ceil(maxAgeMs)).catch(() => undefined);
  }
}

/** Empties the store (`kyc-screen answers purge`): every kept answer of this prefix; returns how many. */
export async function purgeAnswers(redis: Redis, prefix: string): Promise<number> {
  let purged = 0;
  await scanKeys(redis, answerKeyPattern(prefix), async (keys) => {
    // One pipeline per batch of SCAN: the keys share the prefix's hash tag (one Cluster slot, as BullMQ needs).
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.unlink(key);
    for (const [error, removed] of (await pipeline.exec()) ?? []) {
      if (error) throw error;
      purged += Number(removed);
    }
  });
  return purged;
}
