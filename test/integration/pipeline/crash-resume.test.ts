import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { parseBodyLine, referencesOf } from '../../../src/export/evidence-bodies.js';
import { SOAK, cli, exited, maskedVerdicts } from '../../helpers/cli-process.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';

const ROWS = SOAK ? 20_000 : 200;

describe('SIGKILL of the process running coordinator and workers, then --resume', () => {
  const redis = connect();
  let emulator: EmulatorHandle;
  let reference: TestPipeline;
  beforeAll(async () => {
    // Latency makes the run last long enough to be killed in the middle.
    emulator = await createEmulator({ keys: [DEMO_API_KEY], faults: { latencyMs: [5, 25] } });
    reference = await startTestPipeline();
  });
  afterAll(async () => {
    await reference.close();
    await emulator.close();
    await redis.quit();
  });

  it(
    'ends with a verdicts.csv byte-identical to an uninterrupted run (timestamps masked)',
    async () => {
      const runId = 'crash_resume_1';
      // The sample file in CI; 20,000 generated rows under `npm run soak`.
      const input = SOAK ? await generatedClients(ROWS) : 'samples/clients.csv';
      const prefix = uniquePrefix();
      const outDir = mkdtempSync(join(tmpdir(), 'kyc-crash-'));
      const env = {
        REDIS_URL: redisUrl(),
        KYC_API_URL: emulator.url,
        KYC_API_KEY: DEMO_API_KEY,
        KYC_PREFIX: prefix,
        // A quota that lets 20,000 rows (soak) finish in minutes; the crash point is what matters here.
        KYC_RATE: SOAK ? '1000' : '150',
      };
      const store = new RunStore(redis, prefix);
      const first = cli(
        // The core checks, as the reference run below has (clients.csv's email column would add the e-mail check).
        [
          'run',
          input,
          '--run-id',
          runId,
          '--out-dir',
          outDir,
          '--window',
          '50',
          '--checks',
          'foreign_agent,sanctions,bankruptcy,debtor',
        ],
        env,
      );
      const firstExit = exited(first);
      // Kill once part of the file is written, but well before the end.
      const deadline = Date.now() + (SOAK ? 600_000 : 60_000);
      for (;;) {
        const run = await store.get(runId);
        if (run && run.written >= ROWS / 5) break;
        if (Date.now() > deadline) throw new Error('the first run never got going');
        await new Promise((r) => setTimeout(r, 20));
      }
      first.kill('SIGKILL');
      await firstExit;
      const killedAt = (await store.get(runId))?.written ?? 0;
      expect(killedAt).toBeLessThan(ROWS);

      const second = cli(['run', '--resume', runId], env);
      let stderr = '';
      second.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      expect(await exited(second), stderr).toBe(0);

      const clean = await reference.submit(input, { runId });
      const { run: cleanRun } = await reference.finish(clean, SOAK ? 900_000 : 120_000);
      expect(maskedVerdicts(join(outDir, 'verdicts.csv'))).toBe(maskedVerdicts(cleanRun.out));
      const evidenceRows = readFileSync(join(outDir, 'evidence.jsonl'), 'utf8').trim().split('\n');
      expect(evidenceRows.map((l) => (JSON.parse(l) as { row: number }).row)).toEqual(
        Array.from({ length: ROWS }, (_, i) => i + 1),
      );
      // The bodies the evidence refers to: each written once, none missing, across the interruption.
      const bodies = readFileSync(join(outDir, 'evidence.bodies.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((text) => parseBodyLine(text)?.sha256);
      expect(new Set(bodies).size).toBe(bodies.length);
      const known = new Set(bodies);
      const refs = evidenceRows.flatMap((text) => referencesOf(JSON.parse(text)));
      expect(refs.length).toBeGreaterThan(0);
      expect(refs.filter((ref) => !known.has(ref))).toEqual([]);
    },
    (SOAK ? 1_800 : 180) * 1000,
  );
});
