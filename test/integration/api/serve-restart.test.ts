import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exited } from '../../helpers/cli-process.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { sha256Hex, startServe } from '../../helpers/serve-process.js';

/** A serve process killed in the middle of a run: the next one on the same Redis and state directory finishes it. */

const TOKEN = 'restart-test-token';
const auth = { authorization: `Bearer ${TOKEN}` };

interface RunBody {
  status: string;
  progress: { rows_written: number };
  verdicts: Record<string, number>;
}

describe('kyc-screen serve, killed mid-run', () => {
  it('a run accepted before the crash is finished by the next serve, every row once', async () => {
    const rows = 20;
    const slice = sampleSlice(rows);
    const stateDir = mkdtempSync(join(tmpdir(), 'kyc-api-restart-'));
    // Slow enough (80 calls at 8 a second) to be killed in the middle.
    const env = {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      KYC_RATE: '8',
      KYC_API_TOKENS: `ci:${sha256Hex(TOKEN)}`,
    };
    const first = await startServe(['--state-dir', stateDir], env);
    const submitted = await fetch(`${first.base}/v1/runs`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: readFileSync(slice),
    });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    const status = async (base: string) =>
      (await (await fetch(`${base}/v1/runs/${id}`, { headers: auth })).json()) as RunBody;
    let before: RunBody;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      before = await status(first.base);
    } while (before.progress.rows_written < 2 && before.status !== 'done');
    expect(before.status).toBe('running');
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await startServe(['--state-dir', stateDir], { ...env, KYC_RATE: '100' });
    try {
      let after: RunBody;
      const deadline = Date.now() + 90_000;
      do {
        await new Promise((resolve) => setTimeout(resolve, 300));
        after = await status(second.base);
      } while (after.status !== 'done' && after.status !== 'failed' && Date.now() < deadline);
      expect(after.status).toBe('done');
      expect(after.progress.rows_written).toBe(rows);
      expect(Object.values(after.verdicts).reduce((a, b) => a + b, 0)).toBe(rows);
      const verdicts = await (
        await fetch(`${second.base}/v1/runs/${id}/verdicts.csv`, { headers: auth })
      ).text();
      expect(verdicts.trim().split('\n')).toHaveLength(rows + 1);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  }, 150_000);
});
