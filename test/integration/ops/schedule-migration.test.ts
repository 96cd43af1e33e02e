import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log.js';
import type { RunRequest } from '../../../src/runs/request.js';
import { SCHEDULES_QUEUE, type ScheduleJobData } from '../../../src/schedule/definition.js';
import { scheduleProcessor, type ScheduledRunResult } from '../../../src/schedule/processor.js';
import { listSchedules } from '../../../src/schedule/schedules.js';
import { connect, uniquePrefix } from '../../helpers/redis.js';
import { CLIENTS, clientsCsv } from './helpers.js';

let redis: Redis;
const prefix = uniquePrefix();
const outDir = mkdtempSync(join(tmpdir(), 'kyc-sched-migrate-'));
const input = clientsCsv([['CL-1', ...CLIENTS.clean1]]);

/** A schedule as versions before the runs layer stored it: the CLI's run options as `run`. */
const OLD_SHAPE = {
  name: 'legacy',
  input,
  outDir,
  tz: 'Europe/Moscow',
  run: {
    priority: 'low',
    window: 250,
    attempts: 1,
    cacheRows: 7,
    checks: 'foreign_agent,sanctions',
    // Accepted by the oldest versions, refused since: never a run's own.
    rate: 50,
    concurrency: 3,
    // A flag the request does not know.
    progressInterval: 30,
  },
};

beforeAll(async () => {
  redis = connect();
  const queue = new Queue(SCHEDULES_QUEUE, { connection: redis, prefix });
  await queue.upsertJobScheduler(
    'legacy',
    { pattern: '0 2 * * *', tz: 'Europe/Moscow' },
    { name: 'scheduled-run', data: OLD_SHAPE, opts: { attempts: 5 } },
  );
  await queue.close();
});
afterAll(async () => {
  await redis.quit();
});

describe('a schedule stored in the old shape', () => {
  it('is read as a RunRequest: its settings kept, the worker’s own dropped', async () => {
    const [found] = await listSchedules(redis, prefix);
    expect(found?.data).toEqual({
      version: 2,
      name: 'legacy',
      outDir,
      tz: 'Europe/Moscow',
      request: {
        version: 1,
        input,
        priority: 'low',
        window: 250,
        attempts: 1,
        cacheRows: 7,
        checks: 'foreign_agent,sanctions',
      },
    });
  });

  it('fires with the migrated request (its firing’s own outputs and run id)', async () => {
    const seen: RunRequest[] = [];
    const processor = scheduleProcessor({
      redis,
      prefix,
      log: silentLogger(),
      runScheduled: (request) => {
        seen.push(request);
        // The run never starts here: the firing then fails for good, as one whose input is refused.
        return Promise.reject(new Error('stop here'));
      },
    });
    const firedAt = Date.UTC(2026, 0, 5, 23, 0);
    const job = {
      id: 'legacy-job',
      data: OLD_SHAPE,
      opts: { prevMillis: firedAt, attempts: 5 },
      timestamp: firedAt,
      attemptsMade: 0,
    } as unknown as Job<ScheduleJobData, ScheduledRunResult>;
    await expect(processor(job, 'token')).rejects.toThrow('stop here');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      input,
      priority: 'low',
      window: 250,
      attempts: 1,
      cacheRows: 7,
      schedule: 'legacy',
      runId: `s_legacy_${firedAt}`,
      outDir: join(outDir, '2026-01-06_0200'),
    });
    expect(seen[0]).not.toHaveProperty('rate');
  });
});
