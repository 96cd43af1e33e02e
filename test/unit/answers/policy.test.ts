import { describe, expect, it } from 'vitest';
import { formatMaxAge, maxAgeOf, parseMaxAge } from '../../../src/settings/answer-policy.js';
import { isKycError } from '../../../src/errors.js';

const DAY = 86_400_000;

function codeOf(text: string): string | undefined {
  try {
    parseMaxAge(text, 'KYC_MAX_AGE');
  } catch (error) {
    return isKycError(error) ? error.code : 'not a KycError';
  }
  return undefined;
}

describe('--max-age', () => {
  it('reads the nightly policy per check and writes it back the same', () => {
    const policy = parseMaxAge('debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d');
    expect(policy).toEqual({ debtor: 30 * DAY, bankruptcy: 7 * DAY, sanctions: DAY, foreign_agent: DAY });
    expect(formatMaxAge(policy)).toBe('debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d');
    expect(formatMaxAge(parseMaxAge(' sanctions = 12h , debtor=90m '))).toBe('debtor=90m,sanctions=12h');
  });

  it('reuses nothing by default, for `none`, for 0 and for checks it does not name', () => {
    expect(parseMaxAge('')).toEqual({});
    expect(parseMaxAge('none')).toEqual({});
    expect(parseMaxAge('debtor=0d')).toEqual({});
    expect(formatMaxAge(undefined)).toBe('none');
    const policy = parseMaxAge('debtor=30d');
    expect(maxAgeOf(policy, 'client.debt')).toBe(30 * DAY);
    expect(maxAgeOf(policy, 'search.sanctions')).toBe(0);
    // The optional checks' answers are never kept.
    expect(maxAgeOf(parseMaxAge('debtor=1d,sanctions=1d'), 'validation.email')).toBe(0);
  });

  it('refuses what it cannot read with KYC_ERR_MAX_AGE, naming the item', () => {
    for (const bad of [
      'debtor',
      'debtor=30',
      'debtor=30w',
      'debtor=-1d',
      'cadastral=1d',
      'debtor=1d,debtor=2d',
    ])
      expect(codeOf(bad), bad).toBe('KYC_ERR_MAX_AGE');
    expect(codeOf('debtor=400d')).toBe('KYC_ERR_MAX_AGE');
    expect(() => parseMaxAge('debtor=1d,x=2d', 'KYC_MAX_AGE')).toThrow(/KYC_MAX_AGE: unknown check "x"/);
  });
});
