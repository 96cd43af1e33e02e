import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { removeOrphanUploads } from '../../../src/api/orphan-uploads.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { newRunId } from '../../../src/run/state/topology.js';
import { testDeskPlace } from '../../helpers/postgres.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sha256Hex, startServe, stopServe } from '../../helpers/serve-process.js';
import { until } from '../../helpers/until.js';

/**
 * An upload a crashed submission left (docs/api.md, "Cancelling and deleting a run"): the file was received,
 * the process died before the run was stored, so no run answers for it and no DELETE reaches it. The server
 * removes it once it has not changed for an hour; anything of a run that exists, a submission still going
 * and a directory holding more than the upload stay.
 */
const HOUR = 60 * 60 * 1000;

/** A run directory as a submission leaves it: `input.csv` with client data, last changed `ageMs` ago. */
function upload(runsDir: string, id: string, ageMs: number, extra?: string): string {
  const dir = join(runsDir, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'input.csv'), 'full_name,inn\nИванов Иван Иванович,500100732259\n');
  if (extra) writeFileSync(join(dir, extra), '{}');
  const then = new Date(Date.now() - ageMs);
  for (const path of [join(dir, 'input.csv'), ...(extra ? [join(dir, extra)] : []), dir])
    utimesSync(path, then, then);
  return dir;
}

describe('uploads orphaned by a crashed submission', () => {
  const redis = connect();
  afterAll(() => redis.quit());

  it('are removed after an hour; a stored run, a recent upload and a directory with outputs are kept', async () => {
    const prefix = uniquePrefix();
    const runsDir = mkdtempSync(join(tmpdir(), 'kyc-orphans-'));
    const orphan = upload(runsDir, newRunId(), 2 * HOUR);
    const recent = upload(runsDir, newRunId(), 60_000);
    const withOutputs = upload(runsDir, newRunId(), 2 * HOUR, 'manifest.json');
    const storedId = newRunId();
    const stored = upload(runsDir, storedId, 2 * HOUR);
    await new RunStore(redis, prefix).create({
      id: storedId,
      input: join(stored, 'input.csv'),
      inputSha256: '0'.repeat(64),
      inputBytes: 10,
      out: join(stored, 'verdicts.csv'),
      evidence: join(stored, 'evidence.jsonl'),
      manifest: join(stored, 'manifest.json'),
      priority: 'normal',
      window: 10,
      checks: ['sanctions'],
      createdAt: new Date().toISOString(),
      config: {},
    });
    const ctx = { redis, prefix, runsDir, log: pino({ level: 'silent' }) };
    expect(await removeOrphanUploads(ctx)).toEqual([orphan.slice(runsDir.length + 1)]);
    expect(existsSync(orphan)).toBe(false);
    for (const kept of [recent, withOutputs, stored])
      expect(existsSync(join(kept, 'input.csv')), kept).toBe(true);
    expect(await removeOrphanUploads(ctx)).toEqual([]);
  });

  it('are removed by `serve` when it starts', async () => {
    // The desk on the server: the embedded one's first start is slow on a busy machine.
    const place = await testDeskPlace('postgres');
    const stateDir = place.settings.stateDir;
    const orphan = upload(join(stateDir, 'api'), newRunId(), 2 * HOUR);
    const started = await startServe(['--state-dir', stateDir], {
      ...place.env,
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      KYC_API_TOKENS: `ops-team:${sha256Hex('orphans-token-0c4f1d9a')}`,
    });
    try {
      await until('the orphaned upload is removed', () => (existsSync(orphan) ? undefined : true), {
        timeoutMs: 30_000,
        context: started.stderr,
      });
    } finally {
      await stopServe(started.child);
      await place.cleanup();
    }
  }, 90_000);
});
