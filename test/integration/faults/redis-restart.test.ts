import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/infra/embedded-redis.js';
import { freePort } from '../../../src/infra/free-port.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { SOAK } from '../../helpers/cli-process.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { readJsonLines, startTestPipeline } from '../../helpers/pipeline.js';

const ROWS = SOAK ? 20_000 : 800;

describe(`Redis with AOF restarted in the middle of a ${ROWS}-row run`, () => {
  let redis: EmbeddedRedis | undefined;
  afterAll(async () => {
    await redis?.stop();
  });

  it(
    'completes with every row written once, in order',
    async () => {
      const port = await freePort();
      const dir = mkdtempSync(join(tmpdir(), 'kyc-aof-'));
      // A fixed port, so that clients reconnect to the same address after the restart.
      redis = await startEmbeddedRedis({ dir, persist: true, port });
      const url = redis.url;
      const pipeline = await startTestPipeline({
        redisUrl: url,
        emulator: { faults: { latencyMs: [1, 5] } },
        settings: { rate: 300 },
      });
      const file = await generatedClients(ROWS);
      const runId = await pipeline.submit(file, { window: 200 });
      const probe = new Redis(url, { maxRetriesPerRequest: null });
      probe.on('error', () => undefined);
      const store = new RunStore(probe, pipeline.prefix);
      // Restart once a quarter of the rows are written: SIGTERM makes redis-server flush the AOF and
      // exit, a new server on the same port reads it back.
      const deadline = Date.now() + 120_000;
      while (((await store.get(runId))?.written ?? 0) < ROWS / 4) {
        if (Date.now() > deadline) throw new Error('the run never got going');
        await new Promise((r) => setTimeout(r, 50));
      }
      const writtenBefore = (await store.get(runId))?.written ?? 0;
      // stop() sends SIGTERM, not a SHUTDOWN command: a client that retries commands would send it to the
      // new server too.
      await redis.stop();
      await new Promise((r) => setTimeout(r, 1_000));
      redis = await startEmbeddedRedis({ dir, persist: true, port });

      const { run } = await pipeline.finish(runId, SOAK ? 900_000 : 180_000);
      await probe.quit();
      await pipeline.close();
      expect(writtenBefore).toBeLessThan(ROWS);
      const evidence = readJsonLines<{ row: number }>(run.evidence);
      expect(evidence.map((e) => e.row)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
      const lines = readFileSync(run.out, 'utf8').split('\r\n');
      expect(lines.length - 2).toBe(ROWS);
    },
    (SOAK ? 1_800 : 300) * 1000,
  );
});
