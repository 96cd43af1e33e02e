import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DebtorResult } from '../../../src/domain/records.js';
import { sanitiseExample } from '../../../src/domain/unrecognised.js';
import {
  DEBTOR_NOT_FOUND_PHRASES,
  decideDebtor,
  decideVerdict,
  readsAsNotFound,
} from '../../../src/verdict/index.js';
import { person } from '../matching/fixtures.js';

const INN = '772345678901';
const client = person('Николаев Артём Дмитриевич', { inn: INN });

/** An answer with no record in it: what a service sends for an INN nobody is recorded under. */
function empty(message: string | null, extra: Partial<DebtorResult> = {}): DebtorResult {
  return {
    snils: '',
    category: '',
    region: '',
    address: '',
    fio: '',
    inn: '',
    extrajudicialBankruptcy: '',
    legalCase: { number: '', managerFio: '', description: '', date: '' },
    message,
    ...extra,
  };
}

const decide = (message: string | null, extra: Partial<DebtorResult> = {}, phrases: string[] = []) =>
  decideDebtor(client, empty(message, extra), [], phrases);

describe('debtor "not found" phrasings', () => {
  it.each([
    'Сведения о должнике не найдены',
    'Должник не найден',
    'ДОЛЖНИК НЕ НАЙДЕН!',
    'Не найдено сведений о должнике',
    'Информация по ИНН отсутствует в базе',
    'Нет данных',
    'нет сведений о банкротстве',
    'Сведения не найдены.',
    'По вашему запросу ничего не найдено',
    'Not found',
    'Debtor NOT FOUND.',
    'No records',
    'no record for this INN',
    'No data',
    'No information available',
    'Сведения о должнике не найдeны'.replace('e', 'е'),
    'Ничего   не\tнайдено…',
    'Лицо не является должником',
    'Сведений не найдёно',
  ])('«%s» beside an empty record is CLEAR with DEBTOR_NOT_FOUND', (message) => {
    expect(decide(message)).toMatchObject({ status: 'CLEAR', reasons: ['DEBTOR_NOT_FOUND'] });
  });

  it.each([
    'Должник найден',
    'Сведения о должнике найдены',
    'found',
    'Сервис временно недоступен',
    'Ошибка: сведения не найдены',
    'Internal error: data not found',
    'Route not found',
    'Endpoint not found',
    'Page not found',
    'Resource not found',
    'API key not found',
    'Источник данных недоступен, нет данных',
    'Timeout, no data',
    'Повторите запрос позже',
    'OK',
    'Успешно',
  ])('«%s» is not "not found": ERROR, the client is INCOMPLETE', (message) => {
    const result = decide(message);
    expect(result.status).toBe('ERROR');
    expect(result.reasons).toEqual(['DEBTOR_UNRECOGNISED_MESSAGE']);
    expect(decideVerdict(1, { debtor: result }).verdict).toBe('INCOMPLETE');
  });

  it('the profile teaches a new phrasing, compared loosely', () => {
    expect(decide('Запись в реестре отсутствует').status).toBe('ERROR');
    expect(decide('Запись в реестре отсутствует', {}, ['запись в реестре отсутствует'])).toMatchObject({
      status: 'CLEAR',
      reasons: ['DEBTOR_NOT_FOUND'],
    });
    expect(decide('ЗАПИСЬ  в реестре — отсутствует!', {}, ['Запись в реестре отсутствует']).status).toBe(
      'CLEAR',
    );
  });

  it('an echo of the INN asked still counts as an empty record; another INN is a mismatch', () => {
    expect(decide('Не найдено', { inn: INN }).status).toBe('CLEAR');
    expect(decide('Не найдено', { inn: '500100732259' })).toMatchObject({
      status: 'ERROR',
      reasons: ['DEBTOR_INN_MISMATCH'],
    });
  });

  it('a not-found message beside a name or a case is a contradiction: ERROR, not CLEAR', () => {
    for (const extra of [
      { fio: 'Николаев Артём Дмитриевич' },
      { snils: '112-233-445 95' },
      { extrajudicialBankruptcy: 'ВБ-1' },
      { legalCase: { number: '2-1/2025', managerFio: '', description: '', date: '' } },
    ]) {
      expect(decide('Сведения о должнике не найдены', extra)).toMatchObject({
        status: 'ERROR',
        reasons: ['DEBTOR_CONTRADICTORY_ANSWER'],
      });
    }
  });

  it('neither a record nor a message ({} read tolerantly, or a blank message) is ERROR', () => {
    for (const message of [null, '', '   ']) {
      expect(decide(message)).toMatchObject({ status: 'ERROR', reasons: ['DEBTOR_EMPTY_ANSWER'] });
    }
  });

  it('an unrecognised message is reported with an example that carries no personal data', () => {
    const result = decide(`Клиент Николаев Артём, ИНН ${INN}: статус неизвестен, см. ivan@example.ru`);
    expect(result.unrecognised).toHaveLength(1);
    const [entry] = result.unrecognised ?? [];
    expect(entry).toMatchObject({ operation: 'client.debt', kind: 'unrecognised_message' });
    expect(entry?.example).not.toMatch(/\d/);
    expect(entry?.example).not.toMatch(/Николаев|Артём|ivan|example/);
    expect(entry?.example).toContain('статус неизвестен');
  });
});

/** One of the built-in phrases rewritten as another service might: case, ё, punctuation and spacing. */
const variant = (phrase: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: phrase.length, maxLength: phrase.length }),
      fc.constantFrom(' ', '  ', '\t', ' - ', '\u00a0', ', '),
      fc.constantFrom('', '.', '!', ' :)', '…', '»'),
      fc.constantFrom('', '«', '"', '— ', '* '),
    )
    .map(([upper, space, tail, head]) => {
      const cased = [...phrase].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join('');
      return (
        head + cased.replace(/е/g, (e, i: number) => (i % 2 === 0 ? 'ё' : e)).replace(/ /g, space) + tail
      );
    });

describe('properties of the not-found reading', () => {
  it('every built-in phrase is recognised whatever its case, ё/е, punctuation and spacing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DEBTOR_NOT_FOUND_PHRASES).chain((phrase) => variant(phrase)),
        fc.constantFrom('', 'Сведения о должнике ', 'Debtor '),
        (message, prefix) => {
          expect(readsAsNotFound(prefix + message)).toBe(true);
          expect(decide(prefix + message).status).toBe('CLEAR');
        },
      ),
    );
  });

  it('a message without a not-found phrase never gives CLEAR, whatever the record', () => {
    // Text over letters that cannot spell a negation: no «не»/«нет»/"no"/"not" can occur.
    const words = fc.array(
      fc.constantFrom(
        'сведения',
        'должник',
        'найден',
        'найдены',
        'данные',
        'found',
        'record',
        'data',
        'есть',
      ),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(words, fc.constantFrom(' ', ', ', '. '), fc.boolean(), (ws, sep, withInn) => {
        const message = ws.join(sep);
        const result = decide(message, withInn ? { inn: INN } : {});
        expect(result.status).not.toBe('CLEAR');
        expect(decideVerdict(1, { debtor: result }).verdict).not.toBe('CLEAR');
      }),
    );
  });

  it('any message beside a failure word is never CLEAR', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DEBTOR_NOT_FOUND_PHRASES),
        fc.constantFrom('Ошибка', 'error', 'Сервис недоступен', 'timeout', 'route', 'Превышен лимит'),
        fc.boolean(),
        (phrase, failure, before) => {
          const message = before ? `${failure}: ${phrase}` : `${phrase} (${failure})`;
          expect(decide(message).status).toBe('ERROR');
        },
      ),
    );
  });
});

describe('sanitiseExample', () => {
  it('masks digits, e-mails, capitalised words after the first and the given personal words', () => {
    expect(sanitiseExample('Иванов Иван: ИНН 771234567890 не найден', ['Иванов', 'Иван'])).toBe(
      '… ############ не найден',
    );
    expect(sanitiseExample('Запись от 12.03.2024 отсутствует, пишите a@b.ru')).toBe(
      'Запись от ##.##.#### отсутствует, пишите …',
    );
  });

  it('clips long texts', () => {
    expect(sanitiseExample('нет '.repeat(100)).length).toBeLessThanOrEqual(80);
  });
});
