import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markUrgentWork, Pacer } from '../../src/upstream/pacer.js';
import {
  CACHE_SPAN,
  LocalAnswers,
  RequestCache,
  requestDigest,
  type RequestCacheKeys,
} from '../../src/upstream/request-cache.js';
import { RunStore } from '../../src/run/state/run-store.js';
import { connect, uniquePrefix } from '../helpers/redis.js';

const redis = connect();
afterAll(async () => {
  await redis.quit();
});

/** The most calls (send times, ms) that fall in any 100 ms window. */
function mostIn100Ms(stamps: readonly number[]): number {
  const sorted = [...stamps].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) > 100) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('Pacer (one GCRA quota in Redis)', () => {
  it('spaces calls of several concurrent callers 1/rate apart, never bursting', async () => {
    const rate = 200;
    const pacer = new Pacer(redis, `${uniquePrefix()}:pacer`, rate);
    const stamps: number[] = [];
    const caller = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const slot = await pacer.acquire();
        if (slot.granted) stamps.push(performance.now());
        else i--;
      }
    };
    const started = performance.now();
    await Promise.all([caller(100), caller(100), caller(100)]);
    const elapsed = (performance.now() - started) / 1000;
    expect(stamps).toHaveLength(300);
    // 300 calls at 200/s take at least 299/200 s, and not much more.
    expect(elapsed).toBeGreaterThan(1.45);
    expect(elapsed).toBeLessThan(2.5);
    // No 100 ms window holds more than rate/10 calls plus timer slack.
    expect(mostIn100Ms(stamps)).toBeLessThanOrEqual(24);
  });

  it('refuses a slot beyond its horizon, and a penalty moves every slot after Retry-After', async () => {
    const pacer = new Pacer(redis, `${uniquePrefix()}:pacer`, 1, { maxAheadMs: 1_000, burst: 2 });
    expect((await pacer.reserve()).granted).toBe(true);
    expect((await pacer.reserve()).granted).toBe(true);
    const refused = await pacer.reserve();
    expect(refused.granted).toBe(false);

    const other = new Pacer(redis, `${uniquePrefix()}:pacer`, 100, 5_000);
    await other.penalize(2_000);
    const slot = await other.reserve();
    expect(slot.granted).toBe(true);
    if (slot.granted) expect(slot.waitMs).toBeGreaterThan(1_900);
  });
});

describe('Pacer urgent calls (a high-priority run beside a batch)', () => {
  /** Batch callers that keep the quota booked ahead, as 32 check jobs do, until `stop`. */
  function batch(pacer: Pacer, callers: number, stamps: number[], stop: { done: boolean }) {
    const caller = async () => {
      while (!stop.done) {
        const slot = await pacer.acquire();
        if (slot.granted) stamps.push(performance.now());
        else await new Promise((r) => setTimeout(r, slot.retryInMs));
      }
    };
    return Promise.all(Array.from({ length: callers }, caller));
  }

  it('does not wait behind the slots a batch booked ahead, and the rate holds for all calls together', async () => {
    const rate = 100;
    const key = `${uniquePrefix()}:pacer`;
    const pacer = new Pacer(redis, key, rate);
    const stamps: number[] = [];
    const stop = { done: false };
    const running = batch(pacer, 32, stamps, stop);
    await new Promise((r) => setTimeout(r, 500));
    // 32 callers at 100/s: a plain call waits behind about 0.3 s of booked slots.
    const plainStarted = performance.now();
    await pacer.acquire();
    const plainWaitMs = performance.now() - plainStarted;
    stamps.push(performance.now());
    // A high-priority run marks urgent work when it starts: the booked slots drain within their 0.3 s.
    await markUrgentWork(redis, key);
    await new Promise((r) => setTimeout(r, 400));
    const urgentStarted = performance.now();
    const before = stamps.length;
    const urgentWaits: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const slot = await pacer.acquire({ lane: 'high' });
      expect(slot.granted).toBe(true);
      urgentWaits.push(performance.now() - started);
      stamps.push(performance.now());
    }
    const urgentRate = ((stamps.length - before) / (performance.now() - urgentStarted)) * 1000;
    stop.done = true;
    await running;
    expect(plainWaitMs).toBeGreaterThan(200);
    // Behind at most the batch's short lead (30 ms) and a slot or two, not behind the booked 0.3 s.
    expect(Math.max(...urgentWaits)).toBeLessThan(100);
    // Meanwhile the batch still fills the quota.
    expect(urgentRate).toBeGreaterThan(rate * 0.9);
    // No 100 ms window holds more than rate/10 calls plus timer slack (33 callers in one event loop),
    // urgent calls included.
    expect(mostIn100Ms(stamps)).toBeLessThanOrEqual(16);
  });
});

describe('Pacer.bookedAheadMs (what the coordinator reads ahead by)', () => {
  it('is 0 on an idle quota and grows by 1/rate with every slot reserved ahead', async () => {
    const pacer = new Pacer(redis, `${uniquePrefix()}:pacer`, 10, { maxAheadMs: 5_000, burst: 10 });
    expect(await pacer.bookedAheadMs()).toBe(0);
    for (let i = 0; i < 5; i++) await pacer.reserve();
    const booked = await pacer.bookedAheadMs();
    // Five slots 100 ms apart from now: the next free one is about half a second ahead.
    expect(booked).toBeGreaterThan(400);
    expect(booked).toBeLessThanOrEqual(500);
  });

  it('spaces slots wider against a bucket without burst, and wider still after a 429', async () => {
    const key = `${uniquePrefix()}:pacer`;
    /** The spacing of ten slots reserved in a row, ms a slot (the time the reserving took added back). */
    const spacing = async (pacer: Pacer) => {
      const started = performance.now();
      const before = await pacer.bookedAheadMs();
      for (let i = 0; i < 10; i++) await pacer.reserve();
      const booked = await pacer.bookedAheadMs();
      return (booked - before + (performance.now() - started)) / 10;
    };
    // A bucket of ten tokens admits slots exactly 1/rate apart; one of a single token gets a margin.
    const loose = await spacing(new Pacer(redis, `${key}:loose`, 10, { maxAheadMs: 5_000, burst: 10 }));
    const strict = new Pacer(redis, key, 10, { maxAheadMs: 5_000, burst: 1 });
    const first = await spacing(strict);
    expect(first).toBeGreaterThan(loose);
    // A 429 widens the margin beyond what its 5 % rate cut alone adds (100 ms / 0.95 = 105.3 ms a slot).
    await strict.penalize(0);
    const after = await spacing(strict);
    expect(after).toBeGreaterThan(1000 / 9.5 + 2);
    expect(after).toBeLessThan(1000 / 9.5 + 20);
  });
});

describe('Pacer.loneMiss (a strict bucket refused a call that came a few ms early)', () => {
  it('takes a lone 429 as timing, with no pause, and 429s close together as a quota overrun', async () => {
    const strict = new Pacer(redis, `${uniquePrefix()}:pacer`, 10, { maxAheadMs: 5_000, burst: 1 });
    expect(await strict.loneMiss()).toBe(true);
    // Nobody waits for it: no slot was moved, the rate is the configured one.
    expect(await strict.bookedAheadMs()).toBe(0);
    expect(await strict.currentRate()).toBe(10);
    // A second one within two slots (0.2 s at R = 10): the pacer overruns the quota, it is no miss.
    expect(await strict.loneMiss()).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(await strict.loneMiss()).toBe(true);
  });

  it('widens the margin a fifth as much for a lone 429 as for 429s close together', async () => {
    const key = `${uniquePrefix()}:pacer`;
    const strict = new Pacer(redis, key, 10, { maxAheadMs: 5_000, burst: 1 });
    const margin = async () => Number(await redis.hget(`${key}:adapt`, 'margin'));
    // A slot is 100 ms at R = 10; the base margin is 2 ms of it.
    expect(await strict.loneMiss()).toBe(true);
    // One lone miss in hundreds of calls is the loopback's jitter: a step of 0.2 ms, not of a whole 1 ms,
    // or the margin such misses keep up costs more of the quota than the misses themselves.
    expect(await margin()).toBeGreaterThan(2_150);
    expect(await margin()).toBeLessThan(2_250);
    expect(await strict.loneMiss()).toBe(false);
    expect(await margin()).toBeGreaterThan(3_150);
    expect(await margin()).toBeLessThan(3_250);
  });

  it('sends the refused call again a tenth of a slot later, and the next call a gap after that', async () => {
    const strict = new Pacer(redis, `${uniquePrefix()}:pacer`, 10, { maxAheadMs: 5_000, burst: 1 });
    expect((await strict.acquire()).granted).toBe(true);
    const passed = performance.now();
    expect(await strict.loneMiss()).toBe(true);
    // Its token is a few ms away, not a slot: it goes again at once, not 102 ms after it first passed.
    expect((await strict.again()).granted).toBe(true);
    const retried = performance.now();
    expect(retried - passed).toBeGreaterThanOrEqual(9);
    expect(retried - passed).toBeLessThan(60);
    // The call after it keeps its gap after the retry.
    expect((await strict.acquire()).granted).toBe(true);
    expect(performance.now() - retried).toBeGreaterThan(100);
  });

  it('does not send the refused call again in a 429 pause', async () => {
    const strict = new Pacer(redis, `${uniquePrefix()}:pacer`, 10, { maxAheadMs: 5_000, burst: 1 });
    await strict.penalize(1_000);
    const again = await strict.again();
    expect(again.granted).toBe(false);
    if (!again.granted) expect(again.retryInMs).toBeGreaterThan(500);
  });

  it('is never one against a bucket with room for a burst: every 429 pauses there', async () => {
    const loose = new Pacer(redis, `${uniquePrefix()}:pacer`, 100, { maxAheadMs: 5_000, burst: 10 });
    expect(await loose.loneMiss()).toBe(false);
  });
});

describe('Pacer.left (a strict bucket: the call that passed the gate is written to its connection)', () => {
  it('keeps the next call a gap after a call written late, not after its pass of the gate', async () => {
    const pacer = new Pacer(redis, `${uniquePrefix()}:pacer`, 10, { maxAheadMs: 5_000, burst: 1 });
    expect((await pacer.acquire()).granted).toBe(true);
    const passed = performance.now();
    // Held 30 ms between the gate and the wire (a busy event loop): the gate is marked again then.
    await new Promise((r) => setTimeout(r, 30));
    pacer.left();
    await new Promise((r) => setTimeout(r, 5));
    expect((await pacer.acquire()).granted).toBe(true);
    // A gap (100 ms and the 2 % margin) after the late write, not 102 ms after the pass.
    expect(performance.now() - passed).toBeGreaterThan(30 + 100);
  });

  it('leaves the gate alone for a call written on time', async () => {
    const pacer = new Pacer(redis, `${uniquePrefix()}:pacer`, 10, { maxAheadMs: 5_000, burst: 1 });
    expect((await pacer.acquire()).granted).toBe(true);
    const passed = performance.now();
    pacer.left();
    await new Promise((r) => setTimeout(r, 30));
    expect((await pacer.acquire()).granted).toBe(true);
    expect(performance.now() - passed).toBeLessThan(30 + 100);
  });
});

describe('Pacer adaptation to 429s', () => {
  it('cuts the rate a little after one 429, by 30 % while 429s keep coming, and climbs back without them', async () => {
    const pacer = new Pacer(redis, `${uniquePrefix()}:pacer`, 100, 5_000);
    expect(await pacer.currentRate()).toBe(100);
    // One 429 after a quiet spell may be one bunch of calls: a 5 % cut.
    await pacer.penalize(1);
    expect(await pacer.currentRate()).toBeCloseTo(95, 0);
    // A burst of 429s within the same second is one signal, not ten.
    for (let i = 0; i < 10; i++) await pacer.penalize(1);
    expect(await pacer.currentRate()).toBeCloseTo(95, 0);
    // 429s that keep coming: the key's real quota is lower.
    await new Promise((r) => setTimeout(r, 1_100));
    await pacer.penalize(1);
    expect(await pacer.currentRate()).toBeLessThan(70);
    // +2 % of the configured rate per second: after ~1.5 s about +3.
    const low = await pacer.currentRate();
    await new Promise((r) => setTimeout(r, 1_500));
    await pacer.reserve();
    const raised = await pacer.currentRate();
    expect(raised).toBeGreaterThan(low + 2);
    expect(raised).toBeLessThan(low + 5);
  });
});

function cacheAt(
  keys: string | RequestCacheKeys,
  generation: number,
  local = new LocalAnswers(100),
  lockMs?: number,
) {
  return new RequestCache(
    redis,
    typeof keys === 'string'
      ? { generation: (g) => `${keys}:cache:g${g}`, lock: (d) => `${keys}:lock:${d}` }
      : keys,
    { generation, span: CACHE_SPAN },
    lockMs === undefined ? { local } : { local, lockMs },
  );
}

/** An upstream call that takes `ms` and counts how often it was made. */
function slowCall<T>(ms: number, value: T) {
  const call = {
    count: 0,
    fetch: async () => {
      call.count++;
      await new Promise((r) => setTimeout(r, ms));
      return value;
    },
  };
  return call;
}

const listAnswer = z.object({ data: z.array(z.number()) });

describe('RequestCache (run-scoped, single-flight)', () => {
  it('makes an identical request once however many workers ask at the same time', async () => {
    const prefix = uniquePrefix();
    const call = slowCall(100, { data: [1, 2, 3] });
    // Two processes (each its own LocalAnswers), five jobs each.
    const here = new LocalAnswers(100);
    const there = new LocalAnswers(100);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        cacheAt(prefix, 0, i % 2 ? here : there).getOrFetch(
          'search.sanctions',
          { name: 'Иванов' },
          call.fetch,
          listAnswer,
        ),
      ),
    );
    expect(call.count).toBe(1);
    expect(answers.filter((a) => !a.cached)).toHaveLength(1);
    expect(answers.every((a) => a.value.data.length === 3)).toBe(true);
    // Parameter order does not make a different request.
    const again = await cacheAt(prefix, 0).getOrFetch(
      'search.sanctions',
      { name: 'Иванов' },
      call.fetch,
      listAnswer,
    );
    expect(again.cached).toBe(true);
  });

  it('keeps the lock of a slow live fetch past lockMs, and frees the lock a dead process left', async () => {
    const prefix = uniquePrefix();
    const slow = slowCall(1_000, 'answer');
    // The fetch outlives its 300 ms lock three times over; the other process still waits for its answer.
    const first = cacheAt(prefix, 0, new LocalAnswers(100), 300).getOrFetch(
      'client.debt',
      { inn: '1' },
      slow.fetch,
      z.string(),
    );
    await new Promise((r) => setTimeout(r, 100));
    const second = cacheAt(prefix, 0, new LocalAnswers(100), 300).getOrFetch(
      'client.debt',
      { inn: '1' },
      slow.fetch,
      z.string(),
    );
    expect(await Promise.all([first, second])).toEqual([
      { value: 'answer', cached: false },
      { value: 'answer', cached: true },
    ]);
    expect(slow.count).toBe(1);

    // A SIGKILLed worker leaves its lock behind, unrenewed: the next caller fetches once it lapses.
    await redis.set(`${prefix}:lock:${requestDigest('client.debt', { inn: '2' })}`, 'dead.1', 'PX', 300);
    const started = Date.now();
    const after = await cacheAt(prefix, 0, new LocalAnswers(100), 300).getOrFetch(
      'client.debt',
      { inn: '2' },
      async () => 'fresh',
      z.string(),
    );
    expect(after).toEqual({ value: 'fresh', cached: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('does not cache failures: the next caller tries again', async () => {
    const prefix = uniquePrefix();
    const cache = cacheAt(prefix, 0);
    await expect(
      cache.getOrFetch(
        'client.debt',
        { inn: '500100732259' },
        async () => {
          throw new Error('503');
        },
        z.string(),
      ),
    ).rejects.toThrow('503');
    const ok = await cache.getOrFetch('client.debt', { inn: '500100732259' }, async () => 'fine', z.string());
    expect(ok).toEqual({ value: 'fine', cached: false });
  });

  it('serves a repeat within its generations, keeps a reused answer, and forgets one past the horizon', async () => {
    const store = new RunStore(redis, uniquePrefix());
    const keys = store.keys('r1');
    let calls = 0;
    const fetch = async () => ++calls;
    const ask = (generation: number, inn: string) =>
      cacheAt({ generation: keys.cacheGeneration, lock: keys.cacheLock }, generation).getOrFetch(
        'client.debt',
        { inn },
        fetch,
        z.number(),
      );
    await ask(0, '1');
    await ask(0, '2');
    // Row of generation 4 still sees generation 0 (span 5) and copies the answer into generation 4.
    expect(await ask(4, '1')).toEqual({ value: 1, cached: true });
    // The writer passed generation 0: it goes.
    await store.dropCacheGenerations('r1', 0, 0);
    expect(await ask(5, '1')).toEqual({ value: 1, cached: true });
    expect(await ask(5, '2')).toEqual({ value: 3, cached: false });
    expect(calls).toBe(3);
    // Only the generations' hashes hold answers, and dropping them leaves nothing behind.
    expect((await redis.keys(keys.cachePattern)).sort()).toEqual([
      keys.cacheGeneration(4),
      keys.cacheGeneration(5),
    ]);
    await store.releaseWorkingData('r1');
    expect(await redis.keys(keys.cachePattern)).toEqual([]);
  });
});
