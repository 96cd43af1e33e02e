import { describe, expect, it } from 'vitest';
import { defaultChecks, parseChecksOption, parseRiskCountries } from '../../../src/checks/select-checks.js';
import { CHECK_KINDS, CORE_CHECK_KINDS } from '../../../src/domain/check.js';

const ALL_COLUMNS = { email: 5, card: 6, cadastralNumber: 7 };

describe('defaultChecks', () => {
  it('is the core checks plus each optional check whose column the header has', () => {
    expect(defaultChecks({})).toEqual([...CORE_CHECK_KINDS]);
    expect(defaultChecks(ALL_COLUMNS)).toEqual([...CHECK_KINDS]);
    expect(defaultChecks({ card: 0 })).toEqual([...CORE_CHECK_KINDS, 'card']);
    expect(defaultChecks({ email: 3, cadastralNumber: 4 })).toEqual([
      ...CORE_CHECK_KINDS,
      'email',
      'cadastral',
    ]);
  });
});

describe('parseChecksOption', () => {
  it('returns the kinds in canonical order, deduplicated, hyphens and case forgiven', () => {
    expect(parseChecksOption('email, Sanctions,foreign-agent,email', ALL_COLUMNS)).toEqual([
      'foreign_agent',
      'sanctions',
      'email',
    ]);
  });

  it('refuses an unknown kind with KYC_ERR_USAGE, naming it and the valid ones', () => {
    expect(() => parseChecksOption('sanctions,pep', ALL_COLUMNS)).toThrow(
      expect.objectContaining({
        code: 'KYC_ERR_USAGE',
        message: expect.stringContaining('unknown check "pep"'),
      }),
    );
  });

  it('refuses an empty list', () => {
    expect(() => parseChecksOption(' , ', ALL_COLUMNS)).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_USAGE' }),
    );
  });

  it('refuses an optional kind whose column the input lacks', () => {
    expect(() => parseChecksOption('cadastral', { email: 1 })).toThrow(
      expect.objectContaining({
        code: 'KYC_ERR_USAGE',
        message: expect.stringContaining('cadastral number column'),
      }),
    );
    expect(parseChecksOption('debtor', {})).toEqual(['debtor']);
  });
});

describe('parseRiskCountries', () => {
  it('takes alpha-3 codes, upper-cased and deduplicated; empty is none', () => {
    expect(parseRiskCountries('')).toEqual([]);
    expect(parseRiskCountries('cyp, TUR,CYP')).toEqual(['CYP', 'TUR']);
  });

  it('refuses other forms', () => {
    expect(() => parseRiskCountries('RUS,CY,Кипр')).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_USAGE', message: expect.stringContaining('CY, КИПР') }),
    );
  });
});
