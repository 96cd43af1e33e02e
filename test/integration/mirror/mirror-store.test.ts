import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import { mirrorDigest, type MirrorNote } from '../../../src/export/mirror-snapshot.js';
import { LoadedMirrors, MirrorStore } from '../../../src/mirror/store.js';
import { ABANDONED_RUN_DATA_MS } from '../../../src/run/state/retention.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { runKeys } from '../../../src/run/state/topology.js';
import { connect, uniquePrefix } from '../../helpers/redis.js';

const records = generateRegisters(42).foreignAgents.slice(0, 50);
const note: MirrorNote = {
  strategy: 'mirror',
  records: records.length,
  sha256: mirrorDigest(records),
  taken_at: '2026-11-24T00:00:00.000Z',
  range: { since: '2012-11-21', until: '2026-11-24' },
  calls: 5122,
  split_days: 0,
  undated_records: 0,
  undated_gaps: [],
};

describe('the mirror in Redis', () => {
  let redis: Redis;
  const prefix = uniquePrefix();
  beforeAll(() => {
    redis = connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('expires with the run’s working data and goes when the run releases it', async () => {
    const store = new MirrorStore(redis, prefix);
    await store.saveMirror('r1', note, records);
    const ttl = await redis.pttl(runKeys(prefix, 'r1').foreignAgentMirror);
    expect(ttl).toBeGreaterThan(ABANDONED_RUN_DATA_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(ABANDONED_RUN_DATA_MS);
    await new RunStore(redis, prefix).releaseWorkingData('r1');
    expect(await store.load('r1')).toBeUndefined();
  });

  it('is indexed once per run by each worker, and refused when gone or altered', async () => {
    const store = new MirrorStore(redis, prefix);
    await store.saveMirror('r2', note, records);
    const loaded = new LoadedMirrors(store);
    const index = await loaded.index('r2', note.sha256);
    expect(await loaded.index('r2', note.sha256)).toBe(index);
    expect(index.records).toHaveLength(records.length);

    await expect(loaded.index('r3', note.sha256)).rejects.toMatchObject({
      code: 'KYC_ERR_FA_MIRROR_MISSING',
    });
    const altered = records.map((r, i) => (i === 0 ? { ...r, data: { ...r.data, inn: '7707083893' } } : r));
    await store.saveMirror('r4', note, altered);
    await expect(loaded.index('r4', note.sha256)).rejects.toMatchObject({
      code: 'KYC_ERR_FA_MIRROR_MISSING',
    });
  });
});
