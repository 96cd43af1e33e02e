import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { connect, dumpKeys, redisUrl, uniquePrefix } from '../../helpers/redis.js';

describe('the API key never leaves the HTTP header', () => {
  const redis = connect();
  const key = randomUUID();
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [key], faults: { latencyMs: [2, 8], errorRate: 0.05 } });
  });
  afterAll(async () => {
    await emulator.close();
    await redis.quit();
  });

  it('appears nowhere in logs, outputs, or any Redis key of the run (during and after it)', async () => {
    const prefix = uniquePrefix();
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-secret-'));
    const logFile = join(outDir, 'run.log');
    const child = cli(
      [
        'run',
        await generatedClients(300),
        '--out-dir',
        outDir,
        '--log-file',
        logFile,
        '--run-id',
        'secret_1',
      ],
      {
        REDIS_URL: redisUrl(),
        KYC_PREFIX: prefix,
        KYC_API_URL: emulator.url,
        KYC_API_KEY: key,
        KYC_RATE: '300',
        LOG_LEVEL: 'trace',
      },
    );
    const stderr = stderrOf(child);
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    // A snapshot of every key while jobs, caches and results are in Redis.
    const store = new RunStore(redis, prefix);
    while (((await store.get('secret_1'))?.written ?? 0) < 50) await new Promise((r) => setTimeout(r, 20));
    const during = await dumpKeys(redis, prefix);
    // The injected 5xx can exhaust a check's attempts on a loaded machine: INCOMPLETE rows (exit 4) are the
    // run's right answer to that, and what this test looks at is where the key went, in either case.
    expect([0, 4], stderr()).toContain(await exited(child));
    const after = await dumpKeys(redis, prefix);

    expect(during.length).toBeGreaterThan(1000);
    expect(during).not.toContain(key);
    expect(after).not.toContain(key);
    expect(stdout + stderr()).not.toContain(key);
    const log = readFileSync(logFile, 'utf8');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(key);
    for (const file of readdirSync(outDir))
      expect(readFileSync(join(outDir, file), 'utf8'), file).not.toContain(key);
  }, 180_000);
});
