import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { COUNTER } from '../../../src/domain/run-counters.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';

const ROWS = 600;

/**
 * The manifest's call count against the service's own request log when a worker process dies mid-run
 * (SIGKILL, calls in flight): each request that left is counted exactly once, by whoever sent it, even
 * when its sender died before the answer; a request that never left is not counted.
 */
describe('the manifest counts every call the service received, a worker killed mid-run', () => {
  const redis = connect();
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    // Answers take a few ms, so that the kill finds requests in flight.
    emulator = await createEmulator({ keys: [DEMO_API_KEY], faults: { latencyMs: [1, 10] } });
  });
  afterAll(async () => {
    await emulator.close();
    await redis.quit();
  });

  it('calls in the manifest == requests the emulator received', async () => {
    const file = await generatedClients(ROWS, 0.2);
    const runId = 'calls_worker_kill';
    const prefix = uniquePrefix();
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-calls-kill-'));
    const env = {
      ...{ REDIS_URL: redisUrl(), KYC_API_URL: emulator.url, KYC_API_KEY: DEMO_API_KEY },
      ...{ KYC_PREFIX: prefix, KYC_RATE: '300' },
    };
    emulator.resetStats();
    const submitter = cli(
      ['run', file, '--run-id', runId, '--out-dir', outDir, '--no-workers', '--fa-strategy', 'search'],
      env,
    );
    const submitterErr = stderrOf(submitter);
    const [victim, survivor] = [0, 1].map(() => cli(['worker', '--concurrency', '16'], env));
    const survivorErr = stderrOf(survivor!);
    // Killed once a good part of the run's calls have gone, with more of them on their way.
    const store = new RunStore(redis, prefix);
    const deadline = Date.now() + 120_000;
    while (((await store.counters(runId))[COUNTER.calls] ?? 0) < 400) {
      if (Date.now() > deadline) throw new Error(`no calls: ${submitterErr()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    victim!.kill('SIGKILL');
    await exited(victim!);

    expect(await exited(submitter), `${submitterErr()}\n${survivorErr()}`).toBe(0);
    survivor!.kill('SIGTERM');
    await exited(survivor!);
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    const received = emulator.stats();
    expect(manifest.upstream.calls, JSON.stringify(received.byRoute)).toBe(received.total);
    // By operation and status once answered, tallied per job: the killed worker's jobs in progress are
    // in the total only.
    const byOperation = Object.values(manifest.upstream.calls_by_operation)
      .flatMap((statuses) => Object.values(statuses))
      .reduce((a, b) => a + b, 0);
    expect(byOperation).toBeLessThanOrEqual(manifest.upstream.calls);
  }, 300_000);
});
