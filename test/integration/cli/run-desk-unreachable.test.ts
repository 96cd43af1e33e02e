import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../../src/run/state/topology.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';

const redis = connect();
afterAll(async () => {
  await redis.quit();
});

describe('run with a review desk it cannot open', () => {
  it('ends with KYC_ERR_DB_CONNECT and leaves no run queued for another process', async () => {
    const prefix = uniquePrefix();
    const work = mkdtempSync(join(tmpdir(), 'kyc-run-desk-'));
    const child = cli(
      ['run', '--emulator', 'samples/clients.csv', '--out-dir', join(work, 'out'), '--no-progress'],
      {
        REDIS_URL: redisUrl(),
        KYC_PREFIX: prefix,
        KYC_STATE_DIR: join(work, 'state'),
        // Nothing listens on port 1: the desk's server cannot be reached.
        DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/kyc',
      },
    );
    const stderr = stderrOf(child);
    expect(await exited(child), stderr()).toBe(1);
    expect(stderr()).toContain('KYC_ERR_DB_CONNECT');
    const runs = new Queue(QUEUES.runs, { connection: redis, prefix });
    try {
      const counts = await runs.getJobCounts('waiting', 'delayed', 'prioritized', 'active');
      expect(
        Object.values(counts).reduce((a, b) => a + b, 0),
        JSON.stringify(counts),
      ).toBe(0);
    } finally {
      await runs.close();
    }
  }, 120_000);
});
