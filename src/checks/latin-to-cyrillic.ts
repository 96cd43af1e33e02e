import { CYRILLIC_VOWELS } from '../domain/transliteration-table.js';
import { transliterate, type TransliterationSystem } from '../matching/transliterate.js';

/**
 * Reads a Latin-script name back into Cyrillic, so that a client written `Tsvetkova` is also searched as
 * `Цветкова` on a register that writes Cyrillic only. Transliteration loses information (е and э are both
 * `e`, ь is dropped), so this is a best guess that is kept only when it transliterates back to the word it
 * was read from; a word it cannot read (`Smith`: no Russian letter is written `h` alone) gives no form.
 *
 * The reading is derived from the forward systems (matching/transliterate.ts, over the shared letter table
 * domain/transliteration-table.ts): every spelling of every letter, longest first, ties going to the more
 * frequent letter.
 */

const SYSTEMS: readonly TransliterationSystem[] = ['ICAO', 'BGN_PCGN', 'PASSPORT_1997', 'GOST_R_52535'];

/** Letters in order of preference when two write the same Latin (е before э, и before й, ё last of е). */
const LETTERS = 'абвгдежзиклмнопрстуфхцчшщыюяйёэ';

/** Latin chunk → the Cyrillic letter it reads as. */
const CHUNKS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const letter of LETTERS) {
    for (const system of SYSTEMS) {
      // At the start of a word and after a consonant (е and ё are spelled by their context in some).
      for (const spelled of [...transliterate(letter, system), ...transliterate('б' + letter, system)]) {
        const chunk = spelled.startsWith('b') && letter !== 'б' ? spelled.slice(1) : spelled;
        if (chunk.length === 0 || !/^[a-z]+$/.test(chunk)) continue;
        if (!map.has(chunk)) map.set(chunk, letter);
      }
    }
  }
  return map;
})();
const LONGEST = Math.max(...[...CHUNKS.keys()].map((k) => k.length));

/** Readings of one word kept at most: each ambiguous soft sign doubles them. */
const MAX_READINGS = 4;

/**
 * The Cyrillic readings of one lower-case Latin word, the most usual first. A y-vowel after a consonant
 * (`yo`, `ya`, `yu`, `ye`) is read both with and without the soft sign before it (`Vorobyov` is
 * Воробьёв, `Kovalyov` Ковалёв, `Grigoryev` Григорьев), as the Latin does not say which.
 */
function readWord(latin: string): string[] {
  let readings = [''];
  let i = 0;
  while (i < latin.length) {
    let letter: string | undefined;
    let length = 0;
    for (let n = Math.min(LONGEST, latin.length - i); n > 0; n--) {
      const found = CHUNKS.get(latin.slice(i, i + n));
      if (found !== undefined) {
        letter = found;
        length = n;
        break;
      }
    }
    if (letter === undefined) return [];
    const previous = readings[0]?.at(-1);
    const afterConsonant = previous !== undefined && !CYRILLIC_VOWELS.has(previous);
    const atEnd = i + length === latin.length;
    const chunk = latin.slice(i, i + length);
    let options = [letter];
    if (chunk === 'y')
      options = [afterConsonant ? (atEnd ? 'ий' : 'ы') : 'й']; // Dmitry, Krylov; Nikolay
    else if (chunk === 'i' && !afterConsonant && previous !== undefined && atEnd)
      options = ['й']; // Sergei
    else if (afterConsonant && SOFT_AFTER_CONSONANT.has(chunk)) {
      const vowel = SOFT_AFTER_CONSONANT.get(chunk) ?? letter;
      options = chunk === 'ye' ? ['ь' + vowel, vowel] : [vowel, 'ь' + vowel];
    }
    readings = readings.flatMap((r) => options.map((o) => r + o)).slice(0, MAX_READINGS);
    i += length;
  }
  return readings;
}

/** y-vowels whose soft sign before them the Latin leaves out. */
const SOFT_AFTER_CONSONANT: ReadonlyMap<string, string> = new Map([
  ['ye', 'е'],
  ['yo', 'ё'],
  ['ya', 'я'],
  ['yu', 'ю'],
]);

/** Whether `cyrillic` is written `latin` in one of the systems (or with the English-style -y ending). */
function spellsBack(cyrillic: string, latin: string): boolean {
  if (/ий$/.test(cyrillic) && latin.endsWith('y') && !latin.endsWith('iy'))
    return SYSTEMS.some((s) => transliterate(cyrillic.slice(0, -2), s).some((v) => clean(v) + 'y' === latin));
  return SYSTEMS.some((s) => transliterate(cyrillic, s).some((v) => clean(v) === latin));
}

function clean(latin: string): string {
  return latin.replace(/[`’”]/g, '');
}

/**
 * The Cyrillic readings of a Latin-script name (lower case, words and hyphen parts read one by one), each
 * of which spells back to the Latin in one of the systems; the most usual first, at most four. Reading k
 * takes the k-th reading of every word that has one (the last it has otherwise), so that a surname and
 * the full name it stands in are read alike. Empty when a word cannot be read. Words without Latin letters
 * pass through.
 */
export function latinReadings(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return [];
  const perWord: string[][] = [];
  for (const word of words) {
    const parts: string[][] = [];
    for (const part of word.split('-')) {
      if (!/[a-z]/.test(part)) {
        parts.push([part]);
        continue;
      }
      if (!/^[a-z]+$/.test(part)) return [];
      const read = readWord(part).filter((r) => spellsBack(r, part));
      if (read.length === 0) return [];
      parts.push(read);
    }
    const count = Math.max(...parts.map((p) => p.length));
    perWord.push(
      Array.from({ length: count }, (_, k) => parts.map((p) => p[Math.min(k, p.length - 1)]).join('-')),
    );
  }
  const count = Math.max(...perWord.map((w) => w.length));
  return Array.from({ length: count }, (_, k) => perWord.map((w) => w[Math.min(k, w.length - 1)]).join(' '));
}

/** The most usual Cyrillic reading of a Latin-script name, or undefined (see latinReadings). */
export function latinToCyrillic(text: string): string | undefined {
  return latinReadings(text)[0];
}
