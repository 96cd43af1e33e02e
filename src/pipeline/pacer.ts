import type { Redis } from 'ioredis';
import { RedisScript } from './redis-script.js';

/**
 * The upstream quota as one generic cell rate algorithm (GCRA) in Redis: every HTTP call of every worker
 * on every machine reserves the next free slot, spaced 1/rate apart on Redis's own clock. Calls never
 * exceed the rate at any scale of time, so an upstream token bucket of that rate never answers 429
 * (BullMQ's limiter alone counts job starts in fixed windows, which lets bursts through at window edges
 * and cannot see that a job makes zero, one or two calls).
 *
 * When the service does answer 429 (the key's real quota is below `--rate`, or another client shares the
 * key), the pacer learns: the rate drops to 70 % at most once a second (multiplicative decrease) and
 * climbs back by 2 % of the configured rate per second without a 429 (additive increase), so the calls
 * settle just under the real quota instead of storming it after every Retry-After.
 */
const ADAPT = `
local function rate(now, maxRate)
  local current = tonumber(redis.call('HGET', KEYS[2], 'current') or maxRate)
  if current < maxRate then
    local last = tonumber(redis.call('HGET', KEYS[2], 'raised') or now)
    current = math.min(maxRate, current + (now - last) / 1000000 * maxRate * 0.02)
    redis.call('HSET', KEYS[2], 'current', tostring(current), 'raised', string.format('%d', now))
    redis.call('PEXPIRE', KEYS[2], 3600000)
  end
  return current
end
`;

const RESERVE = new RedisScript(`${ADAPT}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = math.floor(1000000 / rate(now, tonumber(ARGV[1])))
local maxAhead = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local start = tat
if start < now then start = now end
local wait = start - now
if wait > maxAhead then return -wait end
redis.call('SET', KEYS[1], string.format('%d', start + interval), 'PX', math.floor((wait + interval) / 1000) + 60000)
return wait
`);

/** After a 429: nobody calls before Retry-After, and the rate is cut (once a second at most). */
const PENALIZE = new RedisScript(`${ADAPT}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local maxRate = tonumber(ARGV[2])
local until_ = now + tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if until_ > tat then
  redis.call('SET', KEYS[1], string.format('%d', until_), 'PX', math.floor(tonumber(ARGV[1]) / 1000) + 60000)
end
local cut = tonumber(redis.call('HGET', KEYS[2], 'cut') or '0')
if now - cut > 1000000 then
  local current = rate(now, maxRate)
  redis.call('HSET', KEYS[2], 'current', tostring(math.max(maxRate * 0.02, current * 0.7)),
    'cut', string.format('%d', now), 'raised', string.format('%d', now))
  redis.call('PEXPIRE', KEYS[2], 3600000)
end
return 1
`);

export type Reservation =
  | { readonly granted: true; readonly waitMs: number }
  | { readonly granted: false; readonly retryInMs: number };

export class Pacer {
  private readonly adaptKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly rate: number,
    /** A reservation further ahead than this is refused: the job goes back to the queue instead of sleeping. */
    private readonly maxAheadMs = 1_000,
  ) {
    // Same hash tag as the slot key, so both live in one Redis Cluster slot.
    this.adaptKey = `${key}:adapt`;
  }

  async reserve(): Promise<Reservation> {
    const result = Number(
      await RESERVE.run(this.redis, [this.key, this.adaptKey], [this.rate, this.maxAheadMs * 1000]),
    );
    return result >= 0
      ? { granted: true, waitMs: result / 1000 }
      : { granted: false, retryInMs: Math.max(1, Math.ceil(-result / 1000 - this.maxAheadMs / 2)) };
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
    await PENALIZE.run(this.redis, [this.key, this.adaptKey], [Math.round(delayMs * 1000), this.rate]);
  }

  /** The rate the pacer currently allows, calls per second (below `rate` after 429s). */
  async currentRate(): Promise<number> {
    const current = await this.redis.hget(this.adaptKey, 'current');
    return current === null ? this.rate : Math.min(this.rate, Number(current));
  }
}
