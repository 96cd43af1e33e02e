import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamState } from '../../../src/upstream/state.js';
import { connect, uniquePrefix } from '../../helpers/redis.js';

/**
 * Two services on one Redis: what a worker learned of its own service (the page size a preflight measured,
 * that it answered a moment ago) must not be read by a worker of another, whose answers may be cut shorter.
 */
describe("what is learned of one service is never another's", () => {
  let redis: Redis;
  const prefix = uniquePrefix();

  beforeAll(() => {
    redis = connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it("a page size measured against one service is not another's, nor its recent answer", async () => {
    const production = new UpstreamState(redis, prefix, 'a1b2c3d4e5f6');
    const sandbox = new UpstreamState(redis, prefix, '0f9e8d7c6b5a');
    await sandbox.notePageSize({ resultCap: 100, pageSize: 100 });
    await sandbox.noteAnswered();
    expect(await sandbox.recentPageSize(100)).toEqual({ resultCap: 100, pageSize: 100 });
    expect(await sandbox.answeredRecently()).toBe(true);
    expect(await production.recentPageSize(100)).toBeUndefined();
    expect(await production.answeredRecently()).toBe(false);
    await production.notePageSize({ resultCap: 100, pageSize: 50 });
    expect(await production.recentPageSize(100)).toEqual({ resultCap: 100, pageSize: 50 });
    expect(await sandbox.recentPageSize(100)).toEqual({ resultCap: 100, pageSize: 100 });
  });
});
