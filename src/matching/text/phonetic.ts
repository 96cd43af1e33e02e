/**
 * A phonetic key per Latin word (after latin-fold.ts): spellings that sound alike across romanisation
 * systems and languages reduce to one key. Only rewrites that join spellings of the same sound are made
 * (kh/h, ts/tz/c before e, ph/f, w/v, q/k, y/i, doubled letters, the -iy/-ii/-yi/-ij endings, the Arabic
 * diphthong ay/ei before a consonant); vowels stay,
 * so that Ivan and Ivon, Marin and Maria keep different keys.
 */
const REWRITES: readonly (readonly [RegExp, string])[] = [
  [/x/g, 'ks'],
  [/shch|sch|shtsh/g, 'sh'],
  [/tch/g, 'ch'],
  [/dzh|dj/g, 'j'],
  [/kh/g, 'h'],
  [/ph/g, 'f'],
  [/ck/g, 'k'],
  [/q/g, 'k'],
  [/w/g, 'v'],
  [/tz|tc|ts/g, 'c'],
  [/(?:iy|ii|yi|ij|yj|y)$/g, 'i'],
  // The diphthong of Arabic names: ALA-LC and the Encyclopaedia of Islam write it `ay`, English and French
  // lists `ei`/`ey` (Husayn, Hussein, Huseyn; Zaynab, Zeinab).
  [/ay(?![aeiou])/g, 'ei'],
  [/y/g, 'i'],
  [/ie/g, 'e'],
  [/ou|oo/g, 'u'],
  [/ee/g, 'i'],
  [/(.)\1+/g, '$1'],
];

/** The phonetic key of one folded Latin word. Idempotent on its own output. */
export function phoneticKey(folded: string): string {
  let key = folded;
  // A rewrite can make a pattern an earlier one joins (kkh → kh): repeat until nothing changes.
  for (let previous = ''; previous !== key;) {
    previous = key;
    for (const [pattern, replacement] of REWRITES) key = key.replace(pattern, replacement);
  }
  return key;
}
