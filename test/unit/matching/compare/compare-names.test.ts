import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../../../src/matching/compare/index.js';

// Not a patronymic particle: `X bin Y` reversed is another person (compare-names.ts, ROLE_SWAP_CAP).
const word = fc
  .stringMatching(/^[A-Z][a-z]{2,9}$/)
  .filter((w) => !['bin', 'ibn', 'ben', 'bint', 'binti'].includes(w.toLowerCase()));
const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

describe('compareNames', () => {
  it('scores a name 1 against itself', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(compareNames(n, n, true).score).toBe(1);
      }),
    );
  });

  it('is symmetric', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(compareNames(a, b, true).score).toBe(compareNames(b, a, true).score);
      }),
    );
  });

  it('does not care about word order', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 4 }), (words) => {
        const reversed = [...words].reverse().join(' ');
        expect(compareNames(words.join(' '), reversed, true).score).toBe(1);
      }),
    );
  });

  it.each([
    ['SergeiLavrov', 'Sergei Lavrov'],
    ['Садыков Абдул Гани', 'Садыков Абдулгани'],
    ['Чернышёв Сергей Иванович', 'Černyšëv Sergej Ivanovič'],
    ['Hans Friedrich', 'FRIEDRICH, Hans'],
    ['Халилов Джафар', 'XƏLİLOV Cəfər'],
    ['Холматов Ботир', 'Xolmatov Botir'],
  ])('%s is %s (joined, split, transliterated, reordered)', (a, b) => {
    expect(compareNames(a, b, true).score).toBe(1);
  });

  it('reads a given name of one group in another language as a close variant (Alexander, Александр)', () => {
    expect(compareNames('Alexander Ivanov', 'Александр Иванов', true).score).toBeGreaterThanOrEqual(0.9);
  });

  it('knows a Latin list keeps the masculine surname, and leaves it to a reviewer', () => {
    const r = compareNames('Морозова Ирина Александровна', 'Irina Aleksandrovna MOROZOV', true);
    expect(r.score).toBe(0.9);
    expect(r.explanation).toContain('морозова ~ (gender form) morozov');
  });

  it('reads a patronymic against a father’s name with oğlu', () => {
    const r = compareNames('Мамедов Эльчин Рафикович', 'MƏMMƏDOV Elçin Rafiq oğlu', true);
    expect(r.score).toBeGreaterThanOrEqual(0.8);
    expect(r.explanation).toContain('рафикович ~ (patronymic of) rafiq');
  });

  it.each([
    ['Иванова Мария', 'Иванов Мария'],
    ['Иванова Мария', 'Иванова Марина'],
    ['Мамедов Эльчин Рафик оглы', 'Мамедов Эльчин Рафиковна'],
    ['Octavian Scholz', 'Olaf Scholz'],
    ['Иванов Иван Петрович', 'Иванов Иван Павлович'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(compareNames(a, b, true).score).toBeLessThan(0.8);
  });
});

describe('compareNames: the order a list writes', () => {
  it('reads `SURNAME, Given` in the spoken order before telling a son from his father', () => {
    expect(
      compareNames('AL BEN ALI, Isa Ben Tarif', 'Shaikh Isa Bin Tarif Al Bin Ali', true).rolesSwapped,
    ).toBe(false);
    expect(compareNames('BIN SALMAN, Mohammed', 'Mohammed bin Salman', true).score).toBe(1);
    expect(compareNames('SALMAN, Mohammed bin', 'Salman bin Mohammed', true).rolesSwapped).toBe(true);
  });

  it('reads the Arabic diphthong ay as ei (Husayn, Hussein)', () => {
    expect(compareNames('Saddam Husayn', 'Saddam Hussein', true).score).toBeGreaterThanOrEqual(0.95);
    expect(compareNames('Zaynab Ali', 'Zeinab Ali', true).score).toBeGreaterThanOrEqual(0.95);
  });
});
