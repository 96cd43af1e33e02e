import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type EmulatorHandle, type EmulatorOptions } from '../../src/server.js';
import { call, errorCode } from './helpers.js';

const OTHER_KEY = '3f2c1a7e-5b6d-4e8f-9a0b-1c2d3e4f5a6b';
const started: EmulatorHandle[] = [];

async function start(options: EmulatorOptions): Promise<EmulatorHandle> {
  const emulator = await createEmulator({ port: 0, ...options });
  started.push(emulator);
  return emulator;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((e) => e.close()));
});

const search = (e: EmulatorHandle, key?: string | null) =>
  call(e.url, '/lists/search/minjust_foreign_agent', { params: { name: 'Петров' }, key });

describe('rate limit', () => {
  it('the sixth request within a second gets 429 with Retry-After in whole seconds', async () => {
    const e = await start({ rate: 5, burst: 5 });
    // Sent together so that no token is refilled in between, however slow the machine.
    const answers = await Promise.all(Array.from({ length: 6 }, () => search(e)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const limited = answers.find((a) => a.status === 429);
    expect(limited).toBeDefined();
    expect(errorCode(limited as (typeof answers)[number])).toBe('RATE_LIMITED');
    expect(limited?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });

  it('buckets are per key; auth comes before the rate limit, the limit before faults', async () => {
    const e = await start({ keys: [OTHER_KEY, '00000000-0000-4000-8000-000000000000'], rate: 1, burst: 1 });
    expect((await search(e, OTHER_KEY)).status).toBe(200);
    expect((await search(e, OTHER_KEY)).status).toBe(429);
    expect((await search(e)).status).toBe(200);
    expect((await search(e, null)).status).toBe(401);
    e.setFaults({ errorRate: 1 });
    expect((await search(e)).status).toBe(429);
  });
});

describe('faults', () => {
  it('503 at roughly the configured rate, UNAVAILABLE, without Retry-After', async () => {
    const e = await start({ faults: { errorRate: 0.3 } });
    const answers = await Promise.all(Array.from({ length: 400 }, () => search(e)));
    const failed = answers.filter((a) => a.status === 503);
    expect(failed.length / answers.length).toBeGreaterThan(0.2);
    expect(failed.length / answers.length).toBeLessThan(0.4);
    expect(errorCode(failed[0] as (typeof failed)[number])).toBe('UNAVAILABLE');
    expect(failed.every((a) => a.headers.get('retry-after') === null)).toBe(true);
    expect(answers.filter((a) => a.status !== 503).every((a) => a.status === 200)).toBe(true);
  });

  it('is deterministic for a seed: the same request sequence meets the same faults', async () => {
    const sequence = async () => {
      const e = await start({ seed: 9, faults: { errorRate: 0.5 } });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await search(e)).status);
      return statuses;
    };
    expect(await sequence()).toEqual(await sequence());
  });

  it('a malformed body is 200, declared JSON, and does not parse', async () => {
    const e = await start({ faults: { malformedRate: 1 } });
    const answer = await search(e);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.text.length).toBeGreaterThan(0);
    expect(answer.json).toBeUndefined();
  });

  it('latency is added; setFaults changes the faults at run time', async () => {
    const e = await start({ faults: { latencyMs: 300 } });
    let t = performance.now();
    expect((await search(e)).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(290);
    e.setFaults({});
    t = performance.now();
    await search(e);
    expect(performance.now() - t).toBeLessThan(250);
  });

  it('a stalled request is held for stallMs, then answered normally', async () => {
    const e = await start({ faults: { stallRate: 1, stallMs: 300 } });
    const t = performance.now();
    const answer = await search(e);
    expect(performance.now() - t).toBeGreaterThanOrEqual(290);
    expect(answer.status).toBe(200);
  });

  it('a client that gives up on a stall trips its timeout; close() still ends promptly', async () => {
    const e = await start({ faults: { stallRate: 1, stallMs: 60_000 } });
    await expect(call(e.url, '/reg2/dictionary', { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    const pending = call(e.url, '/reg2/dictionary').then(
      () => 'answered',
      () => 'closed',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    started.splice(started.indexOf(e), 1);
    const t = performance.now();
    await e.close();
    expect(performance.now() - t).toBeLessThan(2000);
    await expect(pending).resolves.toBe('closed');
    // The client that gave up is counted as 499 (client closed request).
    expect(e.stats().byRoute['/reg2/dictionary 499']).toBeGreaterThanOrEqual(1);
  });
});
