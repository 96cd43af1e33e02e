import { afterAll, describe, expect, it } from 'vitest';
import type { Lane } from '../../src/run/state/lanes.js';
import { quotaSlots } from '../../src/upstream/paced-lookup.js';
import { markUrgentWork, Pacer } from '../../src/upstream/pacer.js';
import { connect, uniquePrefix } from '../helpers/redis.js';

const redis = connect();
afterAll(async () => {
  await redis.quit();
});

/** Callers of one lane that keep the quota booked ahead, as 32 check jobs of a run do, until `stop`. */
function callers(pacer: Pacer, lane: Lane, count: number, stamps: number[], stop: { done: boolean }) {
  const caller = async () => {
    while (!stop.done) {
      const slot = await pacer.acquire({ lane });
      if (slot.granted) stamps.push(performance.now());
      else await new Promise((r) => setTimeout(r, slot.retryInMs));
    }
  };
  return Promise.all(Array.from({ length: count }, caller));
}

async function waitOf(pacer: Pacer, lane: Lane): Promise<number> {
  const started = performance.now();
  const slot = await pacer.acquire({ lane });
  expect(slot.granted).toBe(true);
  return performance.now() - started;
}

describe('the lanes of the quota: a single client ahead of a high run, a high run ahead of the rest', () => {
  it("books an interactive call ahead of the slots a high run's calls keep booked, and the quota stays full", async () => {
    const rate = 100;
    const key = `${uniquePrefix()}:pacer`;
    const pacer = new Pacer(redis, key, rate);
    const stamps: number[] = [];
    const stop = { done: false };
    const running = callers(pacer, 'high', 32, stamps, stop);
    await new Promise((r) => setTimeout(r, 500));
    // 32 callers of a high run at 100/s: one more of its calls waits behind about 0.3 s of booked slots.
    const highWaitMs = await waitOf(pacer, 'high');
    stamps.push(performance.now());
    // The API marks interactive work when a screen comes in: the slots booked ahead drain within 0.3 s.
    await markUrgentWork(redis, key, 'interactive');
    await new Promise((r) => setTimeout(r, 400));
    const started = performance.now();
    const before = stamps.length;
    const interactiveWaits: number[] = [];
    for (let i = 0; i < 20; i++) {
      interactiveWaits.push(await waitOf(pacer, 'interactive'));
      stamps.push(performance.now());
    }
    const rateMeanwhile = ((stamps.length - before) / (performance.now() - started)) * 1000;
    stop.done = true;
    await running;
    expect(highWaitMs).toBeGreaterThan(200);
    // Behind at most the high run's short lead (half a slot) and a slot or two, not behind its booked 0.3 s.
    expect(Math.max(...interactiveWaits)).toBeLessThan(100);
    expect(rateMeanwhile).toBeGreaterThan(rate * 0.9);
  });

  it('while a screen goes on, the calls of a high run book at most half a slot ahead', async () => {
    // A screen's check makes its calls one after the other, each behind what was booked meanwhile: with
    // 30 ms booked (three slots at R = 100) a dozen calls took 0.6 s beside a batch instead of 0.2 s.
    const rate = 100;
    const key = `${uniquePrefix()}:pacer`;
    const pacer = new Pacer(redis, key, rate);
    const stop = { done: false };
    await markUrgentWork(redis, key, 'interactive');
    const running = callers(pacer, 'high', 16, [], stop);
    const booked: number[] = [];
    for (let i = 0; i < 60; i++) {
      await markUrgentWork(redis, key, 'interactive');
      booked.push(await pacer.bookedAheadMs());
      await new Promise((r) => setTimeout(r, 7));
    }
    stop.done = true;
    await running;
    // The slot a call books (10 ms) beyond the lead (5 ms): a busier machine books less, never more.
    expect(Math.max(...booked)).toBeLessThanOrEqual(15.5);
    expect(Math.max(...booked)).toBeGreaterThan(0);
  });

  it('a check call gives its worker up to the lanes above its own only', async () => {
    const key = `${uniquePrefix()}:pacer`;
    const pacer = new Pacer(redis, key, 2, { maxAheadMs: 400 });
    const check = (lane: Lane) => quotaSlots(pacer, { lane, patienceMs: 10_000 })();
    // The quota booked beyond the horizon while a high run goes on: a high run's call waits for its slot,
    // another run's gives its worker up.
    await pacer.reserve();
    await markUrgentWork(redis, key, 'high');
    await expect(check('high')).resolves.toBeUndefined();
    await expect(check('normal')).rejects.toThrow(/rate limit reached/);
    // Still booked half a second ahead, and a single client's screen starts: the high run's call gives its
    // worker up too, the screen's waits for its slot.
    await markUrgentWork(redis, key, 'interactive');
    expect(await pacer.urgentWorkGoingOn('high')).toBe(true);
    expect(await pacer.urgentWorkGoingOn('interactive')).toBe(false);
    await expect(check('high')).rejects.toThrow(/rate limit reached/);
    await expect(check('interactive')).resolves.toBeUndefined();
  });
});
