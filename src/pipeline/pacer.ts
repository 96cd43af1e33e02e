import type { Redis } from 'ioredis';

/**
 * The upstream quota as one generic cell rate algorithm (GCRA) in Redis: every HTTP call of every worker
 * on every machine reserves the next free slot, spaced 1/rate apart on Redis's own clock. Calls never
 * exceed `rate` per second at any scale of time, so an upstream token bucket of the same rate never
 * answers 429 (BullMQ's limiter alone counts job starts in fixed windows, which lets bursts through at
 * window edges and cannot see that a job makes zero, one or two calls).
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local maxAhead = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local start = tat
if start < now then start = now end
local wait = start - now
if wait > maxAhead then return -wait end
redis.call('SET', KEYS[1], string.format('%d', start + interval), 'PX', math.floor((wait + interval) / 1000) + 60000)
return wait
`;

/** Pushes the next slot to at least now + delay: after a 429 nobody calls before Retry-After. */
const PENALIZE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local until_ = now + tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if until_ > tat then
  redis.call('SET', KEYS[1], string.format('%d', until_), 'PX', math.floor(tonumber(ARGV[1]) / 1000) + 60000)
end
return 1
`;

export type Reservation =
  | { readonly granted: true; readonly waitMs: number }
  | { readonly granted: false; readonly retryInMs: number };

export class Pacer {
  private readonly intervalUs: number;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    rate: number,
    /** A reservation further ahead than this is refused: the job goes back to the queue instead of sleeping. */
    private readonly maxAheadMs = 1_000,
  ) {
    this.intervalUs = Math.max(1, Math.round(1_000_000 / rate));
  }

  async reserve(): Promise<Reservation> {
    const result = Number(
      await this.redis.eval(RESERVE, 1, this.key, this.intervalUs, this.maxAheadMs * 1000),
    );
    return result >= 0
      ? { granted: true, waitMs: result / 1000 }
      : { granted: false, retryInMs: Math.ceil(-result / 1000 - this.maxAheadMs / 2) };
  }

  /** Reserves a slot and sleeps until it; false when the queue should back off instead. */
  async acquire(): Promise<Reservation> {
    const reservation = await this.reserve();
    if (reservation.granted && reservation.waitMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, reservation.waitMs));
    }
    return reservation;
  }

  async penalize(delayMs: number): Promise<void> {
    await this.redis.eval(PENALIZE, 1, this.key, Math.round(delayMs * 1000));
  }
}
