import type { Redis } from 'ioredis';
import { z } from 'zod';
import { RedisScript } from '../infra/redis-script.js';
import { parseStoredJson, parseStoredValue } from '../run/state/stored-json.js';
import { upstreamKeys } from '../run/state/topology.js';

/**
 * What every machine must know about the Lookup Service as a whole, kept in Redis under the pipeline's hash
 * tag: how long the service told us to wait (and which run's answer said so), whether the circuit breaker
 * is open (the key is refused or the service is out of reach) and the failures in a row that open it.
 * `kyc-screen status` and the dashboard read the same records, so a pause is visible to every run it delays.
 */

export interface PauseRecord {
  /** Epoch ms when calls may start again. */
  readonly until: number;
  /** What the pause honours: `429 Retry-After`. */
  readonly cause: string;
  /** The wait the service asked for, ms (before the cap). */
  readonly askedMs: number;
  /** The wait applied, ms: `askedMs` cut to the profile's `maxRetryAfterMs`. */
  readonly appliedMs: number;
  /** The run whose call got the answer. */
  readonly runId: string;
}

export interface BreakerRecord {
  /** `KYC_ERR_UPSTREAM_AUTH` or `KYC_ERR_UPSTREAM_UNREACHABLE`. */
  readonly code: string;
  /** What was refused or unreachable, without the key or any request value. */
  readonly detail: string;
  /** When it opened, ISO 8601. */
  readonly at: string;
  /** The run whose calls opened it. */
  readonly runId: string;
}

/** Sets the pause only when it ends later than the one recorded; 1 when it did (the caller then logs it). */
const EXTEND_PAUSE = new RedisScript(`
local current = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
local until_ = tonumber(ARGV[1])
if until_ <= current then return 0 end
redis.call('HSET', KEYS[1], 'until', ARGV[1], 'cause', ARGV[2], 'askedMs', ARGV[3], 'appliedMs', ARGV[4],
  'runId', ARGV[5])
redis.call('PEXPIREAT', KEYS[1], until_)
return 1
`);

/**
 * Counts a failure in a row in its scope (a hash field); the counts lapse a minute after the last failure,
 * so old failures do not add up.
 */
const COUNT_FAILURE = new RedisScript(`
if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then redis.call('DEL', KEYS[1]) end
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], 60000)
return n
`);

/** The first reason to open it is kept: later failures are its consequences. */
const OPEN = new RedisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'code', ARGV[1], 'detail', ARGV[2], 'at', ARGV[3], 'runId', ARGV[4])
return 1
`);

/** A hash as HGETALL answers it, field → text. */
const hashSchema = z.record(z.string(), z.string());

/** A number kept as text, read as Number() reads it; text that is no number is damage, not "no pause". */
const storedNumber = z.coerce.number();

// Fields the scripts above always write together; one missing reads as empty, as it always did.
const pauseSchema: z.ZodType<PauseRecord> = z.object({
  until: storedNumber,
  cause: z.string().default(''),
  askedMs: storedNumber.default(0),
  appliedMs: storedNumber.default(0),
  runId: z.string().default(''),
});

const breakerSchema: z.ZodType<BreakerRecord> = z.object({
  code: z.string(),
  detail: z.string().default(''),
  at: z.string().default(''),
  runId: z.string().default(''),
});

/** The open breaker of its hash; none without a code (the hash is absent, or being written). */
function breakerOf(raw: Readonly<Record<string, string>>): BreakerRecord | undefined {
  if (!raw.code) return undefined;
  return parseStoredValue(breakerSchema, raw, 'circuit breaker record');
}

/**
 * How long a successful call vouches for the key and the address: a run started within it (a screen of
 * one client, a batch its submitter's preflight call just checked) makes no preflight call of its own, so
 * that its first checks follow at once. A key revoked meanwhile fails its checks' calls instead, which
 * never become CLEAR.
 */
export const ANSWERED_FRESH_MS = 60_000;

/** How long a measured page size is taken for the service's, by runs that do not measure it again. */
export const PAGE_SIZE_FRESH_MS = 10 * 60_000;

/** What a run's broad search learned of the page size, against the result cap it was measured with. */
export interface PageSizeNote {
  readonly resultCap: number;
  /** Absent: the search taught no page size below the cap. */
  readonly pageSize?: number | undefined;
}

const pageSizeNoteSchema: z.ZodType<PageSizeNote> = z.object({
  resultCap: z.number().int().positive(),
  pageSize: z.number().int().positive().optional(),
});

export class UpstreamState {
  private readonly keys: ReturnType<typeof upstreamKeys>;

  /**
   * `service`: the identity of the service this process calls (src/settings/service-identity.ts). What is
   * learned of one service (its page size, that it answered just now) is never read for another; the
   * pause and the breaker stay shared, as the dashboard and `status` show them.
   */
  constructor(
    private readonly redis: Redis,
    prefix: string,
    service?: string,
  ) {
    this.keys = upstreamKeys(prefix, service);
  }

  /** Records a pause; true when it is now the latest one (so that one line is logged per new pause). */
  async extendPause(record: PauseRecord): Promise<boolean> {
    const set = await EXTEND_PAUSE.run(
      this.redis,
      [this.keys.pause],
      [record.until, record.cause, record.askedMs, record.appliedMs, record.runId],
    );
    return Number(set) === 1;
  }

  /** The pause in force, if any. */
  async pause(now = Date.now()): Promise<PauseRecord | undefined> {
    const raw = await this.redis.hgetall(this.keys.pause);
    if (!raw.until) return undefined;
    const pause = parseStoredValue(pauseSchema, raw, 'upstream pause record');
    return pause.until > now ? pause : undefined;
  }

  /** One more failure in a row in `scope` (`unreachable`, or `auth:<operation>`); the count now. */
  async countFailure(scope = 'unreachable'): Promise<number> {
    return Number(await COUNT_FAILURE.run(this.redis, [this.keys.failures], [scope]));
  }

  /** Failures in these scopes are no longer in a row; without scopes, none are. */
  async clearFailures(scopes?: readonly string[]): Promise<void> {
    if (scopes && scopes.length > 0) await this.redis.hdel(this.keys.failures, ...scopes);
    else await this.redis.del(this.keys.failures);
  }

  /** One prober at a time across all machines, for at most `ms`. */
  async claimProbe(ms: number): Promise<boolean> {
    return (await this.redis.set(this.keys.probe, '1', 'PX', ms, 'NX')) === 'OK';
  }

  async releaseProbe(): Promise<void> {
    await this.redis.del(this.keys.probe);
  }

  /** Opens the breaker; true when this call opened it (it was closed). */
  async open(record: BreakerRecord): Promise<boolean> {
    const opened = await OPEN.run(
      this.redis,
      [this.keys.breaker],
      [record.code, record.detail, record.at, record.runId],
    );
    return Number(opened) === 1;
  }

  /** The open breaker, if any, and whether a process is probing the service, in one round trip. */
  async gate(): Promise<{ open: BreakerRecord | undefined; probing: boolean }> {
    const replies =
      (await this.redis.multi().hgetall(this.keys.breaker).exists(this.keys.probe).exec()) ?? [];
    const raw = parseStoredValue(hashSchema, replies[0]?.[1] ?? {}, 'circuit breaker record');
    return { open: breakerOf(raw), probing: Number(replies[1]?.[1]) === 1 };
  }

  async breaker(): Promise<BreakerRecord | undefined> {
    return breakerOf(await this.redis.hgetall(this.keys.breaker));
  }

  /** The service answered a call with the key just now. */
  async noteAnswered(): Promise<void> {
    await this.redis.set(this.keys.answered, String(Date.now()), 'PX', ANSWERED_FRESH_MS);
  }

  /** Whether the service answered a call within ANSWERED_FRESH_MS and the breaker is closed. */
  async answeredRecently(): Promise<boolean> {
    const replies =
      (await this.redis.multi().exists(this.keys.answered).exists(this.keys.breaker).exec()) ?? [];
    return Number(replies[0]?.[1]) === 1 && Number(replies[1]?.[1]) === 0;
  }

  async notePageSize(note: PageSizeNote): Promise<void> {
    await this.redis.set(this.keys.pageSize, JSON.stringify(note), 'PX', PAGE_SIZE_FRESH_MS);
  }

  /** The page size measured within PAGE_SIZE_FRESH_MS against `resultCap`; undefined when none was. */
  async recentPageSize(resultCap: number): Promise<PageSizeNote | undefined> {
    const raw = await this.redis.get(this.keys.pageSize);
    if (raw === null) return undefined;
    let note: PageSizeNote;
    try {
      note = parseStoredJson(pageSizeNoteSchema, raw, 'page size note');
    } catch {
      // A damaged note costs one broad search, never a wrong page size.
      return undefined;
    }
    return note.resultCap === resultCap ? note : undefined;
  }

  /** Closes the breaker (a preflight call succeeded); true when it was open. */
  async close(): Promise<boolean> {
    const [[, removed] = []] =
      (await this.redis.multi().del(this.keys.breaker).del(this.keys.failures).exec()) ?? [];
    return Number(removed) === 1;
  }
}
