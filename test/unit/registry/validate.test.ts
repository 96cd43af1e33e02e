import { describe, expect, it } from 'vitest';
import { KycError } from '../../../src/errors.js';
import type { ForeignAgentQuery, SanctionsQuery } from '../../../src/upstream/client/operations.js';
import {
  isIsoDate,
  validateBankruptcySearch,
  validateCadastralNumber,
  validateCard,
  validateDebtorInn,
  validateDictionaryName,
  validateEmail,
  validateForeignAgentQuery,
  validateNonNegativeInteger,
  validateOwnerFullName,
  validatePageSize,
  validateSanctionsQuery,
} from '../../../src/upstream/client/validate.js';

/** The KycError `run` throws; fails the test when it throws anything else or nothing. */
function refusal(run: () => unknown): KycError {
  try {
    run();
  } catch (error) {
    if (error instanceof KycError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('dates', () => {
  it('accepts real days written YYYY-MM-DD', () => {
    for (const date of ['1975-03-14', '2024-02-29', '2000-02-29', '1999-12-31'])
      expect(isIsoDate(date)).toBe(true);
  });

  it('rejects impossible days and other forms', () => {
    for (const date of [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024-00-10',
      '14.03.1975',
      '1975-3-14',
      '1975-03-14T00:00:00',
      ' 1975-03-14',
    ]) {
      expect(isIsoDate(date)).toBe(false);
    }
  });
});

describe('foreign-agent search', () => {
  it('needs at least one non-empty parameter', () => {
    for (const query of [{}, { name: '' }, { name: '   ', inn: '' }]) {
      const error = refusal(() => validateForeignAgentQuery(query));
      expect(error.code).toBe('KYC_ERR_REQUEST_INVALID');
      expect(error.detail).toMatch(/at least one non-empty parameter/);
    }
  });

  it('drops empty parameters and keeps the spec order', () => {
    expect(validateForeignAgentQuery({ inn: '7701234560', name: 'Ковалёв', address: '' })).toEqual({
      name: 'Ковалёв',
      inn: '7701234560',
    });
    expect(Object.keys(validateForeignAgentQuery({ inn: '1', name: 'x' }))).toEqual(['name', 'inn']);
  });

  it('checks each of the five date parameters', () => {
    for (const name of [
      'added',
      'birth_date',
      'decision_publication_date',
      'special_account_open_date',
      'date_of_bank_agreement',
    ] as const) {
      expect(validateForeignAgentQuery({ [name]: '2024-02-29' })).toEqual({ [name]: '2024-02-29' });
      const error = refusal(() => validateForeignAgentQuery({ [name]: '2023-02-29' }));
      expect(error.detail).toBe(`${name} must be a real date written YYYY-MM-DD`);
    }
  });

  it('refuses an unknown parameter and a non-string value, without echoing values', () => {
    const unknown = { nmae: 'Ковалёв' } as unknown as ForeignAgentQuery;
    expect(refusal(() => validateForeignAgentQuery(unknown)).detail).toBe(
      'search.foreign_agent has no parameter "nmae"',
    );
    const numeric = { inn: 7701234560 } as unknown as ForeignAgentQuery;
    expect(refusal(() => validateForeignAgentQuery(numeric)).detail).toBe('inn must be a string');
    expect(refusal(() => validateForeignAgentQuery({ birth_date: '14.03.1975' })).message).not.toContain(
      '1975',
    );
  });
});

describe('sanctions search', () => {
  it('needs at least one non-empty parameter', () => {
    expect(refusal(() => validateSanctionsQuery({ name: '' })).detail).toMatch(
      /search\.sanctions needs at least one/,
    );
  });

  it('accepts person|organization only as entity_type', () => {
    expect(validateSanctionsQuery({ entity_type: 'organization' })).toEqual({ entity_type: 'organization' });
    const bad = { name: 'x', entity_type: 'vessel' } as unknown as SanctionsQuery;
    expect(refusal(() => validateSanctionsQuery(bad)).detail).toBe(
      'entity_type must be person or organization',
    );
  });

  it('checks birth_date', () => {
    expect(refusal(() => validateSanctionsQuery({ name: 'x', birth_date: '1988-09-31' })).detail).toMatch(
      /^birth_date/,
    );
  });
});

describe('single-parameter operations', () => {
  it('debtor INN is exactly 12 digits', () => {
    expect(validateDebtorInn('772345678901')).toBe('772345678901');
    for (const inn of ['7723456789', '77234567890', '7723456789012', '77234567890a', ' 772345678901', '']) {
      expect(refusal(() => validateDebtorInn(inn)).code).toBe('KYC_ERR_REQUEST_INVALID');
    }
  });

  it('bankruptcy search_string, e-mail, dictionary name and cadastral number are required', () => {
    expect(refusal(() => validateBankruptcySearch(' ')).detail).toMatch(/^search_string is required/);
    expect(refusal(() => validateEmail('')).detail).toMatch(/^email is required/);
    expect(refusal(() => validateDictionaryName('')).detail).toMatch(/^dictionary name is required/);
    expect(refusal(() => validateCadastralNumber('')).detail).toMatch(/^cadastral number is required/);
    // A malformed address is the service's to judge, not a refusal.
    expect(validateEmail('not-an-address')).toBe('not-an-address');
  });

  it('owner name: blank means not given', () => {
    expect(validateOwnerFullName(undefined)).toBeUndefined();
    expect(validateOwnerFullName('  ')).toBeUndefined();
    expect(validateOwnerFullName('Иванов Иван Иванович')).toBe('Иванов Иван Иванович');
  });
});

describe('card numbers', () => {
  it('accepts 12–19 digits', () => {
    for (const card of [
      '411111111111',
      '4111111111111111',
      '2200000000000004',
      '378282246310005',
      '4111111111111111110',
    ]) {
      expect(validateCard(card)).toBe(card);
    }
  });

  it('accepts masked numbers with at least 6 leading digits', () => {
    for (const card of ['411111******1111', '220000******0004', '41111111****1111', '411111**1111'])
      expect(validateCard(card)).toBe(card);
  });

  it('rejects the rest', () => {
    for (const card of [
      '41111111111',
      '41111111111111111111',
      '4111 1111 1111 1111',
      '41111*******1111',
      '411111**********',
      '****1111',
      '411111*******1111111',
      '4111-1111-1111-1111',
      '',
    ]) {
      expect(refusal(() => validateCard(card)).code).toBe('KYC_ERR_REQUEST_INVALID');
    }
  });

  it('never echoes the number', () => {
    expect(refusal(() => validateCard('41111111111111111111')).message).not.toContain('4111');
  });
});

describe('paging', () => {
  it('limit and offset are non-negative integers', () => {
    expect(validateNonNegativeInteger('limit', 0)).toBe(0);
    for (const value of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(refusal(() => validateNonNegativeInteger('offset', value)).detail).toBe(
        'offset must be a non-negative integer',
      );
    }
  });

  it('a page size of 0 is refused', () => {
    expect(refusal(() => validatePageSize(0)).detail).toBe('pageSize must be a positive integer');
  });
});
