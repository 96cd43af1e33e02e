import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/**
 * A run of fewer checks than the four screening ones never says CLEAR: a client screened for debts only
 * (a listed foreign agent among them) is PARTIAL, with the checks that did not run named in its reasons.
 */
describe('a debtor-only run', () => {
  let pipeline: TestPipeline;
  beforeAll(async () => {
    pipeline = await startTestPipeline();
  });
  afterAll(() => pipeline.close());

  it('has no CLEAR row: nothing found is PARTIAL, with <KIND>_NOT_RUN reasons', async () => {
    const runId = await pipeline.submit(sampleSlice(40), { checks: ['debtor'] });
    const { run, counters } = await pipeline.finish(runId);
    const rows = parse<Record<string, string>>(readFileSync(run.out, 'utf8'), { columns: true, bom: true });
    expect(rows).toHaveLength(40);
    expect(rows.filter((r) => r.kyc_verdict === 'CLEAR')).toEqual([]);
    const partial = rows.filter((r) => r.kyc_verdict === 'PARTIAL');
    expect(partial.length).toBeGreaterThan(20);
    for (const row of partial) {
      expect(row.kyc_reasons).toContain('FOREIGN_AGENT_NOT_RUN');
      expect(row.kyc_reasons).toContain('SANCTIONS_NOT_RUN');
    }
    expect(counters['verdict:PARTIAL']).toBe(partial.length);
    expect(counters['verdict:CLEAR'] ?? 0).toBe(0);
  }, 120_000);
});
