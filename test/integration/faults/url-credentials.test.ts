import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../src/emulator/server.js';
import { startDashboard } from '../../../src/ops/dashboard/server.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { connect, dumpKeys, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/** Credentials inside KYC_API_URL (`http://user:secret@host`) are masked wherever the URL is shown or kept. */
describe('credentials inside KYC_API_URL', () => {
  const redis = connect();
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY] });
  });
  afterAll(async () => {
    await emulator.close();
    await redis.quit();
  });

  it('appear in no output, log line, Redis key or dashboard answer', async () => {
    const prefix = uniquePrefix();
    const password = 'Pr0xy-S3cret';
    const apiUrl = emulator.url.replace('http://', `http://gateway:${password}@`);
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-urlcred-'));
    const logFile = join(outDir, 'run.log');
    const child = cli(
      ['run', sampleSlice(20), '--out-dir', outDir, '--run-id', 'cred_1', '--log-file', logFile],
      { REDIS_URL: redisUrl(), KYC_PREFIX: prefix, KYC_API_URL: apiUrl, KYC_RATE: '200', LOG_LEVEL: 'trace' },
    );
    const stderr = stderrOf(child);
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    expect([0, 4], stderr()).toContain(await exited(child));

    const manifest = readFileSync(join(outDir, 'manifest.json'), 'utf8');
    expect(manifest).toContain(emulator.url.replace('http://', 'http://***@'));
    for (const file of readdirSync(outDir))
      expect(readFileSync(join(outDir, file), 'utf8'), file).not.toContain(password);
    expect(stdout + stderr()).not.toContain(password);
    expect(await dumpKeys(redis, prefix)).not.toContain(password);

    const dashboard = await startDashboard({ redis, prefix, port: 0, host: '127.0.0.1' });
    try {
      const runs = await (await fetch(`${dashboard.url}/api/runs`)).text();
      expect(runs).toContain('cred_1');
      expect(runs).not.toContain(password);
      const page = await (await fetch(`${dashboard.url}/runs`)).text();
      expect(page).not.toContain(password);
    } finally {
      await dashboard.close();
    }
  }, 90_000);
});
