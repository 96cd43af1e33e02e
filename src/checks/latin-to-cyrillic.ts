import { CYRILLIC_VOWELS } from '../domain/transliteration-table.js';
import { transliterate, type TransliterationSystem } from '../matching/text/transliterate.js';

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

/** Readings of one word kept at most, the likeliest (fewest guesses) first: each ambiguous letter doubles them. */
const MAX_READINGS = 4;

/**
 * The j spellings of German-, Polish- and Czech-style Latin and of older lists (`Julija`, `Jegorov`,
 * `Majorov`, `Dmitrij`), which none of the systems above writes: ju, ja, jo, je and j alone.
 */
const J_CHUNKS: ReadonlyMap<string, string> = new Map([
  ['ju', 'ю'],
  ['ja', 'я'],
  ['jo', 'ё'],
  ['je', 'е'],
  ['j', 'й'],
]);

/** Consonants a soft sign may follow in a name (`Григорьев`, `Юрьевич`, `Лукьянов`, `Афанасьев`). */
const SOFTENED = /[бвгдзклмнпрстфх]$/;

/** One way to read a chunk, and whether it is a guess the Latin does not show (ranked after the rest). */
type Option = readonly [letters: string, guess: number];

/** The longest chunk at `i` the reading knows, with its letter. */
function chunkAt(latin: string, i: number): { chunk: string; letter: string } | undefined {
  if (latin[i] === "'") return { chunk: "'", letter: '' };
  for (let n = Math.min(LONGEST, latin.length - i); n > 0; n--) {
    const chunk = latin.slice(i, i + n);
    const letter = CHUNKS.get(chunk) ?? J_CHUNKS.get(chunk);
    if (letter !== undefined) return { chunk, letter };
  }
  return undefined;
}

/**
 * How a chunk reads after what is read so far. A y-vowel or j-vowel after a consonant (`yo`, `ya`, `yu`,
 * `ye`, `je`) is read both with and without the soft sign before it (`Vorobyov` is Воробьёв, `Kovalyov`
 * Ковалёв, `Grigoryev` Григорьев), as the Latin does not say which. ICAO and GOST R 52535 drop the soft sign
 * altogether (`Grigoreva`, `Vasileva`, `Lukianov`), so `e` before `v` and `ia`, `iu` after a consonant that
 * takes one are also read with it, as a guess. An apostrophe is the soft sign (`Vasil'eva`).
 */
function optionsFor(
  chunk: string,
  letter: string,
  previous: string | undefined,
  next: string,
  atEnd: boolean,
): Option[] {
  const afterConsonant = previous !== undefined && !CYRILLIC_VOWELS.has(previous) && previous !== 'ь';
  if (chunk === 'y') return [[afterConsonant ? (atEnd ? 'ий' : 'ы') : 'й', 0]]; // Dmitry, Krylov; Nikolay
  if (chunk === 'i' && !afterConsonant && previous !== undefined && atEnd) return [['й', 0]]; // Sergei
  if (chunk === "'") {
    // After the consonant of a prefix (об-, под-, раз-, с-) it may be a separating ъ before a vowel
    // (`Ob'edkov`); after a vowel it marks nothing.
    if (!afterConsonant) return [['', 0]];
    return /^[eyj]/.test(next) && /[бдзс]/.test(previous)
      ? [
          ['ь', 0],
          ['ъ', 1],
        ]
      : [['ь', 0]];
  }
  const soft = SOFT_AFTER_CONSONANT.get(chunk);
  if (afterConsonant && soft !== undefined) {
    const options: Option[] = [
      [soft, 0],
      ['ь' + soft, 0],
    ];
    return chunk === 'ye' || chunk === 'je' ? options.reverse() : options;
  }
  const softens = afterConsonant && SOFTENED.test(previous);
  if (softens && ((chunk === 'e' && next === 'v') || chunk === 'ia' || chunk === 'iu'))
    return [
      [letter, 0],
      ['ь' + letter, 1],
    ];
  if (chunk === 'je' && previous === undefined)
    return [
      ['е', 0],
      ['э', 1],
    ]; // Jegorov; Jeltsin
  if (chunk === 'jo' && previous !== undefined)
    return [
      ['йо', 0],
      ['ё', 1],
    ]; // Majorov
  return [[letter, 0]];
}

/** The Cyrillic readings of one lower-case Latin word, the most usual first. */
function readWord(latin: string): string[] {
  let readings: { text: string; guesses: number }[] = [{ text: '', guesses: 0 }];
  let i = 0;
  while (i < latin.length) {
    const found = chunkAt(latin, i);
    if (found === undefined) return [];
    const { chunk, letter } = found;
    const atEnd = i + chunk.length === latin.length;
    const options = optionsFor(chunk, letter, readings[0]?.text.at(-1), latin[i + chunk.length] ?? '', atEnd);
    readings = readings
      .flatMap((r) => options.map(([o, g]) => ({ text: r.text + o, guesses: r.guesses + g })))
      .sort((a, b) => a.guesses - b.guesses)
      .slice(0, MAX_READINGS);
    i += chunk.length;
  }
  return readings.map((r) => r.text);
}

/** y-vowels and j-vowels whose soft sign before them the Latin leaves out. */
const SOFT_AFTER_CONSONANT: ReadonlyMap<string, string> = new Map([
  ['ye', 'е'],
  ['yo', 'ё'],
  ['ya', 'я'],
  ['yu', 'ю'],
  ['je', 'е'],
  ['jo', 'ё'],
  ['ja', 'я'],
  ['ju', 'ю'],
]);

/**
 * The j spellings in the ICAO letters they stand for, so that a j-reading is checked like the others: j is
 * й (ICAO `i`) before any letter, and je, jo also е, ё (ICAO `e`).
 */
function withoutJ(latin: string): string[] {
  return [latin.replace(/j/g, 'i'), latin.replace(/j[eo]/g, 'e').replace(/j/g, 'i')];
}

/**
 * Whether `cyrillic` is written `latin` in one of the systems (or with the English-style -y ending, or
 * with j for й and the i of iu, ia; an apostrophe for the soft sign, which the systems drop or write ’).
 */
function spellsBack(cyrillic: string, written: string): boolean {
  const latin = written.replace(/'/g, '');
  if (/ий$/.test(cyrillic) && latin.endsWith('y') && !latin.endsWith('iy'))
    return SYSTEMS.some((s) => transliterate(cyrillic.slice(0, -2), s).some((v) => clean(v) + 'y' === latin));
  if (SYSTEMS.some((s) => transliterate(cyrillic, s).some((v) => clean(v) === latin))) return true;
  return /j/.test(latin) && transliterate(cyrillic, 'ICAO').some((v) => withoutJ(latin).includes(clean(v)));
}

function clean(latin: string): string {
  return latin.replace(/[`’”]/g, '');
}

/**
 * The Cyrillic readings of a Latin-script name (lower case, words and hyphen parts read one by one), each
 * of which spells back to the Latin in one of the systems; the most usual first (fewest guessed soft signs),
 * at most four. Reading k
 * takes the k-th reading of every word that has one (the last it has otherwise), so that a surname and
 * the full name it stands in are read alike. Empty when a word cannot be read. Words without Latin letters
 * pass through.
 */
export function latinReadings(text: string): string[] {
  // An apostrophe in a word is the soft sign (`Vasil'eva`); at the edge of a word it is a quote.
  const words = text
    .toLowerCase()
    .replace(/[’'`ʼ]/g, "'")
    .split(/\s+/)
    .map((w) => w.replace(/(^|-)'+|'+(?=-|$)/g, '$1'))
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
      if (!/^[a-z][a-z']*$/.test(part)) return [];
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
