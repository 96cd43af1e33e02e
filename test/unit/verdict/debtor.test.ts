import { describe, expect, it } from 'vitest';
import type { DebtorResult } from '../../../src/domain/records.js';
import { DEBTOR_NOT_FOUND_MESSAGE, decideDebtor, decideVerdict } from '../../../src/verdict/index.js';
import { organization, person } from '../matching/fixtures.js';

const client = person('Николаев Артём Дмитриевич', { inn: '772345678901' });

function answer(extra: Partial<DebtorResult>): DebtorResult {
  return {
    snils: '',
    category: 'Физическое лицо',
    region: 'Москва',
    address: 'г. Москва',
    fio: 'Николаев Артём Дмитриевич',
    inn: '772345678901',
    extrajudicialBankruptcy: '',
    legalCase: { number: '', managerFio: '', description: '', date: '' },
    message: null,
    ...extra,
  };
}

describe('decideDebtor', () => {
  it('the not-found text is the emulator’s', () => {
    expect(DEBTOR_NOT_FOUND_MESSAGE).toBe('Сведения о должнике не найдены');
  });

  it('an out-of-court bankruptcy is a FLAG', () => {
    const result = decideDebtor(client, answer({ extrajudicialBankruptcy: 'ВБ-2025-000123' }), []);
    expect(result).toMatchObject({
      status: 'FLAG',
      reasons: ['DEBTOR_EXTRAJUDICIAL'],
      detail: 'out-of-court ВБ-2025-000123',
    });
  });

  it('a legal case is a FLAG', () => {
    const result = decideDebtor(
      client,
      answer({
        legalCase: {
          number: '2-4567/2025',
          managerFio: '',
          description: 'Взыскание задолженности',
          date: '',
        },
      }),
      [],
    );
    expect(result).toMatchObject({
      status: 'FLAG',
      reasons: ['DEBTOR_LEGAL_CASE'],
      detail: '2-4567/2025 Взыскание задолженности',
    });
  });

  it('both findings are both reported', () => {
    const result = decideDebtor(
      client,
      answer({
        extrajudicialBankruptcy: 'ВБ-1',
        legalCase: { number: '2-1/2025', managerFio: '', description: '', date: '' },
      }),
      [],
    );
    expect(result.reasons).toEqual(['DEBTOR_EXTRAJUDICIAL', 'DEBTOR_LEGAL_CASE']);
  });

  it('a regular record with nothing on it is CLEAR', () => {
    const result = decideDebtor(client, answer({}), []);
    expect(result).toMatchObject({ status: 'CLEAR', reasons: [] });
    expect(result.candidates[0]?.explanation).toContain('inn equal');
  });

  it('the exact not-found message is CLEAR with DEBTOR_NOT_FOUND', () => {
    const result = decideDebtor(client, answer({ inn: '', fio: '', message: DEBTOR_NOT_FOUND_MESSAGE }), []);
    expect(result).toMatchObject({ status: 'CLEAR', reasons: ['DEBTOR_NOT_FOUND'] });
  });

  it('any other message is an ERROR (never CLEAR): the client is INCOMPLETE', () => {
    const result = decideDebtor(client, answer({ message: 'Сервис временно недоступен' }), []);
    expect(result).toMatchObject({
      status: 'ERROR',
      reasons: ['DEBTOR_UNRECOGNISED_MESSAGE'],
      error: { code: 'KYC_ERR_UPSTREAM_MALFORMED' },
    });
    expect(result.detail).toContain('Сервис временно недоступен');
    expect(decideVerdict(1, { debtor: result }).verdict).toBe('INCOMPLETE');
  });

  it('a not-found message beside a record that names someone is a contradiction: ERROR', () => {
    expect(decideDebtor(client, answer({ message: 'Сведения о должнике не найдены.' }), [])).toMatchObject({
      status: 'ERROR',
      reasons: ['DEBTOR_CONTRADICTORY_ANSWER'],
    });
  });

  it('an answer about another INN is an ERROR', () => {
    expect(decideDebtor(client, answer({ inn: '500100732259' }), [])).toMatchObject({
      status: 'ERROR',
      reasons: ['DEBTOR_INN_MISMATCH'],
    });
  });

  it('no answer at all is an ERROR', () => {
    expect(decideDebtor(client, undefined, [])).toMatchObject({
      status: 'ERROR',
      error: { code: 'KYC_ERR_CHECK_MISSING' },
    });
  });

  it('organizations and persons without a 12-digit INN are SKIPPED', () => {
    expect(decideDebtor(organization('ООО «А»', { inn: '7707083893' }), undefined, [])).toMatchObject({
      status: 'SKIPPED',
      reasons: ['DEBTOR_SKIPPED_ORGANIZATION'],
    });
    expect(decideDebtor(person('Иванов Иван'), undefined, [])).toMatchObject({
      status: 'SKIPPED',
      reasons: ['DEBTOR_SKIPPED_NO_PERSON_INN'],
    });
  });
});
