import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/**
 * The manifest's upstream calls are every call the run made, its preflight call included: an auditor
 * reconciling them with the service's own request log finds the same number.
 */
describe('the manifest counts every call the service received', () => {
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY] });
  });
  afterAll(() => emulator.close());

  it.each(['search', 'mirror'])(
    'a simple run (--fa-strategy %s)',
    async (strategy) => {
      const outDir = mkdtempSync(join(tmpdir(), 'kyc-calls-'));
      emulator.resetStats();
      const child = cli(
        ['run', sampleSlice(30), '--out-dir', outDir, '--no-progress', '--fa-strategy', strategy],
        { REDIS_URL: redisUrl(), KYC_PREFIX: uniquePrefix(), KYC_API_URL: emulator.url, KYC_RATE: '200' },
      );
      const stderr = stderrOf(child);
      expect(await exited(child), stderr()).toBe(0);
      const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
      const received = emulator.stats();
      expect(manifest.upstream.calls).toBe(received.total);
      // The command's own preflight before it queues the run; the coordinator trusts it moments later.
      expect(manifest.upstream.calls_by_operation['dictionary.list']).toEqual({ '200': 1 });
    },
    120_000,
  );
});
