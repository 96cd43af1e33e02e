import type { Redis } from 'ioredis';
import { RedisScript } from '../infra/redis-script.js';
import { laneMarkKeys, laneRank, type Lane } from '../run/state/lanes.js';
import {
  ClockOffset,
  MAX_RETAKES,
  assumedBurst,
  latenessToleranceMs,
  slotDecision,
  type SlotDecision,
} from './slot-timing.js';

/**
 * The upstream quota as one generic cell rate algorithm (GCRA) in Redis: every HTTP call of every worker
 * on every machine reserves the next free slot, spaced 1/rate apart on Redis's own clock. Calls never
 * exceed the rate at any scale of time (BullMQ's limiter alone counts job starts in fixed windows, which
 * lets bursts through at window edges and cannot see that a job makes zero, one or two calls).
 *
 * Spacing alone is not enough against a gateway that admits a small burst (a tenth of a second is
 * common): a timer that fires late, a busy event loop or a stalled process sends a paced call late, and it
 * bunches with the calls after it. So a slot is taken right before the call leaves, it is mapped to this
 * process's clock (never early), and a call whose slot passed more than the bucket's spare room ago takes
 * a new slot instead of going out late (src/upstream/slot-timing.ts).
 *
 * When the service does answer 429 (the key's real quota is below `--rate`, another client shares the key,
 * or bunching the pacer could not prevent), nobody calls before its Retry-After, and the pacer learns: a
 * 429 after a quiet spell cuts the rate by 5 % (one such 429 says little), 429s that keep coming cut it by
 * 30 % at most once a second (multiplicative decrease); it climbs back by 2 % of the configured rate per
 * second without a 429 (additive increase), so the calls settle just under a lower real quota instead of
 * storming it after every Retry-After.
 *
 * A gateway that admits no burst at all (nginx's `limit_req` without `burst`: one token) refuses a call
 * that arrives 1 ms early, and a whole-second Retry-After then costs R slots. Slots exactly 1/rate apart
 * arrive a few ms early or late after timers and the network, so against such a bucket (the profile's
 * `burst`, which `doctor` measures, below 2; at the default, a rate below 20) the pacer keeps a margin and
 * a gate: slots are spaced 1/rate plus a margin (2 % of a slot), and right before it leaves a call passes a
 * gate in Redis that lets calls out no closer than that, on Redis's one clock, so a call that left late
 * pushes the next one back instead of bunching with it (one that passed the gate but was read late by a
 * busy process, or written to its connection late, marks itself again). A lone 429 there is a call that
 * came a few ms early: it goes again a tenth of a slot later and nobody pauses (loneMiss, again). The
 * margin is learned: a lone 429 widens it by 0.2 % of a slot, 429s close together by 1 % (at most a
 * tenth), and it decays back with a half-life of a minute without one; 429s close together also pause
 * every call and cut the rate by 5 % only, since even they say more of timing than of the quota. (A 1 %
 * step for every lone 429 with a two-minute half-life kept the margin near 5 % against the loopback's
 * jitter alone: 0.93 of the quota.)
 */

/** How slowly a margin widened by 429s returns to its base. */
const MARGIN_HALF_LIFE_US = 60_000_000;

const ADAPT = `
local function margin(now, base)
  local m = tonumber(redis.call('HGET', KEYS[2], 'margin') or '0')
  if m <= base then return base end
  local at = tonumber(redis.call('HGET', KEYS[2], 'marginAt') or now)
  return base + (m - base) * math.pow(0.5, (now - at) / ${MARGIN_HALF_LIFE_US})
end
local function widen(now, base, step, most)
  local grown = math.min(most, margin(now, base) + step)
  redis.call('HSET', KEYS[2], 'margin', tostring(grown), 'marginAt', string.format('%d', now))
  redis.call('PEXPIRE', KEYS[2], 3600000)
end
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

/**
 * Returns {slot, now, slot, shortened} in Redis microseconds; a slot beyond the horizon is refused as
 * {-1, now, slot, shortened}. A call of a lane above the lowest (ARGV[3], its rank: src/run/state/lanes.ts)
 * marks its lane's work as going on (KEYS[3] or KEYS[4], for ARGV[5] ms); while work of a lane above a
 * call's goes on, the call books at most ARGV[4] µs ahead (shortened = 1), so that the calls above find
 * the next slots free instead of behind a second of booked ones.
 */
const RESERVE = new RedisScript(`${ADAPT}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = math.floor(1000000 / rate(now, tonumber(ARGV[1])) + margin(now, tonumber(ARGV[6])))
local maxAhead = tonumber(ARGV[2])
local shortened = 0
local lane = tonumber(ARGV[3])
if lane > 0 then redis.call('SET', KEYS[2 + lane], '1', 'PX', tonumber(ARGV[5])) end
if lane < 2 and tonumber(ARGV[4]) < maxAhead and redis.call('EXISTS', unpack(KEYS, 3 + lane, 4)) > 0 then
  maxAhead = tonumber(ARGV[4])
  shortened = 1
end
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local start = tat
if start < now then start = now end
local wait = start - now
if wait > maxAhead then return {-1, now, start, shortened} end
redis.call('SET', KEYS[1], string.format('%d', start + interval), 'PX', math.floor((wait + interval) / 1000) + 60000)
return {start, now, start, shortened}
`);

/**
 * The gate a call passes right before it leaves (strict buckets, see above): {0, now} when it may leave now
 * (marked as the last call out), {1, µs} when it must wait that long for the gap after the last one, and
 * {-1, pause end} when a 429's pause, marked after its slot was booked (ARGV[1]), is in force. ARGV[4] = 1
 * marks a call that passed but could not leave at once as leaving now (see passGate and left).
 */
const SEND = new RedisScript(`${ADAPT}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local paused = tonumber(redis.call('GET', KEYS[3]) or '0')
if paused > tonumber(ARGV[1]) and paused > now then return {-1, paused} end
local gap = math.floor(1000000 / rate(now, tonumber(ARGV[2])) + margin(now, tonumber(ARGV[3])))
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
if ARGV[4] ~= '1' and now < last + gap then return {1, last + gap - now} end
if now > last then redis.call('SET', KEYS[1], string.format('%d', now), 'PX', 60000) end
return {0, now}
`);

/** Microseconds of slots booked beyond now (0 when the next call may leave at once). */
const BOOKED = new RedisScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then return 0 end
return tat - now
`);

/**
 * After a 429: nobody calls before Retry-After, and the rate is cut (see above). No slot is booked before
 * the pause ends, and the pause's end is marked (KEYS[3], Redis µs, for its length), so that calls whose
 * slot, booked before the 429 came, falls in it do not leave either (Pacer.acquire looks before it sends).
 */
const PENALIZE = new RedisScript(`${ADAPT}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local maxRate = tonumber(ARGV[2])
local until_ = now + tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if until_ > tat then
  redis.call('SET', KEYS[1], string.format('%d', until_), 'PX', math.floor(tonumber(ARGV[1]) / 1000) + 60000)
end
local pauseMs = math.floor(tonumber(ARGV[1]) / 1000)
if pauseMs > 0 and tonumber(redis.call('GET', KEYS[3]) or '0') < until_ then
  redis.call('SET', KEYS[3], string.format('%d', until_), 'PX', pauseMs)
end
widen(now, tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]))
local cut = tonumber(redis.call('HGET', KEYS[2], 'cut') or '0')
if now - cut > 1000000 then
  local factor = tonumber(ARGV[6])
  if now - cut > 10000000 then factor = 0.95 end
  local current = rate(now, maxRate)
  redis.call('HSET', KEYS[2], 'current', tostring(math.max(maxRate * 0.02, current * factor)),
    'cut', string.format('%d', now), 'raised', string.format('%d', now))
  redis.call('PEXPIRE', KEYS[2], 3600000)
end
return 1
`);

/**
 * A strict bucket's 429 (see above): widens the margin by a step (ARGV[2], at most ARGV[3] µs) and returns 1
 * when it is lone, no other such 429 within ARGV[4] µs before it, or 0 when they come close together.
 */
const STRICT_MISS = new RedisScript(`${ADAPT}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local last = tonumber(redis.call('HGET', KEYS[2], 'missAt') or '0')
local lone = now - last > tonumber(ARGV[4])
local step = tonumber(ARGV[2])
if lone then step = tonumber(ARGV[5]) end
widen(now, tonumber(ARGV[1]), step, tonumber(ARGV[3]))
redis.call('HSET', KEYS[2], 'missAt', string.format('%d', now))
if lone then return 1 end
return 0
`);

/**
 * Two strict-bucket 429s within this many slots of each other are no timing miss but a quota the pacer
 * overruns: a real quota below the rate refuses call after call (the next call, a slot after the retry
 * of this one, is refused too), a timing miss one call in hundreds. Wider, two misses of one noisy second
 * paused every call for the whole Retry-After.
 */
const LONE_MISS_SLOTS = 2;
/** How long after a lone 429 its call goes again (Pacer.again), in slots. */
const MISS_RETRY_SLOTS = 0.1;

export type Reservation =
  | { readonly granted: true; readonly waitMs: number }
  | { readonly granted: false; readonly retryInMs: number };

export interface PacerOptions {
  /** A reservation further ahead than this is refused: the job goes back to the queue instead of sleeping. */
  readonly maxAheadMs?: number;
  /** Calls the upstream admits above its rate (the profile's `burst`); undefined: a tenth of the rate. */
  readonly burst?: number;
  /** While work of a lane above goes on, a call books at most this far ahead (see acquire). */
  readonly urgentLeadMs?: number;
}

/**
 * How far ahead a call books while work of a lane above goes on: half a slot, at most 30 ms. A screen's
 * check makes up to a dozen calls one after the other, and each of them waits behind what the lanes below
 * booked meanwhile: with a few slots booked that was a few slots per call (0.6 s beside a batch at R = 100
 * for what takes 0.2 s alone); half a slot leaves it one slot's wait per call.
 */
const URGENT_LEAD_MS = 30;
const URGENT_LEAD_SLOTS = 0.5;
/** A lane's work counts as going on for this long after its last call or its mark. */
const URGENT_HOLD_MS = 5_000;

/** Counts of what the pacer decided in this process, for tests and benchmarks. */
export interface PacerCounts {
  /** Slots given up because they had passed too long ago when the call could leave. */
  retaken: number;
  /** Calls the send gate held back for the gap after the call before them (strict buckets). */
  gated: number;
  /** Calls that passed the gate but left late, marked again as leaving then. */
  restamped: number;
}

/** A bucket this small admits no call early: the pacer keeps a margin and the send gate (see above). */
const STRICT_BELOW = 2;
/** The margin against a strict bucket before any 429, the step a 429 adds, and its most: shares of a slot. */
const BASE_MARGIN = 0.02;
const MARGIN_STEP = 0.01;
const LONE_MARGIN_STEP = 0.002;
const MAX_MARGIN = 0.1;

export class Pacer {
  private readonly adaptKey: string;
  /** The marks of the lanes above the lowest (src/run/state/lanes.ts). */
  private readonly laneMarks: readonly [string, string];
  private readonly pauseKey: string;
  private readonly sentKey: string;
  /** Whether the upstream's bucket admits no early call (send gate and margin, see above). */
  private readonly strict: boolean;
  /** The margin's base, the step a 429 adds and its most, µs. */
  private readonly margin: {
    readonly base: number;
    readonly step: number;
    readonly loneStep: number;
    readonly max: number;
  };
  private readonly maxAheadMs: number;
  private readonly urgentLeadMs: number;
  private readonly toleranceMs: number;
  private readonly clock = new ClockOffset();
  /** When (local clock) the last call of this process passed the gate, until it is written (left). */
  private passedAt: number | undefined;
  readonly counts: PacerCounts = { retaken: 0, gated: 0, restamped: 0 };

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly rate: number,
    options: PacerOptions | number = {},
  ) {
    const {
      maxAheadMs = 1_000,
      burst,
      urgentLeadMs = Math.min(URGENT_LEAD_MS, (URGENT_LEAD_SLOTS * 1000) / rate),
    } = typeof options === 'number' ? { maxAheadMs: options } : options;
    this.maxAheadMs = maxAheadMs;
    this.urgentLeadMs = urgentLeadMs;
    const bucket = assumedBurst(rate, burst);
    this.toleranceMs = latenessToleranceMs(rate, bucket);
    this.strict = bucket < STRICT_BELOW;
    const slotUs = 1_000_000 / rate;
    this.margin = {
      base: this.strict ? Math.round(slotUs * BASE_MARGIN) : 0,
      step: Math.round(slotUs * MARGIN_STEP),
      loneStep: Math.round(slotUs * LONE_MARGIN_STEP),
      max: Math.round(slotUs * MAX_MARGIN),
    };
    // Same hash tag as the slot key, so both live in one Redis Cluster slot.
    this.adaptKey = `${key}:adapt`;
    this.laneMarks = laneMarkKeys(key);
    this.pauseKey = `${key}:paused`;
    this.sentKey = `${key}:sent`;
  }

  /** Reserves the next slot; `waitMs` is the time from now (this process's clock) until it. */
  async reserve(): Promise<Reservation> {
    const slot = await this.reserveAt('normal');
    return slot.granted
      ? { granted: true, waitMs: Math.max(0, slot.atMs - performance.now()) }
      : { granted: false, retryInMs: slot.retryInMs };
  }

  /**
   * Reserves a slot and sleeps until it; false when the queue should back off instead. Call it right
   * before the request leaves: a slot that passed more than the tolerance ago (this process did not run in
   * time) is given up for a new one, so calls leave on their slots and never in a bunch.
   *
   * A call of a lane above the lowest (src/run/state/lanes.ts: a single client's screen, a high-priority
   * run's) must not wait behind the slots the lanes below booked up to a second ahead: it marks its lane's
   * work as going on, and meanwhile every call of a lane below books only `urgentLeadMs` ahead and waits
   * here for its turn, so the call's slot is at most that far off. The rate is the same for everybody;
   * only the order changes.
   */
  async acquire(options: { lane?: Lane } = {}): Promise<Reservation> {
    const lane = options.lane ?? 'normal';
    const started = performance.now();
    for (let retakes = 0; ;) {
      const slot = await this.reserveAt(lane);
      if (!slot.granted) {
        // Held back for a lane above: wait for a nearer slot here, up to the usual horizon, then back off.
        if (!slot.shortened || performance.now() - started + slot.retryInMs > this.maxAheadMs)
          return { granted: false, retryInMs: slot.retryInMs };
        // Spread over the lead, so the waiters do not all ask at once.
        await sleep(slot.retryInMs + Math.random() * this.urgentLeadMs);
        continue;
      }
      const waitMs = slot.atMs - performance.now();
      if (waitMs > 0) await sleep(waitMs);
      // Against a strict bucket a late call goes out late (the gate keeps the gap after it), never retakes.
      if (this.strict) return this.passGate(slot.atUs, started);
      // A 429 may have paused every call since this slot was booked: it does not leave in the pause.
      const pausedUs = waitMs > 0 ? Number((await this.redis.get(this.pauseKey)) ?? 0) : 0;
      if (pausedUs > slot.atUs) {
        const retryInMs = Math.max(1, Math.ceil(this.clock.toLocal(pausedUs / 1000) - performance.now()));
        return { granted: false, retryInMs };
      }
      const decision: SlotDecision = slotDecision(performance.now() - slot.atMs, this.toleranceMs, retakes);
      if (decision === 'send') return { granted: true, waitMs: performance.now() - started };
      this.counts.retaken++;
      retakes++;
    }
  }

  /**
   * The send gate (see above): waits for the gap after the last call out, or refuses in a 429's pause. A
   * call that passed but whose process read the answer late (a busy event loop) would leave closer to the
   * next one than the gap: it marks itself as leaving now instead, as often as needed, before it leaves.
   */
  private async passGate(slotUs: number, started: number): Promise<Reservation> {
    const lateUs = this.lateUs;
    let passed = false;
    for (let marks = 0; ;) {
      const [verdict, us] = await this.gate(slotUs, passed);
      if (verdict === 0) {
        this.clock.observe(performance.now(), us / 1000);
        const late = (performance.now() - this.clock.toLocal(us / 1000)) * 1000;
        if (late <= lateUs || marks >= MAX_RETAKES) return this.passed(us, started);
        passed = true;
        marks++;
        this.counts.restamped++;
        continue;
      }
      if (verdict < 0) return this.pausedUntil(us);
      this.counts.gated++;
      // To the gap's end and not a millisecond after: every ms overslept here widens the spacing of every
      // call after this one (a timer's whole-ms rounding was 2 ms a call, 2 % of the quota at R = 10).
      await sleepUntil(performance.now() + us / 1000);
    }
  }

  /**
   * A strict bucket's lone 429 (loneMiss): the call goes again a tenth of a slot later instead of in a new
   * slot. The bucket refused it for arriving a few ms before its token, and a refused call takes no token,
   * so the token is still there a few ms later: waiting for a whole new slot lost one slot of the quota per
   * 429, this loses a tenth. The gate is marked as of the retry, so the call after it keeps its gap after
   * the retry. Refused (granted false) in a 429's pause: the call then waits for its slot as any other.
   */
  async again(): Promise<Reservation> {
    const started = performance.now();
    await sleepUntil(started + (MISS_RETRY_SLOTS * 1000) / this.rate);
    const [verdict, us] = await this.gate(0, true);
    if (verdict < 0) return this.pausedUntil(us);
    this.clock.observe(performance.now(), us / 1000);
    return this.passed(us, started);
  }

  /**
   * One turn at the send gate (SEND): `afterUs` is when the caller's slot was booked (a 429's pause marked
   * later holds it back); `mark` lets it out now whatever the gap, marked as the last call out.
   */
  private async gate(afterUs: number, mark: boolean): Promise<[number, number]> {
    const reply = (await SEND.run(
      this.redis,
      [this.sentKey, this.adaptKey, this.pauseKey],
      [afterUs, this.rate, this.margin.base, mark ? 1 : 0],
    )) as [number, number];
    return reply.map(Number) as [number, number];
  }

  /** Out through the gate at Redis time `us`: remembered until the call is written (left). */
  private passed(us: number, started: number): Reservation {
    this.passedAt = this.clock.toLocal(us / 1000);
    return { granted: true, waitMs: performance.now() - started };
  }

  /** Held back by a 429's pause that ends at Redis time `us`. */
  private pausedUntil(us: number): Reservation {
    return {
      granted: false,
      retryInMs: Math.max(1, Math.ceil(this.clock.toLocal(us / 1000) - performance.now())),
    };
  }

  /**
   * The call that last passed the gate in this process is being written to its connection now (sent.ts):
   * when that is later than the gate allows for, the gate is marked again as of now, so the next call keeps
   * its gap after this one's real departure (the HTTP client, a busy event loop, a collection of garbage
   * can hold a call a few ms between the gate and the wire). Calls of one process pass the gate a slot
   * apart, so the last one passed is the one leaving.
   */
  left(): void {
    const passedAt = this.passedAt;
    this.passedAt = undefined;
    if (!this.strict || passedAt === undefined) return;
    if ((performance.now() - passedAt) * 1000 <= this.lateUs) return;
    this.counts.restamped++;
    // Not awaited, so the request is not held for it; a mark Redis lost costs one early call at most.
    this.gate(Number.MAX_SAFE_INTEGER, true).catch(() => undefined);
  }

  /**
   * Against a strict bucket (see above), a 429 that comes alone says the call arrived a few ms early, not
   * that the quota is spent: the margin widens a little and the call may go again (`again`), with no pause
   * for anybody (a whole-second Retry-After would cost R slots). True when this 429 is such a one; false
   * for any other bucket, or when 429s come close together (then `penalize`, as for every 429).
   */
  async loneMiss(): Promise<boolean> {
    if (!this.strict) return false;
    const lone = await STRICT_MISS.run(
      this.redis,
      [this.key, this.adaptKey],
      [
        this.margin.base,
        this.margin.step,
        this.margin.max,
        Math.round((LONE_MISS_SLOTS * 1e6) / this.rate),
        this.margin.loneStep,
      ],
    );
    return Number(lone) === 1;
  }

  async penalize(delayMs: number): Promise<void> {
    await PENALIZE.run(
      this.redis,
      [this.key, this.adaptKey, this.pauseKey],
      [
        Math.round(delayMs * 1000),
        this.rate,
        this.margin.base,
        this.margin.step,
        this.margin.max,
        // Against a strict bucket a 429 says more of timing than of the quota: the margin answers it.
        this.strict ? 0.95 : 0.7,
      ],
    );
  }

  /** How late after the gate a call may leave before the gate is marked again (see passGate, left). */
  private get lateUs(): number {
    return Math.max(500, this.margin.base / 2);
  }

  /** The rate the pacer currently allows, calls per second (below `rate` after 429s). */
  async currentRate(): Promise<number> {
    const current = await this.redis.hget(this.adaptKey, 'current');
    return current === null ? this.rate : Math.min(this.rate, Number(current));
  }

  /** Whether work of a lane above `lane` goes on (see acquire): a call held back for it gives its worker up. */
  async urgentWorkGoingOn(lane: Lane = 'normal'): Promise<boolean> {
    const above = this.laneMarks.slice(laneRank(lane));
    return above.length > 0 && (await this.redis.exists(...above)) > 0;
  }

  /** How far ahead the quota is booked, in milliseconds of Redis's clock: calls already waiting for slots. */
  async bookedAheadMs(): Promise<number> {
    return Number(await BOOKED.run(this.redis, [this.key], [])) / 1000;
  }

  /** The next slot, as a time of this process's clock (performance.now()). */
  private async reserveAt(
    lane: Lane,
  ): Promise<
    { granted: true; atMs: number; atUs: number } | { granted: false; retryInMs: number; shortened: boolean }
  > {
    const reply = (await RESERVE.run(
      this.redis,
      [this.key, this.adaptKey, ...this.laneMarks],
      [
        this.rate,
        this.maxAheadMs * 1000,
        laneRank(lane),
        this.urgentLeadMs * 1000,
        URGENT_HOLD_MS,
        this.margin.base,
      ],
    )) as [number, number, number, number];
    const [granted, nowUs, slotUs, shortened] = reply.map(Number) as [number, number, number, number];
    this.clock.observe(performance.now(), nowUs / 1000);
    if (granted < 0) {
      // Asked again once the slot is within reach: the short lead while held back for urgent work.
      const reachMs = shortened === 1 ? this.urgentLeadMs : this.maxAheadMs / 2;
      const retryInMs = Math.max(1, Math.ceil((slotUs - nowUs) / 1000 - reachMs));
      return { granted: false, retryInMs, shortened: shortened === 1 };
    }
    return { granted: true, atMs: this.clock.toLocal(slotUs / 1000), atUs: slotUs };
  }
}

/**
 * Work of `lane` (above the lowest) is about to start on the quota at `key`: from now on the calls of the
 * lanes below book only a few slots ahead, so the slots they booked further ahead are used up by the time
 * its calls come. Whoever knows first marks it (the API on a single-client request; a run's calls, its
 * preflight first).
 */
export async function markUrgentWork(redis: Redis, key: string, lane: Lane = 'high'): Promise<void> {
  const mark = laneMarkKeys(key)[laneRank(lane) - 1];
  if (mark !== undefined) await redis.set(mark, '1', 'PX', URGENT_HOLD_MS);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.ceil(ms)));
}

/** How much of a precise wait is left to the event loop's turns instead of a timer (see sleepUntil). */
const SPIN_MS = 1.5;

/**
 * Waits until `targetMs` (performance.now()), within a fraction of a millisecond: a timer fires in whole
 * milliseconds and often one late, so it sleeps to SPIN_MS before and yields turn by turn (setImmediate,
 * other work runs meanwhile) for the rest. Used only for a strict bucket's gate, at rates below 20 calls a
 * second, where the turns cost about 1.5 ms of CPU a call.
 */
async function sleepUntil(targetMs: number): Promise<void> {
  const coarse = targetMs - performance.now() - SPIN_MS;
  if (coarse >= 1) await new Promise((resolve) => setTimeout(resolve, Math.floor(coarse)));
  while (performance.now() < targetMs) await new Promise((resolve) => setImmediate(resolve));
}
