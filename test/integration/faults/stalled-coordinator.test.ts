import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { runKeys } from '../../../src/run/state/topology.js';
import { cli, exited, maskedVerdicts, stderrOf } from '../../helpers/cli-process.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { until } from '../../helpers/until.js';

const ROWS = 600;
const WINDOW = 200;

/**
 * A coordinator that the system stops for longer than its lock (a process paused, an event loop blocked on
 * a busy machine) loses the run to another coordinator. When it runs again it must not write a single row
 * more: the run is written once, in order, by the coordinator that holds it.
 */
describe('a coordinator stopped for longer than its lock', () => {
  const redis = connect();
  let emulator: EmulatorHandle;
  let reference: TestPipeline;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY], faults: { latencyMs: [1, 5] } });
    reference = await startTestPipeline();
  });
  afterAll(async () => {
    await reference.close();
    await emulator.close();
    await redis.quit();
  });

  it('stops without writing once another coordinator took the run over', async () => {
    const file = await generatedClients(ROWS, 0.2);
    const runId = 'stalled_coordinator_1';
    const prefix = uniquePrefix();
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-stall-'));
    const env = {
      REDIS_URL: redisUrl(),
      KYC_API_URL: emulator.url,
      KYC_API_KEY: DEMO_API_KEY,
      KYC_PREFIX: prefix,
      KYC_RATE: '100',
      LOG_LEVEL: 'info',
    };
    const submitter = cli(
      ['run', file, '--run-id', runId, '--out-dir', outDir, '--no-workers', '--window', String(WINDOW)],
      env,
    );
    const submitterErr = stderrOf(submitter);
    const store = new RunStore(redis, prefix);
    const leaseKey = runKeys(prefix, runId).lease;
    const first = cli(['worker', '--concurrency', '8', '--runs-concurrency', '1'], env);
    const firstLog: string[] = [];
    first.stderr?.on('data', (d: Buffer) => firstLog.push(d.toString()));

    let second: ReturnType<typeof cli> | undefined;
    try {
      const firstHolder = await until(
        'the first coordinator to write rows',
        async () => (((await store.get(runId))?.written ?? 0) >= 20 ? await redis.get(leaseKey) : undefined),
        { timeoutMs: 60_000 },
      );
      second = cli(['worker', '--concurrency', '8', '--runs-concurrency', '1'], env);
      first.kill('SIGSTOP');
      // The first one's lock and lease lapse; the second coordinator takes the run.
      await until(
        'the second coordinator to take the run',
        async () => {
          const holder = await redis.get(leaseKey);
          return holder !== null && holder !== firstHolder ? holder : undefined;
        },
        { timeoutMs: 90_000 },
      );
      const writtenAtTakeover = (await store.get(runId))?.written ?? 0;
      first.kill('SIGCONT');
      // The first one's coordinator slot is free again: a small urgent run does not wait for the batch.
      const small = await generatedClients(5);
      const urgent = cli(
        [
          'run',
          small,
          '--run-id',
          'urgent_1',
          '--out-dir',
          outDir + '-urgent',
          '--no-workers',
          '--priority',
          'high',
        ],
        env,
      );
      const urgentErr = stderrOf(urgent);
      expect(await exited(urgent), urgentErr()).toBe(0);
      expect((await store.get(runId))?.status).toBe('running');
      expect(await exited(submitter), submitterErr()).toBe(0);
      expect(writtenAtTakeover).toBeLessThan(ROWS);
      // It stops on its next look; the run may finish before that look, so wait for the line.
      await until(
        'the first coordinator to stop',
        async () => (firstLog.join('').includes('taken over by another coordinator') ? true : undefined),
        { timeoutMs: 30_000 },
      );
    } finally {
      first.kill('SIGCONT');
      first.kill('SIGTERM');
      second?.kill('SIGTERM');
      await Promise.all([exited(first), ...(second ? [exited(second)] : [])]);
    }

    const clean = await reference.submit(file, { runId, window: WINDOW });
    const { run: cleanRun } = await reference.finish(clean, 240_000);
    const stalled = maskedVerdicts(join(outDir, 'verdicts.csv'));
    expect(stalled.split('\r\n').length - 2).toBe(ROWS);
    expect(stalled).toBe(maskedVerdicts(cleanRun.out));
  }, 300_000);
});
