import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../../packages/lookup-emulator/src/rate-limiter.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

const RATE = 100;
const BURST = RATE / 10;

/** An HTTP agent that notes when each request leaves the client. */
class DepartureLog extends Agent {
  readonly departures: number[] = [];
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.departures.push(performance.now());
    return super.dispatch(options, handler);
  }
}

/** How many of these departures a gateway's token bucket (rate, burst) would refuse. */
function refusedBy(departures: readonly number[]): number {
  let now = 0;
  const bucket = new TokenBuckets(RATE, BURST, () => now);
  let refused = 0;
  for (const at of departures) {
    now = at;
    if (bucket.take('key') !== 0) refused++;
  }
  return refused;
}

describe('a gateway that admits a tenth of a second of burst', () => {
  let pipeline: TestPipeline;
  const agent = new DepartureLog();
  beforeAll(async () => {
    // The key's quota is exactly --rate with a bucket of rate/10, and the pipeline is not told the size.
    pipeline = await startTestPipeline({
      emulator: { rate: RATE, burst: BURST },
      settings: { rate: RATE },
      dispatcher: agent,
    });
  });
  afterAll(async () => {
    await pipeline.close();
    await agent.close();
  });

  it('sends its calls so that the bucket (almost) never refuses one, and finishes every row', async () => {
    const runId = await pipeline.submit(await generatedClients(400));
    const { run } = await pipeline.finish(runId, 180_000);
    expect(run.written).toBe(400);
    // The calls as they left this process, against the gateway's bucket: timers firing late and a busy
    // event loop must not bunch them beyond its burst. (The emulator shares this process, so its own
    // 429 count also carries its stalls; what the client sent is what the pacer answers for.)
    expect(agent.departures.length).toBeGreaterThan(800);
    expect(refusedBy(agent.departures)).toBeLessThanOrEqual(1);
  });
});
