/**
 * Latin and Cyrillic letters that a reader cannot tell apart in the fonts of bank software: the subset of
 * Unicode TR 39's confusables that matters for Russian, Ukrainian and Latin-script names. A Latin `о` in
 * `Смирнoва` or a Cyrillic `а` in `Kuznetsоva` is a classic way to slip a listed name past an exact
 * comparison; name hygiene folds such letters to the script of their word, and the skeleton reads the
 * lower-case ones that remain (case folded) the same way.
 *
 * Pairs are case-specific on purpose: `B`/`В`, `H`/`Н`, `K`/`К`, `M`/`М`, `T`/`Т` look alike in capitals
 * only (`в`, `н`, `к`, `м`, `т` are small capitals, unlike `b`, `h`, `k`, `m`, `t`).
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
