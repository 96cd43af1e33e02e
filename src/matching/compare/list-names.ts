import { hasCyrillic, hasLatin } from '../text/normalize.js';

/**
 * A list's name field as lists write it: one field may hold several names. `TCHERKASSOV, Sviatoslav
 * Igorevitch (a.k.a. CHERKASOV, Svyatoslav Igorevich; ЧЕРКАСОВ Святослав Игоревич)` is three names of one
 * person: the main one, an alias, and the name in another script. Every one of them is a candidate name
 * (the best one counts, and the explanation says which).
 */

export interface ListName {
  readonly value: string;
  /** `alias` for a name the field gives besides its main one. */
  readonly alias: boolean;
}

/** Words that introduce another name of the same party. */
const ALIAS_MARKERS =
  /(?:^|\s|\()(?:a\.?k\.?a\.?|f\.?k\.?a\.?|n\.?k\.?a\.?|alias|also known as|formerly known as|formerly|также известн(?:ый|ая|о|а) как|также известен как|он же|она же|ранее|прежнее наименование)(?=[\s:,]|$)[\s:,]*/giu;

/** Titles and honorifics that are no part of a name. */
const TITLES =
  /^(?:mr|mrs|ms|miss|dr|prof|sir|sheikh|general|gen|colonel|col|major|maj|г-н|г-жа|господин|госпожа|генерал|полковник)\.?\s+/iu;

function scriptOf(text: string): 'cyrillic' | 'latin' | 'none' {
  if (hasCyrillic(text)) return 'cyrillic';
  return hasLatin(text) ? 'latin' : 'none';
}

function clean(text: string): string {
  return text
    .replace(TITLES, '')
    .replace(/^[\s,;:]+|[\s,;:]+$/gu, '')
    .trim();
}

/**
 * The bracketed parts of a field that are other names: those an alias marker opens and those in another
 * script than the text outside. Other brackets (`Deutsche Bank (Schweiz) AG`) stay in the name.
 */
function splitBrackets(field: string): { main: string; others: string[] } {
  const others: string[] = [];
  const outside = field.replace(/\([^()]*\)|\[[^[\]]*\]/gu, ' ');
  const mainScript = scriptOf(outside);
  const main = field.replace(/\(([^()]*)\)|\[([^[\]]*)\]/gu, (whole, round?: string, square?: string) => {
    const inner = (round ?? square ?? '').trim();
    ALIAS_MARKERS.lastIndex = 0;
    const marked = ALIAS_MARKERS.test(inner);
    if (marked || (mainScript !== 'none' && scriptOf(inner) !== 'none' && scriptOf(inner) !== mainScript)) {
      others.push(inner);
      return ' ';
    }
    return whole;
  });
  return { main, others };
}

/** Every name a list's name field holds, the main one first; empty parts left out, each name once. */
export function listNames(field: string): ListName[] {
  const { main, others } = splitBrackets(field);
  const parts: ListName[] = [];
  const push = (text: string, alias: boolean): void => {
    const pieces = text.split(ALIAS_MARKERS);
    // A marker before any name is a word of the name (`Alias Trade LLC`), not an alias.
    for (const piece of !alias && (pieces[0] ?? '').trim().length === 0 ? [text] : pieces) {
      for (const name of piece.split(';')) {
        const value = clean(name);
        if (value.length > 0 && !parts.some((p) => p.value === value)) {
          parts.push({ value, alias: alias || parts.length > 0 });
        }
      }
    }
  };
  push(main, false);
  for (const other of others) push(other, true);
  return parts;
}
