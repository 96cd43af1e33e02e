/**
 * Name hygiene: the one cleaning every name goes through before it is searched for or scored, on the
 * client's side (ingest) and on the register's (normalisation of record names) alike, so that what a
 * person reads is what is compared.
 *
 *  1. Unicode NFKC (full-width and other compatibility forms become plain letters; decomposed letters are
 *     composed: и + U+0306 → й, е + U+0308 → ё). `№` is kept: NFKC would spell it `No`.
 *  2. Removed: control characters (Cc, NUL included), format characters (Cf: zero-width space and joiners,
 *     soft hyphen, bidi marks and embeddings, BOM, word joiner, tags), every other default-ignorable code
 *     point (combining grapheme joiner U+034F, variation selectors, Hangul fillers), lone surrogates and
 *     combining accents
 *     left over after composition (a stress mark over a Cyrillic vowel). All are invisible, or nearly, in
 *     a spreadsheet, and any one of them inside a surname defeats an exact comparison and a search.
 *  3. Look-alike letters (./confusables.ts) inside a word that mixes Latin and Cyrillic are folded to the
 *     word's script: the script with a letter that has no look-alike (`Щ`, `б`, `S`, `z`), else the one
 *     with more letters, else Cyrillic (the portfolio's script). A word in one script is left alone, and
 *     so is a word where both scripts have such letters (`ЭкоLife`: a brand, not a disguise).
 *  4. Whitespace of every kind (tabs, line breaks, NBSP, thin spaces) → one space; trimmed.
 *
 * `ё` stays `ё` (the matcher folds ё/е; the name keeps what the client wrote) and letter case stays.
 * Steps 2 and 3 are what a plain export never contains: they are counted, so that the row can say its
 * name was obfuscated. Pure: no I/O.
 */
import { CYRILLIC_TO_LATIN, LATIN_TO_CYRILLIC } from './confusables.js';

export interface NameHygiene {
  /** The cleaned name: what is searched for and scored. */
  readonly text: string;
  /** Invisible, control, format and leftover combining characters removed. */
  readonly removed: number;
  /** Look-alike letters folded to their word's script, and compatibility letters (full-width) folded. */
  readonly folded: number;
}

/** True when hygiene removed or folded anything a plain export would not contain. */
export function isObfuscated(result: NameHygiene): boolean {
  return result.removed > 0 || result.folded > 0;
}

const REMOVE = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\u0300-\u036f\u0483-\u0489]/u;
/**
 * Control characters that are tabs and line breaks: whitespace, not noise. The rarer ones (vertical tab,
 * form feed, NEL) never separate the words of an exported name, so they are removed like other controls.
 */
const CONTROL_SPACE = /[\t\n\r]/;
/** JavaScript's whitespace class holds U+FEFF, which is a format character to remove: checked after REMOVE. */
const WHITESPACE = /\s/u;
/** Full-width letters and digits, mathematical alphanumerics, enclosed letters: compatibility disguises. */
const COMPATIBILITY_LETTER = /[\uff01-\uff5e\u{1d400}-\u{1d7ff}\u24b6-\u24e9\u{1f130}-\u{1f189}]/u;

/**
 * The common case, one pass over code units: printable ASCII and basic Cyrillic only, single inner
 * spaces, and no word with letters of both scripts. Such a name is returned as it is.
 */
function isPlain(value: string): boolean {
  const last = value.length - 1;
  let previousSpace = true;
  let latin = false;
  let cyrillic = false;
  for (let i = 0; i <= last; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x0400 && c <= 0x045f) {
      if (latin) return false;
      cyrillic = true;
      previousSpace = false;
      continue;
    }
    const lower = c | 0x20;
    if (lower >= 0x61 && lower <= 0x7a) {
      if (cyrillic) return false;
      latin = true;
      previousSpace = false;
      continue;
    }
    latin = false;
    cyrillic = false;
    if (c === 0x20) {
      if (previousSpace || i === last) return false;
      previousSpace = true;
      continue;
    }
    if (c <= 0x20 || (c >= 0x7f && !TYPOGRAPHIC.has(c))) return false;
    previousSpace = false;
  }
  return true;
}

/**
 * Typographic characters of ordinary exports that hygiene leaves as they are (NFKC-stable or kept on
 * purpose): « » – — ‘ ’ “ ” „ №. A name holding them still takes the fast path.
 */
const TYPOGRAPHIC = new Set([0xab, 0xbb, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x201e, 0x2116]);

type LetterScript = 'latin' | 'cyrillic' | 'other';

function scriptOfLetter(ch: string): LetterScript {
  const c = ch.codePointAt(0) ?? 0;
  if (c >= 0x0400 && c <= 0x052f) return 'cyrillic';
  if (
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7)
  )
    return 'latin';
  return 'other';
}

const LETTER = /\p{L}/u;

/** Folds the look-alike letters of one word (an array of characters) in place; returns how many. */
function foldWord(chars: string[]): number {
  let latin = 0;
  let cyrillic = 0;
  let latinOwn = false;
  let cyrillicOwn = false;
  for (const ch of chars) {
    const script = scriptOfLetter(ch);
    if (script === 'latin') {
      latin++;
      if (!LATIN_TO_CYRILLIC.has(ch)) latinOwn = true;
    } else if (script === 'cyrillic') {
      cyrillic++;
      if (!CYRILLIC_TO_LATIN.has(ch)) cyrillicOwn = true;
    }
  }
  // Letters of both scripts that have no look-alike (`ЭкоLife`): a brand written in two scripts on
  // purpose, not a disguise; which letters were meant cannot be told, so the word is left as written.
  if (latin === 0 || cyrillic === 0 || (latinOwn && cyrillicOwn)) return 0;
  const toLatin = latinOwn || (!cyrillicOwn && latin > cyrillic);
  const table = toLatin ? CYRILLIC_TO_LATIN : LATIN_TO_CYRILLIC;
  let folded = 0;
  for (let i = 0; i < chars.length; i++) {
    const replacement = table.get(chars[i] ?? '');
    if (replacement !== undefined) {
      chars[i] = replacement;
      folded++;
    }
  }
  return folded;
}

function nfkcKeepingNumero(value: string): string {
  if (!value.includes('№')) return value.normalize('NFKC');
  return value
    .split('№')
    .map((part) => part.normalize('NFKC'))
    .join('№');
}

/** Cleans a name (see the file comment). Plain names come back unchanged, without a copy. */
export function nameHygiene(value: string): NameHygiene {
  if (isPlain(value)) return { text: value, removed: 0, folded: 0 };
  let folded = 0;
  let removed = 0;
  const text = nfkcKeepingNumero(value);
  // NFKC changes every compatibility letter, so an unchanged text has none to count.
  if (text !== value && COMPATIBILITY_LETTER.test(value)) {
    for (const ch of value) if (COMPATIBILITY_LETTER.test(ch)) folded++;
  }
  let out = '';
  let word = '';
  let latin = false;
  let cyrillic = false;
  let pendingSpace = false;
  const flushWord = (): void => {
    if (word === '') return;
    if (latin && cyrillic) {
      const chars = [...word];
      folded += foldWord(chars);
      out += chars.join('');
    } else out += word;
    word = '';
    latin = false;
    cyrillic = false;
  };
  const letter = (ch: string, script: LetterScript): void => {
    if (pendingSpace) {
      out += ' ';
      pendingSpace = false;
    }
    word += ch;
    if (script === 'latin') latin = true;
    else if (script === 'cyrillic') cyrillic = true;
  };
  const other = (ch: string): void => {
    flushWord();
    if (pendingSpace) {
      out += ' ';
      pendingSpace = false;
    }
    out += ch;
  };
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    // Printable ASCII and basic Cyrillic need none of the Unicode property lookups below.
    if (c >= 0x0400 && c <= 0x045f) {
      letter(ch, 'cyrillic');
      continue;
    }
    if (c > 0x20 && c < 0x7f) {
      const lower = c | 0x20;
      if (lower >= 0x61 && lower <= 0x7a) letter(ch, 'latin');
      else other(ch);
      continue;
    }
    const space = c === 0x20 || CONTROL_SPACE.test(ch);
    if (!space && REMOVE.test(ch)) {
      // Removed without splitting the word: `Кова\u0001лев` is one word, `Ковалев`.
      removed++;
      continue;
    }
    if (space || WHITESPACE.test(ch)) {
      flushWord();
      pendingSpace = out.length > 0;
      continue;
    }
    if (LETTER.test(ch)) letter(ch, scriptOfLetter(ch));
    else other(ch);
  }
  flushWord();
  return { text: out, removed, folded };
}
