import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  digraphFold,
  phoneticKey,
  plainFold,
  romanizations,
  tokenForms,
} from '../../../../src/matching/text/index.js';

describe('Latin folding', () => {
  it.each([
    ['Məmmədov', 'mammadov'],
    ['Vučić', 'vucic'],
    ['Erdoğan', 'erdogan'],
    ['Oʻralov', 'oralov'],
    ['Nurbergenqyzy', 'nurbergenqyzy'],
    ['Ýazmyradow', 'yazmyradow'],
  ])('plain: %s → %s', (word, folded) => {
    expect(plainFold(word)).toBe(folded);
  });

  it.each([
    ['Černyšëv', 'chernyshev'],
    ['Şükürov', 'shukurov'],
    ['Elçin', 'elchin'],
  ])('digraph: %s → %s', (word, folded) => {
    expect(digraphFold(word)).toBe(folded);
  });

  it('folds a letter whose mark leaves a special base letter at once (ǽ → ae), so a second fold changes nothing', () => {
    expect(plainFold('Ǽ')).toBe('ae');
    expect(digraphFold('Ǿ')).toBe('o');
  });

  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (s) => {
        expect(plainFold(plainFold(s))).toBe(plainFold(s));
        expect(digraphFold(digraphFold(s))).toBe(digraphFold(s));
      }),
    );
  });
});

describe('romanisation routes', () => {
  it('reach the scholarly, Ukrainian and Belarusian national spellings', () => {
    expect(romanizations('чернышёв')).toContain('černyšëv');
    expect(romanizations('григорій')).toContain('hryhorii');
    expect(romanizations('сакалоў')).toContain('sakaloŭ');
  });

  it('give a Cyrillic word and its ISO 9 spelling a common form', () => {
    const cyrillic = tokenForms('чернышёв').spellings;
    expect(tokenForms('černyšëv').spellings.some((s) => cyrillic.includes(s))).toBe(true);
  });

  it('phonetic key joins spellings of one sound and is idempotent', () => {
    expect(phoneticKey('khalilov')).toBe(phoneticKey('halilov'));
    expect(phoneticKey('rafiq')).toBe(phoneticKey('rafik'));
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{0,12}$/), (w) => {
        expect(phoneticKey(phoneticKey(w))).toBe(phoneticKey(w));
      }),
    );
  });
});
