import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/**
 * One 429 with Retry-After: every worker's next call waits for it, not only the call that met the 429.
 * Calls paced at 20/s book their slots up to a second ahead; those already booked must not leave during
 * the pause. The gateway on loopback answers one 429 and notes when every other request arrived.
 */
describe('one 429 with Retry-After', () => {
  const RETRY_AFTER_S = 2;
  const FIRST_429 = 40;
  let proxy: FaultProxy | undefined;
  let pipeline: TestPipeline;
  let answeredAt = 0;
  const arrivals: number[] = [];

  beforeAll(async () => {
    pipeline = await startTestPipeline({
      settings: { rate: 20, checksConcurrency: 32 },
      upstreamUrl: async (emulatorUrl) => {
        proxy = await faultProxy(emulatorUrl, ({ n }) => {
          const now = Date.now();
          if (n === FIRST_429) {
            answeredAt = now;
            return { status: 429, headers: { 'retry-after': String(RETRY_AFTER_S) } };
          }
          arrivals.push(now);
          return undefined;
        });
        return proxy.url;
      },
    });
  });
  afterAll(async () => {
    await pipeline.close();
    await proxy?.close();
  });

  it('no call reaches the service while the pause is in force, and the run finishes', async () => {
    const runId = await pipeline.submit(sampleSlice(60));
    await pipeline.finish(runId, 120_000);
    expect(answeredAt).toBeGreaterThan(0);
    // A call already on its way when the 429 came may still arrive within a few milliseconds of it.
    const inPause = arrivals.filter((at) => at > answeredAt + 50 && at < answeredAt + RETRY_AFTER_S * 1000);
    expect(inPause).toEqual([]);
    expect(arrivals.filter((at) => at >= answeredAt + RETRY_AFTER_S * 1000).length).toBeGreaterThan(0);
  }, 180_000);
});
