import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../../../src/matching/compare/index.js';
import { arabicKeys, hasArabic, latinKey } from '../../../../src/matching/text/abjad.js';
import { scoreSanctions } from '../../../../src/matching/index.js';
import { person, sanctions } from '../fixtures.js';

/** Latin consonants and the Arabic letter ALA-LC reads as each; vowels and their letters of length. */
const CONSONANTS: Readonly<Record<string, string>> = {
  b: 'ب',
  d: 'د',
  f: 'ف',
  k: 'ك',
  l: 'ل',
  m: 'م',
  n: 'ن',
  r: 'ر',
  s: 'س',
  t: 'ت',
  z: 'ز',
};
const LONG: Readonly<Record<string, string>> = { a: 'ا', i: 'ي', u: 'و' };

describe('Arabic script against other scripts by its consonants (ALA-LC)', () => {
  it.each([
    ['فرناندو', 'fernando'],
    ['بيريز', 'perez'],
    ['حسين', 'hussein'],
    ['محمد', 'mohammed'],
    ['سلمان', 'salman'],
    ['الفتاح', 'fattah'],
  ])('%s has the consonants of %s', (arabic, latin) => {
    expect(arabicKeys(arabic)).toContain(latinKey(latin));
  });

  it('a written or unwritten vowel makes no difference (property)', () => {
    const syllable = fc.tuple(
      fc.constantFrom(...Object.keys(CONSONANTS)),
      fc.constantFrom('a', 'i', 'u', 'e', 'o'),
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.array(syllable, { minLength: 3, maxLength: 6 }), (syllables) => {
        const latin = syllables.map(([c, v]) => c + v).join('');
        const arabic = syllables
          .map(([c, v, long]) => (CONSONANTS[c] ?? '') + (long ? (LONG[v] ?? '') : ''))
          .join('');
        const key = latinKey(latin);
        fc.pre(key.length > 0);
        expect(arabicKeys(arabic)).toContain(key);
      }),
    );
  });

  it('never throws; a Latin key has no vowels; a word without Arabic letters has no Arabic key', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(latinKey(s.toLowerCase())).not.toMatch(/[aeiou]/u);
        if (!hasArabic(s)) expect(arabicKeys(s)).toEqual([]);
      }),
    );
  });

  it('two consonants say too little (Marie, Omar)', () => {
    expect(latinKey('marie')).toBe('');
    expect(arabicKeys('عمر')).toEqual([]);
  });

  it('a name in Arabic script and its Latin spelling are for a reviewer, never a MATCH alone', () => {
    const name = compareNames('فرناندو بيريز', 'Fernando Pérez', true);
    expect(name.score).toBe(0.9);
    const scored = scoreSanctions(
      person('فرناندو بيريز'),
      sanctions({ name: 'Fernando Pérez', entity_type: 'person' }),
    );
    expect(scored.decision).toBe('POSSIBLE_MATCH');
  });

  it('another name with one word in common stays apart', () => {
    expect(compareNames('فرناندو بيريز', 'Fernando Lopez', true).score).toBeLessThan(0.8);
    expect(compareNames('صدام حسين', 'Saddam Haftar', true).score).toBeLessThan(0.8);
  });

  it('reads بن as bin: a son and his father swapped around it stay below review', () => {
    expect(compareNames('محمد بن سلمان', 'Mohammed bin Salman', true).score).toBe(0.9);
    expect(compareNames('محمد بن سلمان', 'Salman bin Mohammed', true).score).toBeLessThanOrEqual(0.8);
    expect(compareNames('محمد بن سلمان', 'سلمان بن محمد', true).score).toBeLessThanOrEqual(0.8);
  });
});
