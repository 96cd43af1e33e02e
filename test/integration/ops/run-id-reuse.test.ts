import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { EXIT } from '../../../src/errors.js';
import { silentLogger } from '../../../src/log.js';
import { scheduleProcessor, type ScheduledRunResult } from '../../../src/schedule/processor.js';
import { scheduledRunId, type ScheduleJobData } from '../../../src/schedule/definition.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { submitRun } from '../../../src/runs/submit.js';
import { cli, exited } from '../../helpers/cli-process.js';
import { runRequest } from '../../../src/runs/request.js';
import { SCHEDULE_DATA_VERSION } from '../../../src/schedule/definition.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { CLIENTS, clientsCsv, readVerdicts, startOpsPipeline, type OpsPipeline } from './helpers.js';

const newDir = () => mkdtempSync(join(tmpdir(), 'kyc-runid-'));

/** A run id names one run: a second run under it is refused, never answered with the first one's result. */
describe('a run id that exists already', () => {
  let pipeline: OpsPipeline;
  let clean: string;
  let sanctioned: string;
  beforeAll(async () => {
    pipeline = await startOpsPipeline();
    clean = clientsCsv([['CL-1', ...CLIENTS.clean1]]);
    sanctioned = clientsCsv([
      ['CL-9', ...CLIENTS.sanctionsHit],
      ['CL-8', ...CLIENTS.foreignAgentHit],
    ]);
  });
  afterAll(async () => {
    await pipeline.close();
  });

  it('is refused for a new input, which is neither screened nor written; the first run stays as it was', async () => {
    const first = await pipeline.run(clean, { runId: 'dup_service' });
    expect(first.code).toBe(0);
    const other = join(newDir(), 'other');
    await expect(pipeline.run(sanctioned, { runId: 'dup_service', outDir: other })).rejects.toMatchObject({
      code: 'KYC_ERR_RUN_EXISTS',
    });
    expect(existsSync(other) ? readdirSync(other) : []).toEqual([]);
    const kept = await new RunStore(pipeline.redis, pipeline.prefix).require('dup_service');
    expect(kept.input).toBe(clean);
    expect(kept.out).toBe(first.run.out);
  }, 60_000);

  it('is refused by submitRun itself (the path of the HTTP API and of any other submitter)', async () => {
    const store = new RunStore(pipeline.redis, pipeline.prefix);
    const { run } = await pipeline.run(clean, { runId: 'dup_submit' });
    await expect(
      submitRun(pipeline.redis, pipeline.prefix, { ...run, input: sanctioned, out: '/elsewhere.csv' }),
    ).rejects.toMatchObject({ code: 'KYC_ERR_RUN_EXISTS' });
    expect((await store.require('dup_submit')).input).toBe(clean);
  }, 60_000);

  it('is not taken over by a schedule whose firing has that id but did not start it', async () => {
    const name = 'collide';
    const firedAt = Date.UTC(2026, 10, 25, 3, 0);
    const runId = scheduledRunId(name, firedAt);
    await pipeline.run(clean, { runId });
    let called = 0;
    const processor = scheduleProcessor({
      redis: pipeline.redis,
      prefix: pipeline.prefix,
      log: silentLogger(),
      runScheduled: () => {
        called++;
        return Promise.resolve(0);
      },
    });
    const data: ScheduleJobData = {
      version: SCHEDULE_DATA_VERSION,
      name,
      outDir: newDir(),
      tz: 'UTC',
      request: runRequest({ input: sanctioned, priority: 'normal', window: 100 }),
    };
    const job = { data, opts: { prevMillis: firedAt }, timestamp: firedAt } as unknown as Job<
      ScheduleJobData,
      ScheduledRunResult
    >;
    await expect(processor(job, 'token')).rejects.toMatchObject({ code: 'KYC_ERR_RUN_EXISTS' });
    expect(called).toBe(0);
  }, 60_000);
});

describe('kyc-screen run --run-id of an existing run', () => {
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY] });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('exits 2 with KYC_ERR_RUN_EXISTS and writes nothing; the first run’s outputs are untouched', async () => {
    const env = { REDIS_URL: redisUrl(), KYC_PREFIX: uniquePrefix(), KYC_API_URL: emulator.url };
    const a = clientsCsv([['CL-1', ...CLIENTS.clean1]]);
    const b = clientsCsv([['CL-9', ...CLIENTS.sanctionsHit]]);
    const firstDir = join(newDir(), 'first');
    const first = cli(['run', a, '--run-id', 'dup1', '--out-dir', firstDir, '--no-progress'], env);
    expect(await exited(first)).toBe(0);
    const before = readVerdicts(join(firstDir, 'verdicts.csv'));

    const other = join(newDir(), 'other');
    const second = cli(['run', b, '--run-id', 'dup1', '--out-dir', other, '--no-progress'], env);
    let stdout = '';
    let stderr = '';
    second.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    second.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await exited(second)).toBe(EXIT.USAGE);
    expect(stderr).toMatch(/^KYC_ERR_RUN_EXISTS: .*dup1/m);
    expect(stderr).toContain('--resume');
    // No summary of the first run passed off as this one's.
    expect(stdout).toBe('');
    expect(existsSync(other) ? readdirSync(other) : []).toEqual([]);
    expect(readVerdicts(join(firstDir, 'verdicts.csv'))).toEqual(before);
    rmSync(firstDir, { recursive: true, force: true });
  }, 90_000);
});
