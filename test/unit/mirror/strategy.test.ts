import { describe, expect, it } from 'vitest';
import { chooseStrategy, estimateRows, mirrorCallEstimate } from '../../../src/mirror/strategy.js';
import { parseFaStrategy } from '../../../src/settings/fa-strategy-option.js';

const MIRROR = mirrorCallEstimate('2012-11-21', '2026-11-24');

describe('choosing how a run finds foreign agents', () => {
  it('prices the mirror at one search per day plus one per agent_type', () => {
    expect(MIRROR).toBe(5117 + 5);
  });

  it('keeps per-client searches for an onboarding upload and mirrors a nightly portfolio', () => {
    const onboarding = chooseStrategy({
      requested: 'auto',
      rows: 300,
      rowsExact: true,
      faRequestsPerClient: 3.4,
      mirrorCalls: MIRROR,
    });
    expect(onboarding.strategy).toBe('search');
    expect(onboarding.reason).toBe('auto: 300 rows × 3.40 searches = 1020 calls ≤ 5122 for the mirror');
    const nightly = chooseStrategy({
      requested: 'auto',
      rows: 100_000,
      rowsExact: false,
      faRequestsPerClient: 3.4,
      mirrorCalls: MIRROR,
    });
    expect(nightly).toEqual({
      strategy: 'mirror',
      reason: 'auto: ~100000 rows × 3.40 searches = 340000 calls > 5122 for the mirror',
    });
  });

  it('does what the operator asks whatever the cost', () => {
    const inputs = { rows: 10, rowsExact: true, faRequestsPerClient: 3, mirrorCalls: MIRROR };
    expect(chooseStrategy({ ...inputs, requested: 'mirror' }).strategy).toBe('mirror');
    expect(chooseStrategy({ ...inputs, rows: 1e6, requested: 'search' }).strategy).toBe('search');
  });

  it('estimates rows from the bytes a sample took, low rather than high, and exactly at the end', () => {
    expect(estimateRows(2000, 200_000, 10_000_000, false)).toEqual({ rows: 100_000, exact: false });
    expect(estimateRows(2000, 20_000_000, 10_000_000, false)).toEqual({ rows: 2000, exact: false });
    expect(estimateRows(301, 40_000, 40_000, true)).toEqual({ rows: 301, exact: true });
  });

  it('reads --fa-strategy and KYC_FA_STRATEGY, refusing anything else with its code', () => {
    expect(parseFaStrategy(' Mirror ')).toBe('mirror');
    expect(() => parseFaStrategy('fast')).toThrow(expect.objectContaining({ code: 'KYC_ERR_FA_STRATEGY' }));
  });
});
