import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GIVEN_NAME_GROUPS } from '../../../../src/matching/compare/data/given-name-groups.js';
import { LETTERS } from '../../../../src/matching/text/data/latin-spellings.js';
import { TURKIC_PATRONYMIC_PARTICLES } from '../../../../src/matching/compare/data/turkic-patronymics.js';
import { particleGender, sameGivenName } from '../../../../src/matching/compare/name-variants.js';
import { splitWords } from '../../../../src/matching/text/normalize.js';
import { readingKeys, skeleton, skeletonKeys } from '../../../../src/matching/text/skeleton.js';
import { transliterate, TRANSLITERATION_SYSTEMS } from '../../../../src/matching/text/transliterate.js';

/** A word as a person's name is normalised before comparison (marks dropped, lower case). */
const word = (text: string): string => splitWords(text)[0]?.text ?? '';

/** The Ukrainian national transliteration (KMU 55 of 2010), written here apart from the matcher. */
const KMU_55: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  '’': '',
};
const KMU_55_INITIAL: Readonly<Record<string, string>> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

/** Belarusian romanization as passports write it (Aliaksandr, Siarhei, Yauhen): BGN/PCGN 1979 with е as e. */
const BELARUSIAN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  д: 'd',
  е: 'e',
  ё: 'io',
  ж: 'zh',
  з: 'z',
  і: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  '’': '',
};
const BELARUSIAN_INITIAL: Readonly<Record<string, string>> = { е: 'ye', ё: 'yo', ю: 'yu', я: 'ya' };

function romanize(
  text: string,
  table: Readonly<Record<string, string>>,
  initial: Readonly<Record<string, string>>,
): string {
  const letters = [...text.toLowerCase()];
  return letters
    .map((ch, i) => {
      if (ch === 'г' && letters[i - 1] === 'з' && table === KMU_55) return 'gh';
      return (i === 0 ? initial[ch] : undefined) ?? table[ch] ?? ch;
    })
    .join('');
}

describe('every Latin spelling of the letter table reads back as its letter', () => {
  const cases = Object.entries(LETTERS).flatMap(([letter, spellings]) =>
    spellings.map(([latin, source]) => [letter, latin, source] as const),
  );
  it.each(cases)('%s as "%s" (%s)', (letter, latin) => {
    // ъ and ь stand before a vowel; every other letter is put between a vowel and a consonant.
    const sign = letter === 'ъ' || letter === 'ь';
    const cyrillic = sign ? `ба${letter}ед` : `ба${letter}д`;
    const written = word(sign ? `Ba${latin}ed` : `Ba${latin}d`);
    expect([...readingKeys(written).values()]).toContain(skeleton(word(cyrillic)));
  });
});

describe('given-name groups', () => {
  const groups = GIVEN_NAME_GROUPS.map((g) => [
    ...g.ru,
    ...(g.uk ?? []),
    ...(g.be ?? []),
    ...(g.latin ?? []),
  ]);
  const romanized = GIVEN_NAME_GROUPS.map((g) => [
    ...(g.uk ?? []).map((f) => romanize(f, KMU_55, KMU_55_INITIAL)),
    ...(g.be ?? []).map((f) => romanize(f, BELARUSIAN, BELARUSIAN_INITIAL)),
  ]);

  it('every form of a group is the same name as every other, in Cyrillic and in Latin', () => {
    for (const [i, forms] of groups.entries()) {
      const written = [...forms, ...(romanized[i] ?? [])];
      for (const a of written)
        for (const b of written)
          expect(sameGivenName(skeletonKeys(word(a)), skeletonKeys(word(b))), `${a} ~ ${b}`).toBe(true);
    }
  });

  it('Russian forms in every passport system are the same name as their Ukrainian and Belarusian forms', () => {
    for (const forms of groups) {
      const [russian] = forms;
      for (const system of TRANSLITERATION_SYSTEMS) {
        for (const latin of transliterate(word(russian ?? ''), system)) {
          for (const other of forms)
            expect(
              sameGivenName(skeletonKeys(word(latin)), skeletonKeys(word(other))),
              `${latin} ~ ${other}`,
            ).toBe(true);
        }
      }
    }
  });

  it('no two groups share a form: two different names never meet through the data', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: groups.length - 1 }),
        fc.integer({ min: 0, max: groups.length - 1 }),
        (i, j) => {
          fc.pre(i !== j);
          for (const a of groups[i] ?? []) {
            for (const b of groups[j] ?? []) {
              expect(sameGivenName(skeletonKeys(word(a)), skeletonKeys(word(b))), `${a} ≠ ${b}`).toBe(false);
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('Turkic particles', () => {
  it.each([
    ...TURKIC_PATRONYMIC_PARTICLES.male.map((p) => [p, 'male'] as const),
    ...TURKIC_PATRONYMIC_PARTICLES.female.map((p) => [p, 'female'] as const),
  ])('%s is a %s particle', (particle, gender) => {
    expect(particleGender(skeleton(word(particle)))).toBe(gender);
  });
});
