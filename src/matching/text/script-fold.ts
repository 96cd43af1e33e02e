/**
 * Folding of one word's look-alike characters to the script of the word (or of the name), for name
 * hygiene. The look-alikes are the Unicode confusables data (./confusables.ts); Latin letters with no
 * Cyrillic look-alike in a Cyrillic word are read as the cursive Cyrillic letter they imitate (`u` → `и`)
 * or else by transliteration (`Коvалёв` → `Ковалёв`). Pure.
 */
import {
  CURSIVE_TWINS,
  LATIN_TRANSLITERATED_TO_CYRILLIC,
  TO_CYRILLIC,
  TO_LATIN,
  TRANSLITERATION_WINS,
} from './confusables.js';

export type Script = 'latin' | 'cyrillic';
/** `other`: a letter of a third script (Greek, Armenian, small capitals, Cherokee…) or a look-alike sign. */
type CharClass = Script | 'other' | 'neutral';

export interface WordFold {
  /** Characters replaced by a letter of the target script. */
  readonly folded: number;
  /** Third-script letters in a Latin or Cyrillic word left as they were: nothing to fold them to. */
  readonly foreign: number;
}

const LETTER = /\p{L}/u;
/** Modifier letters (the Ukrainian apostrophe `ʼ`, the Uzbek `ʻ`) and marks belong to the word as written. */
const NEUTRAL = /[\p{Lm}\p{M}]/u;
const ASCII_DIGIT = /[0-9]/;

/**
 * The letters names in the two scripts are written with: Cyrillic and Cyrillic Supplement (Russian,
 * Ukrainian, Belarusian, Kazakh, Tatar… letters), basic Latin, Latin-1, Latin Extended-A/B, Latin
 * Extended Additional and the Azerbaijani `ə`. The Cyrillic Extended blocks, IPA letters and small
 * capitals are not among them: no name is written with them, a disguise is.
 */
export function classOf(ch: string): CharClass {
  const c = ch.codePointAt(0) ?? 0;
  if (c >= 0x0400 && c <= 0x052f) return LETTER.test(ch) ? 'cyrillic' : 'neutral';
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) return 'latin';
  if ((c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x1e00 && c <= 0x1eff) || c === 0x259)
    return 'latin';
  if (isLookAlikeSign(ch)) return 'other';
  if (c < 0x80 || NEUTRAL.test(ch) || !LETTER.test(ch)) return 'neutral';
  return 'other';
}

/**
 * Whether a character that is not a letter may be part of a word as a look-alike: a non-ASCII sign or
 * digit the data lists (`×` for `х`, `٥` for `о`), or an ASCII digit (`3айцев`). ASCII punctuation
 * never is.
 */
export function isLookAlikeSign(ch: string): boolean {
  if (LETTER.test(ch)) return false;
  const c = ch.codePointAt(0) ?? 0;
  if (c < 0x80 && !ASCII_DIGIT.test(ch)) return false;
  return TO_CYRILLIC.has(ch) || TO_LATIN.has(ch);
}

/**
 * A word written in two scripts on purpose (`ЭкоLife`, `МТСBank`): one run of each script, each of two
 * letters or more, both with letters that have no look-alike. Which letters were meant cannot be told.
 */
function isTwoScriptBrand(classes: readonly CharClass[]): boolean {
  const runs: number[] = [];
  let last: CharClass | undefined;
  for (const cls of classes) {
    if (cls !== 'latin' && cls !== 'cyrillic') continue;
    if (cls === last) runs[runs.length - 1] = (runs.at(-1) ?? 0) + 1;
    else runs.push(1);
    last = cls;
  }
  return runs.length === 2 && runs.every((n) => n >= 2);
}

/** A Latin letter a Cyrillic word can read: a look-alike, a cursive twin or a transliteration. */
function readableInCyrillic(ch: string): boolean {
  return TO_CYRILLIC.has(ch) || CURSIVE_TWINS.has(ch) || LATIN_TRANSLITERATED_TO_CYRILLIC.has(ch);
}

interface Census {
  latin: number;
  cyrillic: number;
  other: number;
  letters: number;
  latinOwn: boolean;
  /** A Latin letter no Cyrillic word can read (`h`, `w`, `q`, `ß`): the word is Latin. */
  latinUnreadable: boolean;
  cyrillicOwn: boolean;
}

function census(chars: readonly string[], classes: readonly CharClass[]): Census {
  const out: Census = {
    latin: 0,
    cyrillic: 0,
    other: 0,
    letters: 0,
    latinOwn: false,
    latinUnreadable: false,
    cyrillicOwn: false,
  };
  chars.forEach((ch, i) => {
    const cls = classes[i];
    if (LETTER.test(ch)) out.letters++;
    if (cls === 'latin') {
      out.latin++;
      if (!TO_CYRILLIC.has(ch)) out.latinOwn = true;
      if (!readableInCyrillic(ch)) out.latinUnreadable = true;
    } else if (cls === 'cyrillic') {
      out.cyrillic++;
      if (!TO_LATIN.has(ch)) out.cyrillicOwn = true;
    } else if (cls === 'other') out.other++;
  });
  return out;
}

/**
 * The script a word is folded to, or undefined to leave it: the one script it has; of two, the one with a
 * letter that has no look-alike, else the one with more letters, else the name's, else Cyrillic. A word
 * of third-script letters only follows the name's script.
 */
function targetOf(
  count: Census,
  classes: readonly CharClass[],
  nameScript: Script | undefined,
  person: boolean,
): Script | undefined {
  if (count.latin === 0 && count.cyrillic === 0) return nameScript;
  if (count.latin === 0) return 'cyrillic';
  if (count.cyrillic === 0) return 'latin';
  // A few Latin letters Cyrillic can read, among more Cyrillic ones (`ХАСАНOV`), do not make a word Latin.
  const latinOwn =
    count.latinOwn && (count.latinUnreadable || count.latin >= count.cyrillic || count.cyrillicOwn);
  if (latinOwn !== count.cyrillicOwn) return latinOwn ? 'latin' : 'cyrillic';
  // A person's name is never written half in one script on purpose: `Гусev` is a disguised `Гусев`.
  if (latinOwn && isTwoScriptBrand(classes)) return person ? (nameScript ?? 'cyrillic') : undefined;
  if (count.latin !== count.cyrillic) return count.latin > count.cyrillic ? 'latin' : 'cyrillic';
  return nameScript ?? 'cyrillic';
}

function replacementOf(ch: string, cls: CharClass, target: Script): string | undefined {
  if (target === 'latin') return TO_LATIN.get(ch);
  if (cls === 'latin' && TRANSLITERATION_WINS.has(ch)) return LATIN_TRANSLITERATED_TO_CYRILLIC.get(ch);
  const twin = TO_CYRILLIC.get(ch);
  if (twin !== undefined || cls !== 'latin') return twin;
  return CURSIVE_TWINS.get(ch) ?? LATIN_TRANSLITERATED_TO_CYRILLIC.get(ch);
}

/**
 * Letters of other Cyrillic alphabets that look like a Russian one (Kazakh `ү`, Abkhaz `ҽ`, the palochka
 * `ӏ`) are read as that letter, on the client's side and the register's alike. Written in the word's own
 * script and ordinary in Kazakh or Abkhaz names, they are not counted as a disguise.
 */
function foldOtherAlphabets(chars: string[]): void {
  for (let i = 0; i < chars.length; i++) {
    const twin = TO_CYRILLIC.get(chars[i] ?? '');
    if (twin !== undefined) chars[i] = twin;
  }
}

/**
 * Folds one word (an array of characters, changed in place) towards its script. `person`: the word is
 * part of a person's name, which has no two-script brands; such a word follows the name's script.
 */
export function foldWord(chars: string[], nameScript: Script | undefined, person = false): WordFold {
  const classes = chars.map(classOf);
  const count = census(chars, classes);
  const mixed = count.latin > 0 && count.cyrillic > 0;
  if (!mixed && count.other === 0) {
    if (count.cyrillic > 0) foldOtherAlphabets(chars);
    return { folded: 0, foreign: 0 };
  }
  const target = targetOf(count, classes, nameScript, person);
  const letterOf = (i: number): boolean => LETTER.test(chars[i] ?? '');
  // Third-script letters of a word the data cannot fold are still a disguise, unless the word is all of
  // them: a Greek word in a Greek name is a Greek word.
  const foreignLeft = (): number =>
    count.latin + count.cyrillic === 0 ? 0 : classes.filter((c, i) => c === 'other' && letterOf(i)).length;
  if (target === undefined) return { folded: 0, foreign: foreignLeft() };
  const replacements = chars.map((ch, i) => {
    const cls = classes[i] ?? 'neutral';
    if (cls === target || cls === 'neutral') return undefined;
    // `3М`, `А101`: digits beside one or two letters are a model or a number, not a disguised letter.
    if (ASCII_DIGIT.test(ch) && count.letters < 3) return undefined;
    return replacementOf(ch, cls, target);
  });
  // A word of third-script letters only is folded whole or not at all.
  if (count.latin + count.cyrillic === 0 && replacements.some((r, i) => r === undefined && letterOf(i)))
    return { folded: 0, foreign: 0 };
  let folded = 0;
  let foreign = 0;
  replacements.forEach((replacement, i) => {
    if (replacement !== undefined) {
      chars[i] = replacement;
      folded++;
    } else if (classes[i] === 'other' && letterOf(i)) foreign++;
  });
  if (target === 'cyrillic') foldOtherAlphabets(chars);
  return { folded, foreign };
}
