import { describe, expect, it } from 'vitest';
import { resolveLang } from '../../../src/i18n/lang.js';
import { reasonSentence } from '../../../src/i18n/reasons.js';
import { CATALOGUES, placeholdersOf, translator } from '../../../src/i18n/translate.js';
import { REASONS } from '../../../src/verdict/reasons.js';

const CYRILLIC = /[А-Яа-яЁё]/u;

describe('the message catalogue', () => {
  it('has the same keys, each with the same placeholders, in Russian and English', () => {
    const ru = CATALOGUES.ru;
    const en = CATALOGUES.en;
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholdersOf(ru[key]), key).toEqual(placeholdersOf(en[key]));
      expect(ru[key].trim(), key).not.toBe('');
    }
  });

  it('fills in the placeholders of the language asked for', () => {
    expect(translator('ru')('report.omitted', { n: 3 })).toBe(
      'Ещё строк HIT и REVIEW: 3 — они в verdicts.csv и evidence.jsonl.',
    );
    expect(translator('en')('report.omitted', { n: 3 })).toBe(
      '3 more HIT and REVIEW rows are in verdicts.csv and evidence.jsonl.',
    );
  });
});

describe('reason sentences', () => {
  it('gives every reason code of the catalogue a sentence in Russian and in English', () => {
    const codes = Object.keys(REASONS);
    expect(codes.length).toBeGreaterThan(80);
    const missing = codes.filter((code) => !reasonSentence(code, 'ru') || !reasonSentence(code, 'en'));
    expect(missing).toEqual([]);
    const notRussian = codes.filter((code) => !CYRILLIC.test(reasonSentence(code, 'ru') ?? ''));
    expect(notRussian).toEqual([]);
  });

  it('reads the code of an annotated reason and knows no sentence for an unknown code', () => {
    expect(reasonSentence('FOREIGN_AGENT_SUPPRESSED: FA-0001 by Иванова А. 2025-01-10', 'ru')).toMatch(
      /белый список/u,
    );
    expect(reasonSentence('ROW_INVALID_INN_CHECKSUM', 'ru')).toBe(
      'Строка не прочитана: неверная контрольная цифра ИНН',
    );
    expect(reasonSentence('NO_SUCH_CODE', 'en')).toBeUndefined();
  });
});

describe('the page language', () => {
  it('is Russian by default, the flag before KYC_LANG, and refuses anything but ru and en', () => {
    expect(resolveLang(undefined, {})).toBe('ru');
    expect(resolveLang(undefined, { KYC_LANG: 'EN' })).toBe('en');
    expect(resolveLang('ru', { KYC_LANG: 'en' })).toBe('ru');
    expect(() => resolveLang('de', {})).toThrow(/--lang "de": use ru or en/u);
    expect(() => resolveLang(undefined, { KYC_LANG: 'english' })).toThrow(/KYC_LANG/u);
  });
});
