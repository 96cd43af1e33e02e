import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { upstreamKeys } from '../../../src/run/state/topology.js';
import { serviceIdentity } from '../../../src/settings/service-identity.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/** Calls the service received on the preflight's route (the dictionary list). */
function dictionaryCalls(emulator: EmulatorHandle): number {
  return Object.entries(emulator.stats().byRoute)
    .filter(([route]) => route.startsWith('/reg2/dictionary'))
    .reduce((sum, [, n]) => sum + n, 0);
}

/**
 * A run's start costs one preflight call: `run` checks the key and the URL before it submits, and the
 * coordinator that takes the run moments later trusts that answer instead of asking again, so the first
 * checks follow at once. A run taken up when no call was answered for a while is checked again.
 */
describe('the preflight call of a run', () => {
  const redis = connect();
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY] });
  });
  afterAll(async () => {
    await emulator.close();
    await redis.quit();
  });

  const envFor = (prefix: string) => ({
    ...{ REDIS_URL: redisUrl(), KYC_PREFIX: prefix, KYC_API_URL: emulator.url, KYC_RATE: '200' },
    KYC_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyc-preflight-once-state-')),
  });

  it('is made once for a run submitted right after it: the coordinator makes no second one', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-preflight-once-'));
    emulator.resetStats();
    const child = cli(['run', sampleSlice(10), '--out-dir', outDir, '--no-progress'], envFor(uniquePrefix()));
    const stderr = stderrOf(child);
    expect(await exited(child), stderr()).toBe(0);
    expect(dictionaryCalls(emulator)).toBe(1);
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.upstream.calls_by_operation['dictionary.list']).toEqual({ '200': 1 });
    expect(manifest.upstream.calls).toBe(emulator.stats().total);
  }, 300_000);

  it('is made again by the coordinator of a run taken up when the service has not answered lately', async () => {
    const prefix = uniquePrefix();
    const env = envFor(prefix);
    const runId = 'preflight_again';
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-preflight-again-'));
    emulator.resetStats();
    const submitter = cli(
      ['run', sampleSlice(10), '--run-id', runId, '--out-dir', outDir, '--no-workers', '--no-progress'],
      env,
    );
    const submitterErr = stderrOf(submitter);
    const store = new RunStore(redis, prefix);
    const deadline = Date.now() + 60_000;
    while (!(await store.get(runId))) {
      if (Date.now() > deadline) throw new Error(`not submitted: ${submitterErr()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // As if the minute a successful call vouches for the key had passed before a worker took the run up.
    const service = serviceIdentity({ apiUrl: emulator.url, usingEmulator: false, apiKey: DEMO_API_KEY });
    await redis.del(upstreamKeys(prefix, service.id).answered);
    const worker = cli(['worker'], env);
    expect(await exited(submitter), submitterErr()).toBe(0);
    worker.kill('SIGTERM');
    await exited(worker);
    expect(dictionaryCalls(emulator)).toBe(2);
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.upstream.calls_by_operation['dictionary.list']).toEqual({ '200': 2 });
  }, 300_000);
});
