import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { exited } from '../../helpers/cli-process.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sha256Hex, startServe } from '../../helpers/serve-process.js';

/**
 * Two teams share one `kyc-screen serve`: a large low-priority file is already being screened when another
 * team uploads one at high priority. The quota (KYC_RATE) makes each file take several seconds, so the
 * order in which the runs finish shows whose checks the workers served first.
 */

const ROWS = 200;
const TOKENS = { alpha: 'priority-test-alpha-token', beta: 'priority-test-beta-token' } as const;
type TokenName = keyof typeof TOKENS;

interface RunBody {
  id: string;
  status: string;
  submitter: string;
  priority: string;
  finished_at: string | null;
  progress: { rows_written: number; total_rows: number | null };
  verdicts: Record<string, number>;
}

const auth = (name: TokenName) => ({ authorization: `Bearer ${TOKENS[name]}` });

describe('kyc-screen serve: priorities of runs of different submitters', () => {
  it('finishes a high-priority upload before a low-priority one submitted earlier; both complete', async () => {
    const file = readFileSync(await generatedClients(ROWS));
    const stateDir = mkdtempSync(join(tmpdir(), 'kyc-api-priority-'));
    const api = await startServe(['--state-dir', stateDir], {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      KYC_RATE: '100',
      KYC_API_TOKENS: `alpha:${sha256Hex(TOKENS.alpha)},beta:${sha256Hex(TOKENS.beta)}`,
    });
    const upload = async (name: TokenName, priority: string): Promise<string> => {
      const response = await fetch(`${api.base}/v1/runs?priority=${priority}`, {
        method: 'POST',
        headers: { ...auth(name), 'content-type': 'text/csv' },
        body: file,
      });
      const body = (await response.json()) as { id: string };
      expect(response.status, JSON.stringify(body)).toBe(202);
      return body.id;
    };
    // Each token sees only its own runs.
    const owners = new Map<string, TokenName>();
    const status = async (id: string): Promise<RunBody> =>
      (await (
        await fetch(`${api.base}/v1/runs/${id}`, { headers: auth(owners.get(id) ?? 'alpha') })
      ).json()) as RunBody;
    try {
      const low = await upload('alpha', 'low');
      owners.set(low, 'alpha');
      const high = await upload('beta', 'high');
      owners.set(high, 'beta');

      // Poll both until each is done, noting how far the low run had got when the high one was done.
      const finished = new Map<string, RunBody>();
      const order: string[] = [];
      let lowAtHighDone = -1;
      const deadline = Date.now() + 150_000;
      while (finished.size < 2 && Date.now() < deadline) {
        for (const id of [low, high]) {
          if (finished.has(id)) continue;
          const run = await status(id);
          if (run.status === 'done' || run.status === 'failed') {
            finished.set(id, run);
            order.push(id);
            if (id === high) lowAtHighDone = (await status(low)).progress.rows_written;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(order).toEqual([high, low]);
      // Not a photo finish: the workers served the high run's checks before most of the low run's.
      expect(lowAtHighDone).toBeGreaterThanOrEqual(0);
      expect(lowAtHighDone).toBeLessThan(ROWS / 2);
      const [lowRun, highRun] = [finished.get(low), finished.get(high)];
      expect(lowRun).toMatchObject({ status: 'done', submitter: 'alpha', priority: 'low' });
      expect(highRun).toMatchObject({ status: 'done', submitter: 'beta', priority: 'high' });
      expect(Date.parse(highRun?.finished_at ?? '')).toBeLessThan(Date.parse(lowRun?.finished_at ?? ''));

      for (const [id, name] of [
        [low, 'alpha'],
        [high, 'beta'],
      ] as const) {
        const run = finished.get(id);
        expect(run?.progress).toEqual(expect.objectContaining({ rows_written: ROWS, total_rows: ROWS }));
        expect(Object.values(run?.verdicts ?? {}).reduce((a, b) => a + b, 0)).toBe(ROWS);
        const csv = await (
          await fetch(`${api.base}/v1/runs/${id}/verdicts.csv`, { headers: auth(name) })
        ).text();
        const rows = parse<Record<string, string>>(csv, { columns: true, bom: true });
        expect(rows).toHaveLength(ROWS);
        for (const row of rows) expect(row.kyc_verdict).toMatch(/^(HIT|REVIEW|CLEAR|INCOMPLETE)$/);
        const manifest = (await (
          await fetch(`${api.base}/v1/runs/${id}/manifest.json`, { headers: auth(name) })
        ).json()) as { config: { submitter?: string } };
        expect(manifest.config.submitter).toBe(name);
      }
    } finally {
      api.child.kill('SIGTERM');
      await exited(api.child);
    }
  }, 200_000);
});
