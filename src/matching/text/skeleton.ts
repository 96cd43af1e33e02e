/**
 * The phonetic skeleton: one key that a Cyrillic word and its Latin spelling in any of the five
 * transliteration systems (ICAO 9303, GOST R 52535, GOST 7.79 B, BGN/PCGN, 1997 passports) reduce to.
 *
 * The key is written in a reduced Cyrillic alphabet, so that one Russian letter is one key character and an
 * edit distance on keys counts letters, not transliteration digraphs. Two steps:
 *  1. letters → key characters: Cyrillic folds ё/э → е, й/ы → и, ю → иу, я → иа, drops ь and ъ; Latin
 *     reads the digraphs of every system (shch/shh → щ, zh → ж, kh/x/h → х, ch → ч, sh → ш, cz/c → ц,
 *     i/y/j → и);
 *  2. shared folds on the key, the same for both scripts: тс/тц → ц (ts, tc), кс → х (x in GOST B and in
 *     English-style Alexander), runs of и → и (ий/ый/iy/ii/yi/y endings, ия/iia/iya), ие → е (BGN and 1997
 *     ye after vowels and soft signs), ио → е (yo for ё), ие dropped before е or и (ICAO ie for ъ).
 * Because step 2 runs on both sides, an ambiguity it introduces (тс and ц, кс and х) cannot make a
 * Cyrillic word differ from its own transliteration; it only merges rare pairs of real names.
 */

import { LOWER_LATIN_TO_CYRILLIC } from './confusables.js';
import { READINGS, type Reading } from './data/latin-spellings.js';

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'а',
  б: 'б',
  в: 'в',
  г: 'г',
  д: 'д',
  е: 'е',
  ё: 'е',
  ж: 'ж',
  з: 'з',
  и: 'и',
  й: 'и',
  к: 'к',
  л: 'л',
  м: 'м',
  н: 'н',
  о: 'о',
  п: 'п',
  р: 'р',
  с: 'с',
  т: 'т',
  у: 'у',
  ф: 'ф',
  х: 'х',
  ц: 'ц',
  ч: 'ч',
  ш: 'ш',
  щ: 'щ',
  ъ: '',
  ы: 'и',
  ь: '',
  э: 'е',
  ю: 'иу',
  я: 'иа',
  // Ukrainian and Belarusian letters met in sanctions lists' local names.
  і: 'и',
  ї: 'и',
  є: 'е',
  ґ: 'г',
  // Belarusian ў is written u in passports (Yauhen, Paulauna), and Uzbek ў (o') is a vowel too.
  ў: 'у',
  // Kazakh, Uzbek, Kyrgyz, Tatar and Bashkir letters met in Central Asian names and patronymic particles.
  қ: 'к',
  ғ: 'г',
  ұ: 'у',
  ү: 'у',
  ө: 'о',
  ә: 'а',
  һ: 'х',
  ҳ: 'х',
  ң: 'н',
  // Cyrillic Extended-B variants of о (monocular, binocular, double monocular, multiocular O) that the
  // Unicode 10 confusables data does not pair: hygiene leaves them as written and flags the name, and a
  // short word holding one (`Фёдꙩр`) must still be the name it imitates, not a word a letter short.
  ꙩ: 'о',
  ꙫ: 'о',
  ꙭ: 'о',
  ꙮ: 'о',
};

/**
 * Latin letters that look like Cyrillic ones (the confusables table, case folded): a Cyrillic word typed
 * with a stray Latin `о` or `с`, read as the Cyrillic letter's key. Name hygiene already folds them before
 * any comparison; this keeps a word passed straight to skeleton() safe too.
 */
const HOMOGLYPHS: Readonly<Record<string, string>> = Object.fromEntries(
  [...LOWER_LATIN_TO_CYRILLIC].map(([latin, cyrillic]) => [latin, CYRILLIC[cyrillic] ?? cyrillic]),
);

/** Single Latin letters (after the digraphs have been read). */
const LATIN: Readonly<Record<string, string>> = {
  a: 'а',
  b: 'б',
  c: 'ц',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'и',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'к',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'в',
  x: 'х',
  y: 'и',
  z: 'з',
  // Diacritics: BGN ë for ё, and accented letters of names written in other languages.
  ë: 'е',
  é: 'е',
  è: 'е',
  ê: 'е',
  ï: 'и',
  í: 'и',
  ì: 'и',
  á: 'а',
  à: 'а',
  ó: 'о',
  ò: 'о',
  ö: 'о',
  ú: 'у',
  ù: 'у',
  ü: 'у',
  // Turkish and Azerbaijani letters of Turkic patronymics (oğlu, qızı) and Belarusian ŭ.
  ğ: 'г',
  ı: 'и',
  ş: 'ш',
  ç: 'ч',
  ŭ: 'у',
};

function isCyrillicCode(c: number): boolean {
  return c >= 0x0400 && c <= 0x04ff;
}

/** Step 1 for one word: letters to key characters. Digits pass through; anything else is dropped. */
function letters(word: string): string {
  let cyrillic = false;
  for (let i = 0; i < word.length; i++) {
    if (isCyrillicCode(word.charCodeAt(i))) {
      cyrillic = true;
      break;
    }
  }
  let out = '';
  if (cyrillic) {
    for (const ch of word) {
      const mapped = CYRILLIC[ch] ?? HOMOGLYPHS[ch];
      if (mapped !== undefined) out += mapped;
      else if (ch >= '0' && ch <= '9') out += ch;
    }
    return out;
  }
  return readLatin(word, PRIMARY);
}

/** A reading's sequences, longest first, looked up by their first letter. */
interface CompiledReading {
  readonly byFirst: ReadonlyMap<string, readonly (readonly [string, string])[]>;
  readonly endings: readonly (readonly [string, string])[];
  readonly markers: readonly string[] | undefined;
}

function compile(reading: Reading): CompiledReading {
  const byFirst = new Map<string, (readonly [string, string])[]>();
  for (const [latin, key] of Object.entries(reading.sequences)) {
    const first = latin[0] ?? '';
    const list = byFirst.get(first) ?? [];
    list.push([latin, key]);
    byFirst.set(first, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b[0].length - a[0].length);
  return { byFirst, endings: Object.entries(reading.endings ?? {}), markers: reading.markers };
}

const COMPILED = READINGS.map(compile);
const PRIMARY = COMPILED[0] as CompiledReading;

/** Step 1 for a Latin word in one reading: the longest listed sequence at each position, else one letter. */
function readLatin(word: string, reading: CompiledReading): string {
  let out = '';
  let end = word.length;
  let ending = '';
  for (const [latin, key] of reading.endings) {
    if (word.length > latin.length + 1 && word.endsWith(latin)) {
      end = word.length - latin.length;
      ending = key;
      break;
    }
  }
  let i = 0;
  while (i < end) {
    const ch = word[i] ?? '';
    let matched = false;
    for (const [latin, key] of reading.byFirst.get(ch) ?? []) {
      if (latin.length > 1 && i + latin.length <= end && word.startsWith(latin, i)) {
        out += key;
        i += latin.length;
        matched = true;
        break;
      }
      if (latin.length === 1) {
        out += key;
        i += 1;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const mapped = LATIN[ch];
    if (mapped !== undefined) out += mapped;
    else if (ch >= '0' && ch <= '9') out += ch;
    i++;
  }
  return out + ending;
}

/** Step 2: the folds shared by both scripts (see the file comment). */
function fold(key: string): string {
  let out = '';
  for (let i = 0; i < key.length; i++) {
    const ch = key[i] ?? '';
    const next = key[i + 1];
    if (ch === 'т' && (next === 'с' || next === 'ц')) {
      out += 'ц';
      i++;
      continue;
    }
    if (ch === 'к' && next === 'с') {
      out += 'х';
      i++;
      continue;
    }
    if (ch === 'и') {
      while (key[i + 1] === 'и') i++;
      const after = key[i + 1];
      const then = key[i + 2];
      if (after === 'е' && (then === 'е' || then === 'и')) {
        // ICAO writes ъ as ie before a vowel (Объедков → Obieedkov): the ie stands for nothing else.
        i++;
        continue;
      }
      if (after === 'е' || after === 'о') {
        out += 'е';
        i++;
        continue;
      }
      out += 'и';
      continue;
    }
    out += ch;
  }
  return out;
}

/**
 * Words repeat across a portfolio and its search results (Александрович, Иванова): their skeletons are
 * remembered, within a bound so that a long run cannot grow the map without limit.
 */
const CACHE_LIMIT = 50_000;
const cache = new Map<string, string>();

/** The skeleton of one normalised word (see normalizeText): equal for a name and its transliterations. */
export function skeleton(word: string): string {
  const cached = cache.get(word);
  if (cached !== undefined) return cached;
  const key = fold(letters(word));
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, key);
  return key;
}

/** The key of a Latin word in each reading of data/latin-spellings.ts, markers aside: name → key. */
export function readingKeys(word: string): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  COMPILED.forEach((reading, i) => out.set(READINGS[i]?.name ?? '', fold(readLatin(word, reading))));
  return out;
}

function applies(word: string, reading: CompiledReading): boolean {
  return reading.markers === undefined || reading.markers.some((m) => word.includes(m));
}

function isLatinWord(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (isCyrillicCode(word.charCodeAt(i))) return false;
  return true;
}

const keysCache = new Map<string, readonly string[]>();

/**
 * Every skeleton a word can stand for: its skeleton first, then, for a Latin word, its key in each other
 * reading of data/latin-spellings.ts (`hryhoriev` is also `григорев`, `joukov` also `жуков`). A Cyrillic
 * word has one key.
 */
export function skeletonKeys(word: string): readonly string[] {
  const cached = keysCache.get(word);
  if (cached !== undefined) return cached;
  const primary = skeleton(word);
  let keys: readonly string[] = [primary];
  if (isLatinWord(word)) {
    const all = new Set([primary]);
    for (const reading of COMPILED) if (applies(word, reading)) all.add(fold(readLatin(word, reading)));
    all.delete('');
    keys = [...all];
  }
  if (keysCache.size >= CACHE_LIMIT) keysCache.clear();
  keysCache.set(word, keys);
  return keys;
}

/**
 * The letters a word begins with, as key letters before the shared folds (so `кс` stays `кс` and
 * `Ксения` begins with `к`): what an initial is compared with. One string per reading of a Latin word.
 */
export function letterKeys(word: string): readonly string[] {
  if (!isLatinWord(word)) return [letters(word)];
  const all = new Set<string>();
  for (const reading of COMPILED) if (applies(word, reading)) all.add(readLatin(word, reading));
  return [...all];
}
