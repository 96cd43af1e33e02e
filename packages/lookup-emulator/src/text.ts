import { transliterate } from './transliterate.js';

/**
 * Text normalisation shared by every search of the emulator. The same function prepares the indexed
 * values and the queries, so the two sides can never disagree about what a "word" is.
 *
 * - case-insensitive, ё ≡ е (official data writes either);
 * - apostrophes and backticks are deleted, not split on: BGN/PCGN writes ь as ’ (Vasil’yev), and a
 *   query "Vasilyev" should see the same word;
 * - every other character that is not a letter or a digit separates words: «», quotes, commas,
 *   hyphens, dots, slashes. "Восток-Трейд" is the two words восток, трейд.
 */

const APOSTROPHES = /['`\u2018\u2019\u02bc\u02b9\u201d\u201c]/g;
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case with ё folded to е. */
export function fold(value: string): string {
  return value.toLowerCase().replace(/ё/g, 'е');
}

/** The words of a value, normalised, in order, repeats kept (for phrase containment). */
export function wordSequence(value: string): string[] {
  return fold(value).replace(APOSTROPHES, '').match(WORD) ?? [];
}

/** The distinct words of a value, normalised; in order of first appearance. */
export function words(value: string): string[] {
  const found = wordSequence(value);
  return found.length <= 1 ? found : [...new Set(found)];
}

/** Legal-form words: "ООО «Вектор»" and "Vector LLC" are named by their other words. */
const LEGAL_FORM_WORDS = new Set([
  'ооо',
  'ао',
  'пао',
  'зао',
  'оао',
  'ано',
  'ип',
  'общество',
  'с',
  'ограниченной',
  'ответственностью',
  'акционерное',
  'публичное',
  'закрытое',
  'открытое',
  'автономная',
  'некоммерческая',
  'организация',
  'фонд',
  'llc',
  'jsc',
  'pjsc',
  'cjsc',
  'ano',
  'foundation',
  'ltd',
  'limited',
  'liability',
  'company',
]);

/**
 * An order-free key of a name: its sorted words without legal-form words. "Ольга Смирнова" and
 * "Смирнова Ольга" share a key, as do "ООО «Вектор»" and "Общество с ограниченной ответственностью Вектор".
 */
export function nameKey(value: string): string {
  return words(value)
    .filter((word) => !LEGAL_FORM_WORDS.has(word))
    .sort()
    .join(' ');
}

/**
 * Screening services match names across scripts: a sanctions entry written `TSVETKOVA Iuliia` must be found
 * by `Цветкова`. The emulator does it with a coarse phonetic key shared by Cyrillic and every Latin
 * transliteration system (ICAO, GOST R 52535, GOST 7.79 B, BGN/PCGN, 1997 passports): Cyrillic is spelt out
 * in Latin, the systems' variant spellings of one letter are folded (щ shch/shh, ц ts/tc/cz/c, х kh/x,
 * ж zh, ч ch, ш sh), and vowels and y/j after the first letter are dropped, because the systems disagree
 * mostly on vowels (ю iu/yu, я ia/ya, ий iy/ii/y, е e/ye). The key is deliberately loose: it only decides
 * which records the search returns; whether one is the client is the matching engine's decision.
 */
const CYRILLIC = /[\u0400-\u04ff]/;
const LATIN = /[a-z]/;

export type Script = 'cyrillic' | 'latin' | 'other';

export function scriptOf(word: string): Script {
  if (CYRILLIC.test(word)) return 'cyrillic';
  if (LATIN.test(word)) return 'latin';
  return 'other';
}

/** The cross-script key of one normalised word (see above). */
export function phoneticKey(word: string): string {
  const folded = transliterate(word, 'icao')
    .toLowerCase()
    .replace(/ë/g, 'e')
    .replace(/shch|shh|sch/g, 'W')
    .replace(/zh/g, 'Z')
    .replace(/kh|x/g, 'H')
    .replace(/ch/g, 'C')
    .replace(/sh/g, 'S')
    .replace(/ts|tc|cz|c/g, 'T');
  // A leading vowel is kept only as "some vowel": ю is iu or yu, е is e or ye, и is i or y.
  const first = /[aeiouyj]/.test(folded.charAt(0)) ? 'V' : folded.charAt(0);
  return first + folded.slice(1).replace(/[aeiouyj]/g, '');
}
