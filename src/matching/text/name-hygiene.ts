/**
 * Name hygiene: the one cleaning every name goes through before it is searched for or scored, on the
 * client's side (ingest) and on the register's (normalisation of record names) alike, so that what a
 * person reads is what is compared.
 *
 *  1. Unicode NFKC (full-width and other compatibility forms become plain letters; decomposed letters are
 *     composed: и + U+0306 → й, е + U+0308 → ё). `№` is kept: NFKC would spell it `No`; so are the few
 *     look-alikes NFKC would turn into another letter (`ϲ` → `ς`), for step 3 to fold.
 *  2. Removed: control characters (Cc, NUL included), format characters (Cf: zero-width space and joiners,
 *     soft hyphen, bidi marks and embeddings, BOM, word joiner, tags), every other default-ignorable code
 *     point (combining grapheme joiner U+034F, variation selectors, Hangul fillers), lone surrogates and
 *     combining accents
 *     left over after composition (a stress mark over a Cyrillic vowel). All are invisible, or nearly, in
 *     a spreadsheet, and any one of them inside a surname defeats an exact comparison and a search.
 *  3. Look-alike characters (the Unicode confusables data, ./confusables.ts) in a word that mixes
 *     Latin and Cyrillic, or that holds letters of a third script (Greek, Armenian, small capitals,
 *     Cyrillic Extended, Cherokee…) or look-alike signs (`3айцев`, `×`), are folded to the word's script
 *     (./script-fold.ts): Latin letters with no Cyrillic look-alike by transliteration (`Коvалёв`). A word
 *     in one script is left alone, and so is a two-script brand (`ЭкоLife`), but not in a person's name:
 *     nobody writes a surname half in one script on purpose, so `Гусev` is folded to `Гусев` and counted.
 *  4. Whitespace of every kind (tabs, line breaks, NBSP, thin spaces) → one space; trimmed.
 *
 * `ё` stays `ё` (the matcher folds ё/е; the name keeps what the client wrote) and letter case stays.
 * Steps 2 and 3 are what a plain export never contains: they are counted, so that the row can say its
 * name was obfuscated (NFKC alone is not counted: full-width forms come from ordinary input methods).
 * Pure: no I/O.
 */
import { KEPT_FROM_NFKC } from './confusables.js';
import { classOf, foldWord, isLookAlikeSign, type Script } from './script-fold.js';

export interface NameHygiene {
  /** The cleaned name: what is searched for and scored. */
  readonly text: string;
  /** Invisible, control, format and leftover combining characters removed. */
  readonly removed: number;
  /** Look-alike characters folded to their word's script. */
  readonly folded: number;
  /** Third-script letters left in a Latin or Cyrillic word: nothing in the data to fold them to. */
  readonly foreign: number;
}

/** True when hygiene removed or folded anything a plain export would not contain. */
export function isObfuscated(result: NameHygiene): boolean {
  return result.removed > 0 || result.folded > 0 || result.foreign > 0;
}

const REMOVE = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\u0300-\u036f\u0483-\u0489]/u;
/**
 * Control characters that are tabs and line breaks: whitespace, not noise. The rarer ones (vertical tab,
 * form feed, NEL) never separate the words of an exported name, so they are removed like other controls.
 */
const CONTROL_SPACE = /[\t\n\r]/;
/** JavaScript's whitespace class holds U+FEFF, which is a format character to remove: checked after REMOVE. */
const WHITESPACE = /\s/u;

/**
 * The common case, one pass over code units: printable ASCII and basic Cyrillic only, single inner
 * spaces, no word with letters of both scripts and no digit touching a letter. Such a name is returned
 * as it is.
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
    // A digit touching a letter may be a look-alike (`3айцев`, `Ив0нов`).
    if (c >= 0x30 && c <= 0x39) {
      if (latin || cyrillic) return false;
      const next = value.charCodeAt(i + 1);
      if (((next | 0x20) >= 0x61 && (next | 0x20) <= 0x7a) || (next >= 0x0400 && next <= 0x045f))
        return false;
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

const LETTER_OR_MARK = /[\p{L}\p{M}]/u;

function isBasicLetter(c: number): boolean {
  return (c >= 0x0400 && c <= 0x045f) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
}

/** Whether a word is letters of one script's basic alphabet only: nothing to fold, the common case. */
function isBasicOneScript(word: readonly string[]): boolean {
  let latin = false;
  let cyrillic = false;
  for (const ch of word) {
    const c = ch.charCodeAt(0);
    if (c >= 0x0400 && c <= 0x045f) cyrillic = true;
    else if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) latin = true;
    else return false;
  }
  return !(latin && cyrillic);
}

/** Whether chars[i] belongs to a word: a letter or mark, or a look-alike sign that a letter follows. */
function inWord(chars: readonly string[], i: number): boolean {
  const ch = chars[i] ?? '';
  const c = ch.charCodeAt(0);
  // Basic Latin and Cyrillic letters, spaces and ASCII punctuation need no Unicode property lookup.
  if (isBasicLetter(c)) return true;
  if (c < 0x80 && (c < 0x30 || c > 0x39)) return false;
  if (LETTER_OR_MARK.test(ch)) return true;
  if (!isLookAlikeSign(ch)) return false;
  for (let j = i + 1; j < chars.length; j++) {
    const next = chars[j] ?? '';
    if (LETTER_OR_MARK.test(next)) return true;
    if (!isLookAlikeSign(next)) return false;
  }
  return false;
}

/** Steps 2 and 4: what is removed, and whitespace as single inner spaces. */
function cleanChars(text: string): { chars: string[]; removed: number } {
  const chars: string[] = [];
  let removed = 0;
  let pendingSpace = false;
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (isBasicLetter(c) || (c > 0x20 && c < 0x7f)) {
      if (pendingSpace) chars.push(' ');
      pendingSpace = false;
      chars.push(ch);
      continue;
    }
    const space = c === 0x20 || CONTROL_SPACE.test(ch);
    if (!space && c >= 0x7f && REMOVE.test(ch)) {
      // Removed without splitting the word: `Кова\u0001лев` is one word, `Ковалев`.
      removed++;
      continue;
    }
    if (!space && c < 0x20) {
      removed++;
      continue;
    }
    if (space || WHITESPACE.test(ch)) {
      pendingSpace = chars.length > 0;
      continue;
    }
    if (pendingSpace) chars.push(' ');
    pendingSpace = false;
    chars.push(ch);
  }
  return { chars, removed };
}

/** The script most of the name's letters are in; undefined for a name with letters of neither. */
function scriptOfName(chars: readonly string[]): Script | undefined {
  let latin = 0;
  let cyrillic = 0;
  for (const ch of chars) {
    const c = ch.charCodeAt(0);
    const cls =
      c >= 0x0400 && c <= 0x045f ? 'cyrillic' : c < 0x80 && !isBasicLetter(c) ? 'neutral' : classOf(ch);
    if (cls === 'latin') latin++;
    else if (cls === 'cyrillic') cyrillic++;
  }
  if (latin === 0 && cyrillic === 0) return undefined;
  return latin > cyrillic ? 'latin' : 'cyrillic';
}

const KEEP = new RegExp(`[№${[...KEPT_FROM_NFKC].join('').replace(/[\\\]^-]/g, '\\$&')}]`, 'u');

/** NFKC, except for `№` (NFKC spells it `No`) and the look-alikes NFKC would turn into another letter. */
function nfkc(value: string): string {
  if (!KEEP.test(value)) return value.normalize('NFKC');
  let out = '';
  let run = '';
  for (const ch of value) {
    if (ch !== '№' && !KEPT_FROM_NFKC.has(ch)) {
      run += ch;
      continue;
    }
    out += run.normalize('NFKC') + ch;
    run = '';
  }
  return out + run.normalize('NFKC');
}

export interface HygieneOptions {
  /** The name is a person's (or an entrepreneur's): no word of it is a two-script brand. */
  readonly person?: boolean;
}

/** Cleans a name (see the file comment). Plain names come back unchanged, without a copy. */
export function nameHygiene(value: string, options: HygieneOptions = {}): NameHygiene {
  if (isPlain(value)) return { text: value, removed: 0, folded: 0, foreign: 0 };
  const { chars, removed } = cleanChars(nfkc(value));
  const nameScript = scriptOfName(chars);
  let folded = 0;
  let foreign = 0;
  let out = '';
  let i = 0;
  while (i < chars.length) {
    if (!inWord(chars, i)) {
      out += chars[i] ?? '';
      i++;
      continue;
    }
    let end = i + 1;
    while (end < chars.length && inWord(chars, end)) end++;
    const word = chars.slice(i, end);
    if (!isBasicOneScript(word)) {
      const result = foldWord(word, nameScript, options.person === true);
      folded += result.folded;
      foreign += result.foreign;
    }
    out += word.join('');
    i = end;
  }
  return { text: out, removed, folded, foreign };
}
