import { describe, expect, it } from 'vitest';
import {
  cardLuhnFailed,
  decideCadastral,
  decideCard,
  decideEmail,
  decideVerdict,
  describeReason,
  emailNotAnAddress,
  type CadastralAnswer,
  type CardAnswer,
} from '../../../src/verdict/index.js';

const record = { operation: 'x', params: {}, status: 200 };

describe('decideEmail', () => {
  const base = { valid: true, disposable: false, role: false, mx: { checked: false, valid: false } };

  it('an ordinary valid address is CLEAR with its fields', () => {
    const result = decideEmail(base, [record]);
    expect(result).toMatchObject({ kind: 'email', status: 'CLEAR', reasons: [], detail: '' });
    expect(result.fields).toEqual({
      valid: 'true',
      disposable: 'false',
      role: 'false',
      mx: 'not checked',
      risk: '',
      recommendation: '',
    });
    expect(result.requests).toEqual([record]);
  });

  it('invalid, disposable, DECLINE and REVIEW each flag with their own code', () => {
    expect(decideEmail({ ...base, valid: false }, []).reasons).toEqual(['EMAIL_INVALID']);
    expect(decideEmail({ ...base, disposable: true }, []).reasons).toEqual(['EMAIL_DISPOSABLE']);
    const decline = decideEmail({ ...base, riskScore: 0.9, recommendation: 'DECLINE' }, []);
    expect(decline).toMatchObject({
      status: 'FLAG',
      reasons: ['EMAIL_RECOMMENDATION_DECLINE'],
      detail: 'DECLINE 0.90',
    });
    expect(decideEmail({ ...base, riskScore: 0.3, recommendation: 'REVIEW' }, []).reasons).toEqual([
      'EMAIL_RECOMMENDATION_REVIEW',
    ]);
  });

  it('a role address alone and an ALLOW recommendation are CLEAR', () => {
    const result = decideEmail(
      { ...base, role: true, mx: { checked: true, valid: true }, riskScore: 0.2, recommendation: 'ALLOW' },
      [],
    );
    expect(result).toMatchObject({ status: 'CLEAR', detail: 'ALLOW 0.20' });
    expect(result.fields).toMatchObject({ role: 'true', mx: 'true', risk: '0.20', recommendation: 'ALLOW' });
  });

  it('the parameter-list field set alone is enough', () => {
    const result = decideEmail(
      { valid: true, disposable: false, mxValid: false, riskScore: 0.6, recommendation: 'REVIEW' },
      [],
    );
    expect(result.fields).toMatchObject({ role: '', mx: 'false', recommendation: 'REVIEW' });
    expect(result.status).toBe('FLAG');
  });

  it('an address the reader refused flags without a request', () => {
    expect(emailNotAnAddress()).toMatchObject({ status: 'FLAG', reasons: ['EMAIL_INVALID'], requests: [] });
  });
});

describe('decideCard', () => {
  const mir: CardAnswer = {
    bin: '220220',
    paymentSystem: 'MIR',
    bank: 'ПАО Сбербанк',
    cardType: 'DEBIT',
    country: 'Россия',
    countryCode: 'RUS',
    brand: 'MIR',
    message: 'Номер карты маскирован: контрольная сумма не проверялась',
    valid: true,
  };

  it('a Russian MIR card is CLEAR with payment system, type, bank and country in the row', () => {
    const result = decideCard(mir, [], [record]);
    expect(result).toMatchObject({ status: 'CLEAR', reasons: [], detail: '' });
    expect(result.fields).toMatchObject({
      payment_system: 'MIR',
      type: 'DEBIT',
      bank: 'ПАО Сбербанк',
      country: 'RUS',
      bin: '220220',
    });
  });

  it('a country of the risk list flags; the list is alpha-3 and so is the answer', () => {
    expect(decideCard(mir, ['RUS'], [])).toMatchObject({ status: 'FLAG', reasons: ['CARD_RISK_COUNTRY'] });
    expect(decideCard({ ...mir, countryCode: 'cyp' }, ['CYP'], []).reasons).toEqual(['CARD_RISK_COUNTRY']);
    expect(decideCard(mir, ['CYP'], []).status).toBe('CLEAR');
  });

  it('the service saying invalid flags', () => {
    const result = decideCard({ ...mir, valid: false, message: 'не прошёл проверку' }, [], []);
    expect(result).toMatchObject({ status: 'FLAG', reasons: ['CARD_INVALID'] });
  });

  it('an unknown BIN is CLEAR with a note', () => {
    const unknown = {
      ...mir,
      paymentSystem: 'UNKNOWN',
      bank: '',
      country: '',
      countryCode: '',
      cardType: 'UNKNOWN',
    };
    expect(decideCard(unknown, ['RUS'], [])).toMatchObject({
      status: 'CLEAR',
      reasons: ['CARD_BIN_UNKNOWN'],
      detail: 'BIN unknown',
    });
  });

  it('a Luhn failure flags with the masked number only', () => {
    const result = cardLuhnFailed('220220******5430');
    expect(result).toMatchObject({ status: 'FLAG', reasons: ['CARD_LUHN_FAILED'], requests: [] });
    expect(result.detail).toContain('220220******5430');
  });
});

describe('decideCadastral', () => {
  function report(
    summary: Partial<CadastralAnswer['summary']> = {},
    extra: Partial<CadastralAnswer> = {},
  ): CadastralAnswer {
    // Built apart from the return type: the service's report carries more fields than the decision reads.
    const full = {
      cadastral_number: '77:01:0001057:1025',
      summary: {
        has_encumbrances: false,
        has_active_fssp: null,
        sources: { nspd: 'checked', rosreestr_sprav: 'checked', fssp: 'skipped' } as const,
        note: 'null означает…',
        ...summary,
      },
      nspd: { error: null, address: 'г. Москва' },
      rosreestr_sprav: { error: null },
      fssp: { skipped: true, reason: 'нужно ФИО собственника', count: null, error: null },
      ...extra,
    };
    return full;
  }

  it('checked and none found, bailiff check skipped: CLEAR with a note, the report kept as evidence', () => {
    const result = decideCadastral(report(), [record]);
    expect(result).toMatchObject({ status: 'CLEAR', reasons: ['CADASTRAL_FSSP_SKIPPED'] });
    expect(result.fields).toMatchObject({
      has_encumbrances: 'false',
      has_active_fssp: 'skipped',
      sources: 'nspd=checked; rosreestr_sprav=checked; fssp=skipped',
      fssp_reason: 'нужно ФИО собственника',
    });
    expect(JSON.parse(result.fields?.report ?? '')).toMatchObject({ nspd: { address: 'г. Москва' } });
  });

  it('encumbrances and active proceedings flag', () => {
    expect(decideCadastral(report({ has_encumbrances: true }), []).reasons).toEqual([
      'CADASTRAL_ENCUMBRANCES',
      'CADASTRAL_FSSP_SKIPPED',
    ]);
    const active = decideCadastral(
      report(
        { has_active_fssp: true, sources: { nspd: 'checked', rosreestr_sprav: 'checked', fssp: 'checked' } },
        { fssp: { skipped: false, reason: '', count: 2, error: null } },
      ),
      [],
    );
    expect(active).toMatchObject({
      status: 'FLAG',
      reasons: ['CADASTRAL_ACTIVE_FSSP'],
      detail: 'active bailiff proceedings (2)',
    });
    expect(active.fields).toMatchObject({ has_active_fssp: 'true', fssp_count: '2' });
  });

  it('null is unknown, not false: never CLEAR', () => {
    const nowhere = decideCadastral(
      report(
        { has_encumbrances: null, sources: { nspd: 'error', rosreestr_sprav: 'error', fssp: 'skipped' } },
        { nspd: { error: 'не найден' }, rosreestr_sprav: { error: 'не найдена' } },
      ),
      [],
    );
    expect(nowhere.status).toBe('FLAG');
    expect(nowhere.reasons).toEqual([
      'CADASTRAL_UNKNOWN',
      'CADASTRAL_SOURCE_ERROR_NSPD',
      'CADASTRAL_SOURCE_ERROR_ROSREESTR_SPRAV',
      'CADASTRAL_FSSP_SKIPPED',
    ]);
    expect(nowhere.fields).toMatchObject({
      has_encumbrances: 'unknown',
      nspd_error: 'не найден',
      rosreestr_sprav_error: 'не найдена',
    });
    const fsspNull = decideCadastral(
      report({ sources: { nspd: 'checked', rosreestr_sprav: 'checked', fssp: 'checked' } }),
      [],
    );
    expect(fsspNull).toMatchObject({ status: 'FLAG', reasons: ['CADASTRAL_UNKNOWN'] });
  });

  it('one source in error makes the answer partial: FLAG with that source, even with false elsewhere', () => {
    const partial = decideCadastral(
      report(
        { sources: { nspd: 'checked', rosreestr_sprav: 'checked', fssp: 'error' } },
        { fssp: { skipped: false, reason: '', count: null, error: 'нужны фамилия и имя' } },
      ),
      [],
    );
    expect(partial).toMatchObject({ status: 'FLAG', reasons: ['CADASTRAL_SOURCE_ERROR_FSSP'] });
    expect(partial.fields).toMatchObject({ has_active_fssp: 'unknown', fssp_error: 'нужны фамилия и имя' });
  });
});

describe('the optional checks under the verdict rules', () => {
  it('a FLAG makes REVIEW, behind a HIT, and every code has a description', () => {
    const flag = decideEmail({ valid: true, disposable: true }, []);
    expect(decideVerdict(1, { email: flag })).toMatchObject({
      verdict: 'REVIEW',
      reasons: ['EMAIL_DISPOSABLE'],
    });
    const codes = [
      'EMAIL_INVALID',
      'EMAIL_DISPOSABLE',
      'EMAIL_RECOMMENDATION_DECLINE',
      'EMAIL_RECOMMENDATION_REVIEW',
      'EMAIL_SKIPPED_NO_EMAIL',
      'CARD_LUHN_FAILED',
      'CARD_INVALID',
      'CARD_RISK_COUNTRY',
      'CARD_BIN_UNKNOWN',
      'CARD_SKIPPED_NO_CARD',
      'CARD_SKIPPED_UNREADABLE',
      'CADASTRAL_ENCUMBRANCES',
      'CADASTRAL_ACTIVE_FSSP',
      'CADASTRAL_UNKNOWN',
      'CADASTRAL_SOURCE_ERROR_NSPD',
      'CADASTRAL_SOURCE_ERROR_ROSREESTR_SPRAV',
      'CADASTRAL_SOURCE_ERROR_FSSP',
      'CADASTRAL_FSSP_SKIPPED',
      'CADASTRAL_SKIPPED_NO_NUMBER',
      'CADASTRAL_SKIPPED_UNREADABLE',
    ];
    for (const code of codes) expect(describeReason(code), code).toBeTypeOf('string');
  });
});
