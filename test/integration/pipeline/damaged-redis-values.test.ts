import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistKeys, WhitelistStore } from '../../../src/whitelist/store.js';
import { MirrorStore } from '../../../src/mirror/store.js';
import { runKeys, upstreamKeys } from '../../../src/run/state/topology.js';
import { UpstreamState } from '../../../src/upstream/state.js';
import { connect, uniquePrefix } from '../../helpers/redis.js';

/**
 * Values kyc-screen keeps in Redis as JSON or hashes are checked when read back: a damaged one stops the
 * reader with KYC_ERR_REDIS_CORRUPT naming the value and its fields, never their content.
 */
describe('damaged values read back from Redis', () => {
  let redis: Redis;
  const prefix = uniquePrefix();
  const secret = 'Иванов Иван 7707083893';
  const corrupt = (what: RegExp): unknown =>
    expect.objectContaining({ code: 'KYC_ERR_REDIS_CORRUPT', message: expect.stringMatching(what) });

  beforeAll(() => {
    redis = connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('the foreign-agent strategy note and mirror of a run', async () => {
    const store = new MirrorStore(redis, prefix);
    const keys = runKeys(prefix, 'r1');
    await redis.set(keys.foreignAgentStrategy, JSON.stringify({ strategy: 'mirror', records: 'many' }));
    await expect(store.note('r1')).rejects.toEqual(corrupt(/foreign-agent strategy of run r1: records/));
    await redis.set(keys.foreignAgentStrategy, '{"strategy":"search"');
    await expect(store.note('r1')).rejects.toEqual(corrupt(/not JSON/));
    await redis.set(
      keys.foreignAgentMirror,
      JSON.stringify({ note: {}, records: [{ data: { name: 7, inn: secret } }] }),
    );
    const error: unknown = await store.load('r1').catch((e: unknown) => e);
    expect(error).toEqual(corrupt(/foreign-agent mirror of run r1/));
    expect(String((error as Error).message)).not.toContain(secret);
  });

  it("the upstream's pause and circuit breaker", async () => {
    const state = new UpstreamState(redis, prefix);
    const keys = upstreamKeys(prefix);
    await redis.hset(keys.pause, { until: 'soon', cause: '429 Retry-After', runId: 'r1' });
    await expect(state.pause()).rejects.toEqual(corrupt(/upstream pause record: until/));
    await redis.hset(keys.pause, { until: String(Date.now() + 60_000), askedMs: 'lots' });
    await expect(state.pause()).rejects.toEqual(corrupt(/askedMs/));
    await redis.del(keys.pause);
    expect(await state.pause()).toBeUndefined();
    await redis.hset(keys.breaker, { code: 'KYC_ERR_UPSTREAM_AUTH', detail: 'HTTP 401' });
    expect(await state.breaker()).toEqual({
      code: 'KYC_ERR_UPSTREAM_AUTH',
      detail: 'HTTP 401',
      at: '',
      runId: '',
    });
    expect((await state.gate()).open).toMatchObject({ code: 'KYC_ERR_UPSTREAM_AUTH' });
  });

  it("a client's whitelist entries", async () => {
    const store = new WhitelistStore(redis, prefix);
    await redis.hset(
      whitelistKeys(prefix, 'r1').entries,
      'inn:7707083893',
      JSON.stringify([{ clientKey: secret }]),
    );
    const error: unknown = await store.entriesFor('r1', 'inn:7707083893').catch((e: unknown) => e);
    expect(error).toEqual(corrupt(/whitelist entries of run r1/));
    expect(String((error as Error).message)).not.toContain(secret);
    expect(await store.entriesFor('r1', 'inn:0000000000')).toEqual([]);
  });
});
