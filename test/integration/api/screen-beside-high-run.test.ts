import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exited } from '../../helpers/cli-process.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sha256Hex, startServe } from '../../helpers/serve-process.js';

/**
 * One client screened through `POST /v1/screen` while a `high` upload uses the whole quota on the same Redis
 * and workers (KYC_RATE 20, so the upload lasts tens of seconds). The screen must not queue behind the
 * upload's checks and calls (it used to, and answered 202 once its wait ran out), and the upload must still
 * complete with every row.
 */

const ROWS = 120;
const TOKEN = 'screen-lane-test-token';
const auth = { authorization: `Bearer ${TOKEN}` };

interface RunBody {
  id: string;
  status: string;
  priority: string;
  progress: { rows_written: number; total_rows: number | null };
  verdicts: Record<string, number>;
}

describe('POST /v1/screen beside a high-priority upload at the quota', () => {
  it('answers with the verdict while the upload still runs, and the upload completes', async () => {
    const file = readFileSync(await generatedClients(ROWS));
    const api = await startServe(['--state-dir', mkdtempSync(join(tmpdir(), 'kyc-api-lane-'))], {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      KYC_RATE: '20',
      KYC_API_TOKENS: `ops:${sha256Hex(TOKEN)}`,
    });
    const status = async (id: string): Promise<RunBody> =>
      (await (await fetch(`${api.base}/v1/runs/${id}`, { headers: auth })).json()) as RunBody;
    try {
      const uploaded = await fetch(`${api.base}/v1/runs?priority=high`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: file,
      });
      const { id } = (await uploaded.json()) as { id: string };
      expect(uploaded.status).toBe(202);
      // Its checks hold the workers and its calls the quota once it writes rows.
      const deadline = Date.now() + 60_000;
      while ((await status(id)).progress.rows_written === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));

      const screen = await fetch(`${api.base}/v1/screen?wait=30`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: 'CL-0007',
          full_name: 'Ковалев Андрей Сергеевич',
          birth_date: '1975-03-14',
          entity_type: 'person',
        }),
      });
      const screened = (await screen.json()) as { id: string; verdict: { verdict: string } | null };
      expect(screen.status, JSON.stringify(screened)).toBe(200);
      expect(screened.verdict?.verdict).toBe('HIT');
      expect(await status(screened.id)).toMatchObject({ status: 'done', priority: 'interactive' });
      // Served ahead of the upload, not after it.
      const beside = await status(id);
      expect(beside.status).toBe('running');
      expect(beside.progress.rows_written).toBeLessThan(ROWS);

      let run = beside;
      const finish = Date.now() + 150_000;
      while (run.status === 'running' || run.status === 'queued') {
        if (Date.now() > finish) throw new Error(`the upload did not finish: ${JSON.stringify(run)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        run = await status(id);
      }
      expect(run).toMatchObject({ status: 'done', priority: 'high' });
      expect(run.progress).toEqual(expect.objectContaining({ rows_written: ROWS, total_rows: ROWS }));
      expect(Object.values(run.verdicts).reduce((a, b) => a + b, 0)).toBe(ROWS);
    } finally {
      api.child.kill('SIGTERM');
      await exited(api.child);
    }
  }, 240_000);
});
