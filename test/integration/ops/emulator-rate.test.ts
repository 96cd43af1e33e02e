import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

async function runRate(extra: string[], env: Record<string, string>): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'kyc-emulator-rate-'));
  const out = join(dir, 'out');
  const child = cli(['run', sampleSlice(2), '--emulator', '--out-dir', out, '--no-progress', ...extra], {
    REDIS_URL: redisUrl(),
    KYC_PREFIX: uniquePrefix(),
    KYC_STATE_DIR: join(dir, 'state'),
    KYC_API_URL: '',
    KYC_RATE: '',
    ...env,
  });
  const stderr = stderrOf(child);
  expect([0, 4], stderr()).toContain(await exited(child));
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
    config: { rate?: unknown };
  };
  return manifest.config.rate;
}

describe('run --emulator: the rate', () => {
  it("goes at the built-in emulator's pace (50 calls/s) when no rate is given, not the quota default of 10", async () => {
    expect(await runRate([], {})).toBe(50);
  }, 120_000);

  it('keeps the rate the operator gives, by flag or by KYC_RATE', async () => {
    expect(await runRate(['--rate', '7'], {})).toBe(7);
    expect(await runRate([], { KYC_RATE: '12' })).toBe(12);
  }, 180_000);
});
