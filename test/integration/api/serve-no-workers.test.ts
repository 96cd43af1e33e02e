import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, exited } from '../../helpers/cli-process.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { sha256Hex, startServe } from '../../helpers/serve-process.js';

const TOKEN = 'no-workers-test-token';
const auth = { authorization: `Bearer ${TOKEN}` };

describe('kyc-screen serve --no-workers', () => {
  it('accepts runs that separate workers screen', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'kyc-api-split-'));
    const env = {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      KYC_RATE: '100',
      KYC_API_TOKENS: `ci:${sha256Hex(TOKEN)}`,
    };
    const api = await startServe(['--no-workers', '--state-dir', stateDir], env);
    try {
      const submitted = await fetch(`${api.base}/v1/runs`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: readFileSync(sampleSlice(5)),
      });
      expect(submitted.status).toBe(202);
      const { id } = (await submitted.json()) as { id: string };
      const status = async () =>
        (await (await fetch(`${api.base}/v1/runs/${id}`, { headers: auth })).json()) as {
          status: string;
          progress: { rows_written: number };
        };
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await status()).toMatchObject({ status: 'queued', progress: { rows_written: 0 } });

      const worker = cli(['worker', '--emulator', '--state-dir', stateDir], env);
      try {
        let run = await status();
        const deadline = Date.now() + 60_000;
        while (run.status !== 'done' && run.status !== 'failed' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          run = await status();
        }
        expect(run).toMatchObject({ status: 'done', progress: { rows_written: 5 } });
      } finally {
        worker.kill('SIGTERM');
        await exited(worker);
      }
    } finally {
      api.child.kill('SIGTERM');
      await exited(api.child);
    }
  }, 120_000);
});
