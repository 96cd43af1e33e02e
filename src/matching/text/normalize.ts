/**
 * Text normalisation shared by person and organization names: name hygiene (./name-hygiene.ts: NFKC,
 * invisible and control characters removed, look-alike letters folded), case fold, ё → е, quotes and
 * punctuation removed. Written as one pass over code units (no regular expressions) because it
 * runs on every record of every search.
 */
import { nameHygiene } from './name-hygiene.js';

/** Quote and punctuation characters that separate words. */
const SEPARATORS = new Set([
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00a0',
  ',',
  ';',
  ':',
  '!',
  '?',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '/',
  '\\',
  '|',
  '"',
  '«',
  '»',
  '„',
  '“',
  '‹',
  '›',
  '№',
  '#',
  '*',
  '+',
  '=',
  '<',
  '>',
  '_',
  '~',
  '&',
]);

/**
 * Marks that transliteration systems put inside words for ь and ъ (BGN ’ and ”, GOST 7.79 ` and ``) or
 * that apostrophe-written names carry (O'Brien): dropped without splitting the word, so `Grigor'yev`
 * stays one word.
 */
const IN_WORD_MARKS = new Set(["'", '`', '´', '’', '‘', 'ʹ', 'ʺ', '″', '′', '”', 'ʼ']);

/** Hyphens and dashes: kept as `-` so that callers decide whether a hyphenated name is one word. */
const HYPHENS = new Set(['-', '‐', '‑', '‒', '–', '—', '−']);

/**
 * NFKC, lower case, ё → е, quotes and punctuation → space, in-word marks dropped, dots kept (they mark
 * initials: `И.И.`), hyphens unified; whitespace collapsed and trimmed. `keepYo` keeps ё for the one
 * use that needs it: naming the transliteration system (GOST 7.79 writes ё as yo, е as e).
 */
export function normalizeText(value: string, keepYo = false): string {
  const text = nameHygiene(value).text.toLowerCase();
  let out = '';
  let pendingSpace = false;
  for (const ch of text) {
    if (SEPARATORS.has(ch)) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (IN_WORD_MARKS.has(ch)) continue;
    const unified = ch === 'ё' && !keepYo ? 'е' : HYPHENS.has(ch) ? '-' : ch;
    if (pendingSpace) {
      out += ' ';
      pendingSpace = false;
    }
    out += unified;
  }
  return out;
}

/** One word of a name with the dot information initials need. */
export interface RawWord {
  /** Lower case, ё → е, letters and digits, hyphens kept inside (`петров-водкин`), no dots. */
  readonly text: string;
  /** The same with ё kept. */
  readonly written: string;
  /** Written with a dot (`И.`), the usual mark of an initial. */
  readonly dotted: boolean;
  /** Index of the comma-separated group the word came from: `SURNAME, Given` puts the surname in group 0. */
  readonly group: number;
  /** Written in capitals (`SHCHERBAKOV`): lists mark the surname that way. */
  readonly upper: boolean;
}

/** What splitWords does with a character that is not a letter or digit: one lookup per character. */
const CHAR_KIND = new Map<string, 'comma' | 'dot' | 'separator' | 'mark' | 'hyphen'>([
  ...[...SEPARATORS].map((ch) => [ch, 'separator'] as const),
  ...[...IN_WORD_MARKS].map((ch) => [ch, 'mark'] as const),
  ...[...HYPHENS].map((ch) => [ch, 'hyphen'] as const),
  [',', 'comma'],
  ['.', 'dot'],
]);

/** Case of a letter: 1 upper, -1 lower, 0 caseless; fast for Latin and Cyrillic. */
function caseOf(ch: string): number {
  const c = ch.charCodeAt(0);
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x0410 && c <= 0x042f) || c === 0x0401) return 1;
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x0430 && c <= 0x044f) || c === 0x0451) return -1;
  const lower = ch.toLowerCase();
  if (lower !== ch) return 1;
  return ch.toUpperCase() !== ch ? -1 : 0;
}

/**
 * Splits a name into words in one pass (name hygiene, case fold, quotes and punctuation as separators, in-word
 * marks dropped). Dots split as well (`И.И.` → two dotted words), commas start a new group (the
 * `SURNAME, Given Patronymic` form), hyphens stay inside the word unless `splitHyphens`. `person`: a
 * person's name, whose words are never two-script brands (./name-hygiene.ts).
 */
export function splitWords(value: string, splitHyphens = false, person = false): RawWord[] {
  // Plain names (ASCII and basic Cyrillic, no mixed-script word) come back from hygiene as they are.
  const text = nameHygiene(value, { person }).text;
  const words: RawWord[] = [];
  let group = 0;
  let current = '';
  let upperCount = 0;
  let lowerCount = 0;
  const flush = (dotted: boolean): void => {
    const written = trimHyphens(current);
    if (written.length > 0) {
      words.push({
        text: written.includes('ё') ? written.replaceAll('ё', 'е') : written,
        written,
        dotted,
        group,
        upper: written.length > 1 && upperCount > 0 && lowerCount === 0,
      });
    }
    current = '';
    upperCount = 0;
    lowerCount = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Letters of the two alphabets names are written in: no lookup needed.
    if (code >= 0x0430 && code <= 0x044f) {
      lowerCount++;
      current += text[i];
      continue;
    }
    if (code >= 0x0410 && code <= 0x042f) {
      upperCount++;
      current += String.fromCharCode(code + 0x20);
      continue;
    }
    if (code >= 0x61 && code <= 0x7a) {
      lowerCount++;
      current += text[i];
      continue;
    }
    if (code >= 0x41 && code <= 0x5a) {
      upperCount++;
      current += String.fromCharCode(code + 0x20);
      continue;
    }
    const ch = text[i] ?? '';
    const kind = CHAR_KIND.get(ch);
    if (kind === undefined) {
      const letterCase = caseOf(ch);
      if (letterCase > 0) {
        upperCount++;
        current += ch.toLowerCase();
      } else {
        if (letterCase < 0) lowerCount++;
        current += ch;
      }
    } else if (kind === 'comma') {
      flush(false);
      group++;
    } else if (kind === 'dot') {
      flush(true);
    } else if (kind === 'separator') {
      // MVD 1997 and BGN write ъ as a double quote inside a surname (OB"EDKOV): a mark, not a quote, when
      // a person's name has letters on both sides of it.
      if (ch === '"' && !splitHyphens && isLetterAt(text, i - 1) && isLetterAt(text, i + 1)) continue;
      flush(false);
    } else if (kind === 'hyphen') {
      if (splitHyphens) flush(false);
      else current += '-';
    }
    // 'mark': dropped inside the word.
  }
  flush(false);
  return words;
}

function isLetterAt(text: string, i: number): boolean {
  const ch = text[i];
  return ch !== undefined && caseOf(ch) !== 0;
}

function trimHyphens(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && word[start] === '-') start++;
  while (end > start && word[end - 1] === '-') end--;
  return start === 0 && end === word.length ? word : word.slice(start, end);
}

/** True when the text contains at least one Cyrillic letter. */
export function hasCyrillic(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x0400 && c <= 0x04ff) return true;
  }
  return false;
}

/** True when the text contains at least one Latin letter. */
export function hasLatin(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) | 0x20;
    if (c >= 0x61 && c <= 0x7a) return true;
  }
  return false;
}
