import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../src/desk/desk.js';
import { deskPendingKey, runDeskHooks } from '../../../src/desk/run-hooks.js';
import { silentLogger } from '../../../src/log.js';
import { testDeskPlace, type TestDeskPlace } from '../../helpers/postgres.js';
import { CLIENTS, clientsCsv, startOpsPipeline, type OpsPipeline } from '../ops/helpers.js';

/**
 * A desk database lost during a run (docs/review-desk.md): the run's alerts are not dropped. The run is owed
 * to the desk until a process opens a working one, which records them then.
 */
describe('a desk database lost during a run', () => {
  let place: TestDeskPlace;
  let pipeline: OpsPipeline;
  beforeAll(async () => {
    place = await testDeskPlace('postgres');
    // The desk the run's process opened: it answers at the run's start, then is gone (its connections
    // closed) before the run's end.
    const lost = await Desk.open(place.settings);
    pipeline = await startOpsPipeline({
      desk: (redis, prefix) => {
        const hooks = runDeskHooks({ desk: lost, redis, prefix, log: silentLogger() });
        return {
          ...hooks,
          beforeRun: async (runId: string) => {
            const loaded = await hooks.beforeRun(runId);
            await lost.close();
            return loaded;
          },
        };
      },
    });
  });
  afterAll(async () => {
    await pipeline?.close();
    await place?.cleanup();
  });

  it('leaves the run owed to the desk, and the next process that opens the desk records its alerts', async () => {
    const rows = [
      ['CL-1', ...CLIENTS.clean1],
      ['CL-2', ...CLIENTS.foreignAgentHit],
      ['CL-3', ...CLIENTS.sanctionsHit],
    ];
    const { run } = await pipeline.run(clientsCsv(rows), { lang: 'en' });
    expect(run.status).toBe('done');
    const { redis, prefix } = pipeline;
    expect(await redis.smembers(deskPendingKey(prefix))).toEqual([run.id]);

    const desk = await Desk.open(place.settings);
    try {
      expect(await desk.runRecord(run.id)).toBeUndefined();
      const hooks = runDeskHooks({ desk, redis, prefix, log: silentLogger() });
      expect(await hooks.recordPending()).toEqual([run.id]);
      const record = await desk.runRecord(run.id);
      expect([...(record?.rows.keys() ?? [])].sort()).toEqual([2, 3]);
      expect(await redis.smembers(deskPendingKey(prefix))).toEqual([]);
      expect(await hooks.recordPending()).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
