import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../src/domain/check.js';
import type { Verdict } from '../../../src/domain/verdict.js';
import { tallyRows } from '../../../src/run/row-tally.js';

function check(partial: Partial<CheckResult> & Pick<CheckResult, 'kind' | 'status'>): CheckResult {
  return { requests: [], ...partial } as CheckResult;
}

function verdict(row: number, kind: Verdict['verdict'], checks: Verdict['checks']): Verdict {
  return { row, verdict: kind, reasons: [], checks, scoringVersion: 'test' };
}

describe('tallyRows: what a written batch adds to the run counters', () => {
  it('counts rows by verdict and check results by kind and status', () => {
    const { counts } = tallyRows([
      {
        verdict: verdict(1, 'CLEAR', { sanctions: check({ kind: 'sanctions', status: 'CLEAR' }) }),
        lossy: false,
      },
      {
        verdict: verdict(2, 'HIT', { sanctions: check({ kind: 'sanctions', status: 'MATCH' }) }),
        lossy: false,
      },
      {
        verdict: verdict(3, 'CLEAR', { sanctions: check({ kind: 'sanctions', status: 'CLEAR' }) }),
        lossy: false,
      },
    ]);
    expect(counts).toEqual({
      'verdict:CLEAR': 2,
      'verdict:HIT': 1,
      'check:sanctions:CLEAR': 2,
      'check:sanctions:MATCH': 1,
    });
  });

  // Calls are counted as they leave (paced-lookup): a row's evidence would miss retries and lost attempts.
  it('counts cached answers as cache hits, and leaves the calls to the paced lookup that sent them', () => {
    const requests = [
      { operation: 'search.sanctions', params: {}, status: 200 },
      { operation: 'search.sanctions', params: {}, status: 0 },
      { operation: 'search.sanctions', params: {}, status: 200, cached: true },
    ];
    const { counts } = tallyRows([
      {
        verdict: verdict(1, 'CLEAR', { sanctions: check({ kind: 'sanctions', status: 'CLEAR', requests }) }),
        lossy: false,
      },
    ]);
    expect(counts).toMatchObject({ cache_hits: 1 });
    expect(Object.keys(counts).filter((field) => field.startsWith('calls'))).toEqual([]);
  });

  it('counts unrecognised answers and keeps the first example of each', () => {
    const unrecognised = [
      { operation: 'client.debt', kind: 'unknown_message', example: 'first' },
      { operation: 'client.debt', kind: 'unknown_message', example: 'second' },
    ];
    const { counts, examples } = tallyRows([
      {
        verdict: verdict(1, 'REVIEW', { debtor: check({ kind: 'debtor', status: 'ERROR', unrecognised }) }),
        lossy: false,
      },
    ]);
    expect(counts['unrecognised:client.debt:unknown_message']).toBe(2);
    expect(examples).toEqual({ 'client.debt:unknown_message': 'first' });
  });

  it('counts rows whose copy in verdicts.csv lost characters', () => {
    const { counts } = tallyRows([
      { verdict: verdict(1, 'CLEAR', {}), lossy: true },
      { verdict: verdict(2, 'CLEAR', {}), lossy: false },
    ]);
    expect(counts).toEqual({ output_lossy_rows: 1, 'verdict:CLEAR': 2 });
  });

  it('adds nothing for an empty batch', () => {
    expect(tallyRows([])).toEqual({ counts: {}, examples: {} });
  });
});
