import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { EXIT } from '../../../src/errors.js';
import { cli, exited } from '../../helpers/cli-process.js';
import { connect, dumpKeys, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/**
 * Credentials or a query inside KYC_API_URL would never be sent (the API key is the only credential), so a
 * run refuses the URL before anything starts rather than record it as if it had been used.
 */
describe('credentials or a query inside KYC_API_URL', () => {
  const redis = connect();
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY] });
  });
  afterAll(async () => {
    await emulator.close();
    await redis.quit();
  });

  it.each([
    ['user and password', (url: string) => url.replace('http://', 'http://gateway:Pr0xy-S3cret@')],
    ['query string', (url: string) => `${url}/?token=Pr0xy-S3cret`],
  ])(
    'with a %s: run exits 2 with KYC_ERR_CONFIG_API_URL_PARTS, writes and queues nothing',
    async (_, make) => {
      const prefix = uniquePrefix();
      const outDir = join(mkdtempSync(join(tmpdir(), 'kyc-urlcred-')), 'out');
      const child = cli(['run', sampleSlice(20), '--out-dir', outDir, '--run-id', 'cred_1'], {
        REDIS_URL: redisUrl(),
        KYC_PREFIX: prefix,
        KYC_API_URL: make(emulator.url),
        LOG_LEVEL: 'trace',
      });
      let output = '';
      child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      expect(await exited(child)).toBe(EXIT.USAGE);
      expect(output).toMatch(/^KYC_ERR_CONFIG_API_URL_PARTS: /m);
      expect(output).not.toContain('Pr0xy-S3cret');
      expect(existsSync(outDir) ? readdirSync(outDir) : []).toEqual([]);
      expect(await dumpKeys(redis, prefix)).toBe('');
    },
    60_000,
  );
});
