/**
 * Look-alike characters for name hygiene, from the Unicode confusables data (UTS #39, generated into
 * ./confusables-data.ts): for each target script, every character whose skeleton equals one of its
 * letters. A Greek `ο`, an Armenian `օ`, a small capital `ᴏ` or a Latin `o` in `Смирнοва` all read as the
 * Cyrillic `о`, which is how a listed name slips past an exact comparison; hygiene folds them back.
 */
import { CYRILLIC_CONFUSABLES, LATIN_CONFUSABLES } from './confusables-data.js';

function foldMap(groups: readonly string[]): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const group of groups) {
    const [target = '', ...sources] = [...group];
    for (const source of sources) map.set(source, target);
  }
  return map;
}

/** Any character → the Cyrillic letter of the same UTS #39 skeleton (`ο`, `o`, `ᴏ`, `օ` → `о`; `3` → `З`). */
export const TO_CYRILLIC: ReadonlyMap<string, string> = foldMap(CYRILLIC_CONFUSABLES);
/** Any character → the Latin letter of the same UTS #39 skeleton (`о`, `ο` → `o`; `ԁ` → `d`). */
export const TO_LATIN: ReadonlyMap<string, string> = foldMap(LATIN_CONFUSABLES);

/**
 * Look-alikes that NFKC would turn into another letter (`ϲ` into `ς`): hygiene keeps them from NFKC so
 * that the data can fold them.
 */
export const KEPT_FROM_NFKC: ReadonlySet<string> = new Set(
  [...TO_CYRILLIC.keys(), ...TO_LATIN.keys()].filter((ch) => ch.normalize('NFKC') !== ch),
);

/**
 * Latin letters with no Cyrillic look-alike of their case, read as the Cyrillic letter they stand for in
 * transliteration (`v` in `Коvалёв` is `в`): the single-letter equivalents of ICAO Doc 9303 (8th ed.,
 * part 3, table of Cyrillic transliteration) read backwards, and `j` → `й` of GOST 7.79-2000 system B.
 * Where the data has a look-alike of the same case it wins (`B` → `В`, not `Б`), except for the letters of
 * TRANSLITERATION_WINS. `h`, `q`, `w` have no single-letter equivalent in either and stay as written.
 */
const TRANSLITERATION: readonly (readonly [latin: string, cyrillic: string])[] = [
  ['b', 'б'],
  ['d', 'д'],
  ['f', 'ф'],
  ['g', 'г'],
  ['j', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['z', 'з'],
];
/**
 * Latin letters the data pairs with a Cyrillic letter they do not pass for in ordinary fonts: `r` shares a
 * skeleton with `г` (their shapes meet in some typefaces), but a Latin `r` in a Russian word is an `р`
 * typed on the Latin layout (`Петrов` is Петров, not Петгов), so it is read by transliteration. The only
 * basic Latin letter where the data and transliteration disagree otherwise is `B` (`В` / `Б`), and `B` is
 * a true twin of `В`.
 */
export const TRANSLITERATION_WINS: ReadonlySet<string> = new Set(['r']);

/**
 * Latin letters that are the cursive (italic and handwritten) forms of a Cyrillic letter other than their
 * transliteration: the italic `и`, `п`, `т` are written `u`, `n`, `m`. UTS #39 compares upright glyphs and
 * lists none of them, but a disguised name uses them for exactly that look (`Кузьмuна`, `Сnиридонов`,
 * `Кумmина`), so inside a Cyrillic word they are read as the letter they imitate, not as `у`, `н`, `м`.
 * Lower case only: `U`, `N`, `M` imitate no capital.
 */
export const CURSIVE_TWINS: ReadonlyMap<string, string> = new Map([
  ['u', 'и'],
  ['n', 'п'],
  ['m', 'т'],
]);

export const LATIN_TRANSLITERATED_TO_CYRILLIC: ReadonlyMap<string, string> = new Map(
  TRANSLITERATION.flatMap(([l, c]) => [
    [l, c],
    [l.toUpperCase(), c.toUpperCase()],
  ]),
);

/**
 * The basic Latin and Cyrillic letters that are look-alikes in the same case (a subset of the data above,
 * checked by test): the skeleton reads the case-folded pairs in a Cyrillic word. `B`/`В`, `H`/`Н`,
 * `K`/`К`, `M`/`М`, `T`/`Т` look alike in capitals only (`в`, `н`, `к`, `м`, `т` are small capitals).
 */
const PAIRS: readonly (readonly [latin: string, cyrillic: string])[] = [
  ['a', 'а'],
  ['c', 'с'],
  ['e', 'е'],
  ['ë', 'ё'],
  ['i', 'і'],
  ['ï', 'ї'],
  ['o', 'о'],
  ['p', 'р'],
  ['x', 'х'],
  ['y', 'у'],
  ['A', 'А'],
  ['B', 'В'],
  ['C', 'С'],
  ['E', 'Е'],
  ['Ë', 'Ё'],
  ['H', 'Н'],
  ['I', 'І'],
  ['Ï', 'Ї'],
  ['K', 'К'],
  ['M', 'М'],
  ['O', 'О'],
  ['P', 'Р'],
  ['T', 'Т'],
  ['X', 'Х'],
  ['Y', 'У'],
];

/** Latin letter → the Cyrillic letter it passes for. */
export const LATIN_TO_CYRILLIC: ReadonlyMap<string, string> = new Map(PAIRS);
/** Cyrillic letter → the Latin letter it passes for. */
export const CYRILLIC_TO_LATIN: ReadonlyMap<string, string> = new Map(PAIRS.map(([l, c]) => [c, l]));

/**
 * The pairs after case folding (`b` → `в` stands for `B`/`В`): what a lower-case Cyrillic word can still
 * hold in Latin letters once its case is gone.
 */
export const LOWER_LATIN_TO_CYRILLIC: ReadonlyMap<string, string> = new Map(
  PAIRS.map(([l, c]) => [l.toLowerCase(), c.toLowerCase()]),
);

/** The table as rows for documentation and tests: Latin, Cyrillic. */
export const CONFUSABLE_PAIRS = PAIRS;
