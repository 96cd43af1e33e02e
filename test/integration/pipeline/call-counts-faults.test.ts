import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { faultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

const manifestIn = (outDir: string) =>
  JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;

/** The calls of the manifest's breakdown by operation and status, added up. */
function byOperationTotal(manifest: Manifest): number {
  let total = 0;
  for (const statuses of Object.values(manifest.upstream.calls_by_operation))
    for (const n of Object.values(statuses)) total += n;
  return total;
}

/**
 * A bank reconciles the manifest's calls with the provider's bill: every request the service received is
 * counted once, also the retries of 503s, the attempts that stalled past the client's timeout, the
 * breaker's and the preflight's.
 */
describe('the manifest counts every request the service received, on a faulty service', () => {
  let emulator: EmulatorHandle;
  let proxy: FaultProxy;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY] });
    proxy = await faultProxy(emulator.url);
  });
  afterAll(async () => {
    await proxy.close();
    await emulator.close();
  });

  it('with 503s and stalled attempts', async () => {
    // Every 7th request answered 503, every 11th held past the client's timeout.
    proxy.setInject(({ n }) =>
      n % 7 === 0 ? { status: 503 } : n % 11 === 0 ? { stallMs: 1_500 } : undefined,
    );
    const before = proxy.seen();
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-calls-faults-'));
    const child = cli(['run', sampleSlice(60), '--out-dir', outDir, '--no-progress'], {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      KYC_API_URL: proxy.url,
      KYC_RATE: '200',
      KYC_REQUEST_TIMEOUT_MS: '500',
    });
    const stderr = stderrOf(child);
    // Done, with or without rows whose check failed its last attempt on the injected 503s (exit 4).
    expect([0, 4], stderr()).toContain(await exited(child));
    proxy.setInject(undefined);
    const manifest = manifestIn(outDir);
    const received = proxy.seen() - before;
    expect(manifest.upstream.calls_by_operation['search.sanctions']).toHaveProperty('503');
    expect(manifest.upstream.calls).toBe(received);
    expect(byOperationTotal(manifest)).toBe(received);
  }, 180_000);
});
