import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  comparePersonNames,
  parsePersonName,
  scoreSanctions,
  skeleton,
  transliterate,
  TRANSLITERATION_SYSTEMS,
} from '../../../src/matching/index.js';
import {
  FEMALE_NAMES,
  MALE_NAMES,
  SURNAMES,
} from '../../../packages/lookup-emulator/scripts/samples/matching/name-data.js';
import {
  SYSTEM_IDS,
  transliterateWord,
} from '../../../packages/lookup-emulator/scripts/samples/matching/translit-systems.js';
import { person, sanctions } from './fixtures.js';

/**
 * Properties over generated names. The Latin spellings come from the evaluation set's independent
 * transliterators (packages/lookup-emulator/scripts/samples/matching/translit-systems.ts) as well as the engine's own.
 */

const CONSONANTS = [...'бвгджзклмнпрстфхцчшщ'];
const VOWELS = [...'аеёиоуыэюя'];
/** Russian-looking words: consonant-vowel syllables, with й/ь/ъ where Russian puts them. */
const word = fc
  .array(
    fc.tuple(
      fc.constantFrom(...CONSONANTS),
      fc.constantFrom(...VOWELS),
      fc.constantFrom('', '', '', 'й', 'ь'),
    ),
    { minLength: 2, maxLength: 4 },
  )
  .map((syllables) => syllables.map(([c, v, tail]) => c + v + tail).join(''));

const male = fc.record({
  surname: fc.constantFrom(...SURNAMES.map((s) => s[0])),
  given: fc.constantFrom(...MALE_NAMES.map((m) => m[0])),
  patronymic: fc.constantFrom(...MALE_NAMES.map((m) => m[1])),
});
const female = fc.record({
  surname: fc.constantFrom(...SURNAMES.map((s) => s[1])),
  given: fc.constantFrom(...FEMALE_NAMES),
  patronymic: fc.constantFrom(...MALE_NAMES.map((m) => m[2])),
});
const fullName = fc.oneof(male, female);

describe('properties', () => {
  it('any Russian-looking word transliterated by any system keeps its skeleton (engine tables)', () => {
    fc.assert(
      fc.property(word, fc.constantFrom(...TRANSLITERATION_SYSTEMS), (w, system) => {
        for (const latin of transliterate(w, system)) {
          expect(skeleton(latin.replace(/[`’”]/gu, ''))).toBe(skeleton(w));
        }
      }),
    );
  });

  it('a name transliterated by any system matches its Cyrillic original (independent tables)', () => {
    fc.assert(
      fc.property(fullName, fc.constantFrom(...SYSTEM_IDS), (n, system) => {
        const cyrillic = `${n.surname} ${n.given} ${n.patronymic}`;
        const latin = [n.surname, n.given, n.patronymic]
          .map((w) => transliterateWord(system, w, 'title'))
          .join(' ');
        const scored = scoreSanctions(
          person(cyrillic, { birthDate: '1980-02-03' }),
          sanctions({ name: latin, birth_date: '1980-02-03' }),
        );
        expect(scored.decision).toBe('MATCH');
      }),
    );
  });

  it('name comparison is symmetric', () => {
    fc.assert(
      fc.property(fullName, fullName, (a, b) => {
        const x = parsePersonName(`${a.surname} ${a.given} ${a.patronymic}`);
        const y = parsePersonName(`${b.given} ${b.patronymic} ${b.surname}`);
        expect(comparePersonNames(x, y).score).toBeCloseTo(comparePersonNames(y, x).score, 9);
      }),
    );
  });

  it('scoring does not depend on the order of the words', () => {
    fc.assert(
      fc.property(fullName, fullName, (a, b) => {
        const record = parsePersonName(`${b.surname} ${b.given} ${b.patronymic}`);
        const sgp = comparePersonNames(parsePersonName(`${a.surname} ${a.given} ${a.patronymic}`), record);
        const gps = comparePersonNames(parsePersonName(`${a.given} ${a.patronymic} ${a.surname}`), record);
        expect(sgp.score).toBeCloseTo(gps.score, 9);
      }),
    );
  });

  it('a full name against a different birth date is never above NO_MATCH', () => {
    fc.assert(
      fc.property(fullName, fc.integer({ min: 1, max: 40 }), (n, years) => {
        const name = `${n.surname} ${n.given} ${n.patronymic}`;
        const scored = scoreSanctions(
          person(name, { birthDate: '1960-05-06' }),
          sanctions({ name, birth_date: `${1960 + years}-05-06` }),
        );
        expect(scored.decision).toBe('NO_MATCH');
      }),
    );
  });
});
