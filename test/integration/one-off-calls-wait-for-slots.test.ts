import { afterAll, describe, expect, it } from 'vitest';
import type { RegistryClient } from '../../src/upstream/client/index.js';
import { quotaSlots } from '../../src/upstream/paced-lookup.js';
import { Pacer } from '../../src/upstream/pacer.js';
import { preflight } from '../../src/upstream/preflight.js';
import { connect, uniquePrefix } from '../helpers/redis.js';

const redis = connect();
afterAll(async () => {
  await redis.quit();
});

/** Redis's clock, µs: the pacer's pauses are marked on it. */
async function redisNowUs(): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1_000_000 + Number(micros);
}

/** A Lookup Service of one operation that notes, on Redis's clock, when each call left. */
function dictionaryService(sentAt: number[]): RegistryClient {
  const service: Pick<RegistryClient, 'listDictionaries'> = {
    async listDictionaries() {
      sentAt.push(await redisNowUs());
      return { data: [], record: { operation: 'dictionary.list', params: {}, status: 200 }, durationMs: 1 };
    },
  };
  return service as RegistryClient;
}

// The preflight, the page-size search and the breaker's probe used to take a slot and ignore that it was
// refused: during a 429's pause longer than the pacer's horizon they called at once, into the pause.
describe('calls outside the check jobs wait for their slot like paced calls', () => {
  it("the preflight's call waits out a 429's pause longer than the pacer's horizon", async () => {
    const key = `${uniquePrefix()}:pacer`;
    const pacer = new Pacer(redis, key, 50, { maxAheadMs: 1_000 });
    await pacer.penalize(2_500);
    const pausedUntil = Number(await redis.get(`${key}:paused`));
    expect(pausedUntil).toBeGreaterThan(await redisNowUs());

    const sentAt: number[] = [];
    const slot = quotaSlots(pacer, { patienceMs: Number.POSITIVE_INFINITY, giveWay: false });
    await preflight(dictionaryService(sentAt), { slot });
    expect(sentAt).toHaveLength(1);
    expect(sentAt[0]).toBeGreaterThanOrEqual(pausedUntil);
  });

  it('a one-off call does not give its place up to urgent work, and a paced check call does', async () => {
    const key = `${uniquePrefix()}:pacer`;
    const pacer = new Pacer(redis, key, 2, { maxAheadMs: 400 });
    // Book the quota ahead, then start urgent work: calls that are not urgent are held back.
    for (let i = 0; i < 2; i++) await pacer.reserve();
    await pacer.acquire({ lane: 'high' });
    const check = quotaSlots(pacer, { patienceMs: 10_000 });
    await expect(check()).rejects.toThrow(/rate limit reached/);
    const oneOff = quotaSlots(pacer, { patienceMs: Number.POSITIVE_INFINITY, giveWay: false });
    await expect(oneOff()).resolves.toBeUndefined();
  });
});
