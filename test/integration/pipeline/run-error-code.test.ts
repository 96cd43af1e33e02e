import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunStore, type RunSettings } from '../../../src/run/state/run-store.js';
import { connect, uniquePrefix } from '../../helpers/redis.js';

const settings: RunSettings = {
  id: 'r1',
  input: '/data/clients.csv',
  inputSha256: 'x',
  inputBytes: 1,
  out: '/out/verdicts.csv',
  evidence: '/out/evidence.jsonl',
  manifest: '/out/manifest.json',
  priority: 'normal',
  window: 100,
  checks: ['foreign_agent', 'debtor'],
  createdAt: '2026-11-24T00:00:00.000Z',
  config: {},
};

// `status`, the dashboard and the API read a failed run's code from this field, not from its message.
describe("a failed run's error code in Redis", () => {
  let redis: Redis;
  let store: RunStore;
  beforeAll(async () => {
    redis = connect();
    store = new RunStore(redis, uniquePrefix());
    await store.create(settings);
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('is the code the run failed with, and goes when a resumed run fails on an error without one', async () => {
    await store.update('r1', {
      status: 'failed',
      error: 'KYC_ERR_OUTPUT_EXISTS: An output file already exists: /out/verdicts.csv',
      errorCode: 'KYC_ERR_OUTPUT_EXISTS',
    });
    expect(await store.require('r1')).toMatchObject({ status: 'failed', errorCode: 'KYC_ERR_OUTPUT_EXISTS' });
    await store.update('r1', { status: 'running' });
    await store.update('r1', { status: 'failed', error: 'TypeError: x is undefined' });
    const run = await store.require('r1');
    expect(run.error).toBe('TypeError: x is undefined');
    expect(run).not.toHaveProperty('errorCode');
  });

  it('stops a reader of damaged settings with KYC_ERR_REDIS_CORRUPT', async () => {
    await redis.hset(store.keys('r1').meta, 'settings', JSON.stringify({ ...settings, checks: 'all' }));
    await expect(store.get('r1')).rejects.toMatchObject({ code: 'KYC_ERR_REDIS_CORRUPT' });
  });
});
