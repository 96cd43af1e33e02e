import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import { KeptMirrorStore, keptMirrorKeys, type KeptMirror } from '../../../src/mirror/kept-store.js';
import { mirrorDigest } from '../../../src/export/mirror-snapshot.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';

/**
 * The kept mirror is read whole or not at all: a writer killed between its two writes, a key lost by a
 * Redis restart, or a damaged value never passes for a complete mirror.
 */
const register = generateRegisters(42).foreignAgents;
const source = { origin: 'http://upstream.test', since: '2012-11-21', acceptUndatedGap: true };

function version(records = register): KeptMirror {
  const at = new Date().toISOString();
  return {
    records,
    sha256: mirrorDigest(records),
    builtAt: at,
    syncedThrough: '2026-11-25',
    syncedAt: at,
    undatedGaps: [],
  };
}

let redis: Redis;
beforeAll(() => {
  redis = connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('the kept mirror in Redis', () => {
  it('is read back whole, compact, under the hash tag of its prefix', async () => {
    const prefix = uniquePrefix();
    const store = new KeptMirrorStore(redis, prefix);
    const kept = version();
    await store.save(source, kept, Date.now() + 60_000);
    const read = await store.load(source);
    expect(read?.sha256).toBe(kept.sha256);
    expect(read?.records).toHaveLength(register.length);
    const keys = await redis.keys(`${prefix}:fa-register:*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key.startsWith(prefix)).toBe(true);
    const bytes = await redis.strlen(keptMirrorKeys(prefix, source).records(kept.sha256));
    expect(bytes).toBeLessThan(JSON.stringify(register).length / 3);
    // Another service's mirror is another key: never read for this one.
    expect(await store.load({ ...source, origin: 'http://other.test' })).toBeUndefined();
  });

  it('keeps the old version when a writer dies after writing the new records but before the pointer', async () => {
    const prefix = uniquePrefix();
    const store = new KeptMirrorStore(redis, prefix);
    const old = version();
    await store.save(source, old, Date.now() + 60_000);
    const next = version(register.slice(1));
    await redis.set(
      keptMirrorKeys(prefix, source).records(next.sha256),
      gzipSync(JSON.stringify(next.records)),
    );
    expect((await store.load(source))?.sha256).toBe(old.sha256);
  });

  it('reads as no kept mirror when a restart lost the records or left them damaged', async () => {
    const prefix = uniquePrefix();
    const store = new KeptMirrorStore(redis, prefix);
    const kept = version();
    const keys = keptMirrorKeys(prefix, source);
    await store.save(source, kept, Date.now() + 60_000);
    await redis.set(keys.records(kept.sha256), gzipSync(JSON.stringify(register.slice(1))));
    expect(await store.load(source)).toBeUndefined();
    await redis.set(keys.records(kept.sha256), Buffer.from('half a gzip'));
    expect(await store.load(source)).toBeUndefined();
    await redis.del(keys.records(kept.sha256));
    expect(await store.load(source)).toBeUndefined();
  });

  it('survives kill -9 of a process saving versions: what is read is one whole version', async () => {
    const prefix = uniquePrefix();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/integration/mirror/fixtures/keep-saving.ts', redisUrl(), prefix],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(child.stdout, 'data');
    await sleep(300);
    child.kill('SIGKILL');
    await once(child, 'exit');
    const read = await new KeptMirrorStore(redis, prefix).load(source);
    expect(read).toBeDefined();
    expect(mirrorDigest(read?.records ?? [])).toBe(read?.sha256);
    expect(read?.records.length).toBe(register.length - 1);
  });
});
