import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

describe('a 429 storm: the service allows far less than --rate', () => {
  let pipeline: TestPipeline;
  beforeAll(async () => {
    // The key's real quota is 20/s; the pipeline is told 200/s.
    pipeline = await startTestPipeline({ emulator: { rate: 20, burst: 5 }, settings: { rate: 200 } });
  });
  afterAll(async () => {
    await pipeline.close();
  });

  it('completes with no check failed because of 429s', async () => {
    const runId = await pipeline.submit(sampleSlice(60));
    const { run, counters } = await pipeline.finish(runId, 170_000);
    expect(counters.rate_limited ?? 0).toBeGreaterThan(0);
    const evidence = readEvidenceLines<{ verdict: string; checks: Record<string, { status: string }> }>(
      run.evidence,
    );
    expect(evidence).toHaveLength(60);
    const failed = evidence.filter((e) => Object.values(e.checks).some((c) => c.status === 'ERROR'));
    expect(failed).toEqual([]);
    expect(evidence.every((e) => e.verdict !== 'INCOMPLETE')).toBe(true);
  }, 180_000);
});
