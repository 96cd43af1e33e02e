import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { SOAK, cli, exited, maskedVerdicts, stderrOf } from '../../helpers/cli-process.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';

const ROWS = SOAK ? 20_000 : 1_000;
// Every kill strands the victim's jobs until their lock expires (about 15 s), and the ordered writer waits
// on the oldest of them, so throughput is about window ÷ 15 s: the soak runs at the default window.
const WINDOW = SOAK ? 1_000 : 300;
/** Rows merged between two kills, and how long the run may merge none before it counts as stuck. */
const MIN_PROGRESS = SOAK ? 200 : 25;
const STALL_MS = 120_000;

describe(`worker processes SIGKILLed every few seconds during a ${ROWS}-row run`, () => {
  const redis = connect();
  let emulator: EmulatorHandle;
  let reference: TestPipeline;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY], faults: { latencyMs: [1, 10] } });
    reference = await startTestPipeline();
  });
  afterAll(async () => {
    await reference.close();
    await emulator.close();
    await redis.quit();
  });

  it(
    'writes exactly every row once, with verdicts identical to a clean run',
    async () => {
      const file = await generatedClients(ROWS, 0.2);
      const runId = 'worker_crash_1';
      const prefix = uniquePrefix();
      const outDir = mkdtempSync(join(tmpdir(), 'kyc-wcrash-'));
      const env = {
        REDIS_URL: redisUrl(),
        KYC_API_URL: emulator.url,
        KYC_API_KEY: DEMO_API_KEY,
        KYC_PREFIX: prefix,
        KYC_RATE: '400',
      };
      // The submitter only follows; the work is done by two worker processes that keep getting killed.
      const submitter = cli(
        ['run', file, '--run-id', runId, '--out-dir', outDir, '--no-workers', '--window', String(WINDOW)],
        env,
      );
      const submitterErr = stderrOf(submitter);
      const store = new RunStore(redis, prefix);
      // Workers log at warn: a job that fails after its last attempt says why, which a failure below shows.
      const workerLog: string[] = [];
      const spawnWorker = () => {
        const worker = cli(['worker', '--concurrency', '16'], env);
        worker.stderr?.on('data', (d: Buffer) => workerLog.push(d.toString()));
        return worker;
      };
      let workers = [spawnWorker(), spawnWorker()];
      let kills = 0;
      // The kills follow the run rather than the clock: the next one only once MIN_PROGRESS more rows were
      // merged, so that the run moves on however slowly fresh processes start on a loaded machine (a kill
      // every few seconds regardless starved it: each one strands the victim's jobs until their locks
      // expire). The run fails when nothing was merged for STALL_MS, not after a fixed time.
      const merged = async () => {
        const run = await store.get(runId);
        return (run?.written ?? 0) + (await store.storedResults(runId));
      };
      let mergedAtKill = 0;
      let lastProgress = { rows: 0, at: Date.now() };
      for (;;) {
        await new Promise((r) => setTimeout(r, 2_500 + Math.random() * 1_500));
        const run = await store.get(runId);
        if (run?.status === 'done' || run?.status === 'failed') break;
        const rows = await merged();
        if (rows > lastProgress.rows) lastProgress = { rows, at: Date.now() };
        if (Date.now() - lastProgress.at > STALL_MS)
          throw new Error(
            `run made no progress for ${STALL_MS / 1000} s after ${kills} kills: ${JSON.stringify(run)}`,
          );
        if (rows - mergedAtKill < MIN_PROGRESS) continue;
        // Kill one worker at random, hard, and start a fresh one, as a crashing host would.
        const victim = Math.floor(Math.random() * workers.length);
        workers[victim]?.kill('SIGKILL');
        await exited(workers[victim]!);
        kills++;
        mergedAtKill = rows;
        workers = workers.map((w, i) => (i === victim ? spawnWorker() : w));
      }
      const why = () => {
        const out = join(outDir, 'verdicts.csv');
        const incomplete = (existsSync(out) ? readFileSync(out, 'utf8') : '')
          .split('\r\n')
          .filter((line) => line.includes('INCOMPLETE'));
        const warnings = workerLog
          .join('')
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('Worker started'));
        return [submitterErr(), ...incomplete.slice(0, 5), ...warnings.slice(-20)].join('\n');
      };
      expect(await exited(submitter), why()).toBe(0);
      for (const w of workers) w.kill('SIGTERM');
      await Promise.all(workers.map(exited));
      expect(kills).toBeGreaterThan(1);

      const clean = await reference.submit(file, { runId, window: WINDOW });
      const { run: cleanRun } = await reference.finish(clean, SOAK ? 900_000 : 240_000);
      const crashed = maskedVerdicts(join(outDir, 'verdicts.csv'));
      expect(crashed.split('\r\n').length - 2).toBe(ROWS);
      expect(crashed).toBe(maskedVerdicts(cleanRun.out));
    },
    (SOAK ? 2_400 : 900) * 1000,
  );
});
