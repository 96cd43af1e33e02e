import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

describe('fair sharing between runs', () => {
  let pipeline: TestPipeline;
  beforeAll(async () => {
    pipeline = await startTestPipeline({ settings: { rate: 60 } });
  });
  afterAll(async () => {
    await pipeline.close();
  });

  it('serves a high-priority onboarding run before a nightly run already in progress', async () => {
    const nightly = await pipeline.submit('samples/clients.csv', { priority: 'low', window: 1000 });
    // Let the nightly run fill the checks queue first.
    await new Promise((r) => setTimeout(r, 1_500));
    const onboarding = await pipeline.submit(sampleSlice(20), { priority: 'high' });
    const [a, b] = await Promise.all([
      pipeline.finish(nightly, 120_000),
      pipeline.finish(onboarding, 120_000),
    ]);
    const nightlyDone = Date.parse(a.run.finishedAt ?? '');
    const onboardingDone = Date.parse(b.run.finishedAt ?? '');
    expect(onboardingDone).toBeLessThan(nightlyDone);
    // And it did not just happen to be last in line: the nightly run had rows left when it finished.
    expect(nightlyDone - onboardingDone).toBeGreaterThan(1_000);
  });
});
