import { describe, expect, it } from 'vitest';
import { normalizeText, splitWords } from '../../../../src/matching/text/normalize.js';
import { skeleton } from '../../../../src/matching/text/skeleton.js';

describe('normalizeText', () => {
  it('applies NFKC, folds case and ё → е', () => {
    // Full-width letters and the ligature-like compatibility forms fold under NFKC.
    expect(normalizeText('ＡＢＣ Ёлкин')).toBe('abc елкин');
  });

  it('removes every kind of quote and punctuation', () => {
    expect(normalizeText('ООО «Ромашка»')).toBe('ооо ромашка');
    expect(normalizeText('ООО "Ромашка"')).toBe('ооо ромашка');
    expect(normalizeText('ООО „Ромашка“')).toBe('ооо ромашка');
    expect(normalizeText('Ромашка, ООО (Москва)')).toBe('ромашка ооо москва');
  });

  it('drops in-word marks of ь and ъ without splitting the word', () => {
    expect(normalizeText("Grigor'yev")).toBe('grigoryev');
    expect(normalizeText('Grigor’yev')).toBe('grigoryev');
    expect(normalizeText('Grigor`ev')).toBe('grigorev');
    expect(normalizeText('Ob``edkov')).toBe('obedkov');
  });

  it('keeps hyphens and dots for the callers that need them', () => {
    expect(normalizeText('Петров–Водкин И.И.')).toBe('петров-водкин и.и.');
  });
});

describe('splitWords', () => {
  it('splits initials written together', () => {
    expect(splitWords('Иванов И.И.').map((w) => [w.text, w.dotted])).toEqual([
      ['иванов', false],
      ['и', true],
      ['и', true],
    ]);
  });

  it('marks the comma group of SURNAME, Given', () => {
    expect(splitWords('IVANOV, Ivan Ivanovich').map((w) => w.group)).toEqual([0, 1, 1]);
  });

  it('keeps a hyphenated surname whole', () => {
    expect(splitWords('Петров-Водкин Кузьма').map((w) => w.text)).toEqual(['петров-водкин', 'кузьма']);
  });
});

describe('skeleton', () => {
  it('folds ё, й, ы, ь, ъ, э on the Cyrillic side', () => {
    expect(skeleton('королёв')).toBe(skeleton('королев'));
    expect(skeleton('эдуард')).toBe(skeleton('едуард'));
  });

  it('reads homoglyphs of a Cyrillic word typed with Latin letters', () => {
    // "Соколов" with Latin С and о.
    expect(skeleton(normalizeText('Сoкoлoв'.replace('С', 'C')))).toBe(skeleton('соколов'));
  });
});
