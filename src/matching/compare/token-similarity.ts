import { arabicKeys, hasArabic, latinKey } from '../text/abjad.js';
import { tokenForms } from '../text/index.js';
import { SIMILAR_PAIRS } from './data/rigour.js';

/**
 * The similarity of two words, 0…1: the best over their forms (text/forms.ts) of a cost-weighted edit
 * distance, after rigour's residue distance: a substitution between characters writers confuse
 * (data/rigour.ts) costs 0.7, one involving a digit 1.5 (a number names another thing), any other edit 1.
 * A word may differ by at most log_2.35(length − 2) of cost (nothing below 4 letters, one edit from 4,
 * two from 8, three from 14): beyond it the words are different (0). Within it, 1 − cost / length.
 * Equal phonetic keys are worth KEY_SIMILARITY: the same sound, spelled otherwise (keys that merely
 * resemble each other count for nothing: the spellings' distance already says how close they are).
 */
export const KEY_SIMILARITY = 0.95;
/**
 * An Arabic-script word and a word of another script with the same consonants (text/abjad.ts): the most
 * the script lets a comparison know, short vowels unwritten; less than a phonetic key of two spellings.
 */
export const ABJAD_SIMILARITY = 0.9;
const COST_CONFUSABLE = 0.7;
const COST_DIGIT = 1.5;
const BUDGET_LOG_BASE = 2.35;
const BUDGET_SHORT_FLOOR = 2;

const SIMILAR = new Set(SIMILAR_PAIRS.flatMap(([a, b]) => [a + b, b + a]));
const DIGIT = /\p{N}/u;

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  if (SIMILAR.has(a + b)) return COST_CONFUSABLE;
  if (DIGIT.test(a) || DIGIT.test(b)) return COST_DIGIT;
  return 1;
}

function gapCost(ch: string): number {
  return DIGIT.test(ch) ? COST_DIGIT : 1;
}

let rows: Float64Array[] = [];

/** Weighted Levenshtein with adjacent transposition (a typing slip) at cost 1. */
export function editCost(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  while (rows.length < x.length + 1 || (rows[0]?.length ?? 0) < y.length + 1) {
    const width = Math.max(y.length + 1, rows[0]?.length ?? 0, 32);
    rows = Array.from({ length: Math.max(x.length + 1, rows.length, 32) }, () => new Float64Array(width));
  }
  const first = rows[0] as Float64Array;
  first[0] = 0;
  for (let j = 1; j <= y.length; j++) first[j] = (first[j - 1] ?? 0) + gapCost(y[j - 1] ?? '');
  for (let i = 1; i <= x.length; i++) {
    const row = rows[i] as Float64Array;
    const up = rows[i - 1] as Float64Array;
    const xc = x[i - 1] ?? '';
    row[0] = (up[0] ?? 0) + gapCost(xc);
    for (let j = 1; j <= y.length; j++) {
      const yc = y[j - 1] ?? '';
      let v = Math.min(
        (up[j] ?? 0) + gapCost(xc),
        (row[j - 1] ?? 0) + gapCost(yc),
        (up[j - 1] ?? 0) + substitutionCost(xc, yc),
      );
      if (i > 1 && j > 1 && xc === y[j - 2] && x[i - 2] === yc) {
        v = Math.min(v, ((rows[i - 2] as Float64Array)[j - 2] ?? 0) + 1);
      }
      row[j] = v;
    }
  }
  return (rows[x.length] as Float64Array)[y.length] ?? 0;
}

/** The edit cost a word of this length tolerates. */
export function budget(length: number): number {
  return Math.log(Math.max(length - BUDGET_SHORT_FLOOR, 1)) / Math.log(BUDGET_LOG_BASE);
}

/** Similarity of two spellings under the budget of the longer one. */
export function spellingSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const la = [...a].length;
  const lb = [...b].length;
  const length = Math.max(la, lb);
  const allowed = budget(length);
  if (Math.abs(la - lb) > allowed) return 0;
  const cost = editCost(a, b);
  if (cost > allowed + 1e-9) return 0;
  return Math.max(0, 1 - cost / length);
}

/** An Arabic-script word and another word (its Latin spellings) with an equal consonant key. */
function sameConsonants(a: string, b: string): boolean {
  const [arabic, other] = hasArabic(a) ? [a, b] : [b, a];
  const keys = arabicKeys(arabic);
  if (keys.length === 0) return false;
  return tokenForms(other).spellings.some((s) => keys.includes(latinKey(s)));
}

const cache = new Map<string, number>();
const CACHE_LIMIT = 100_000;

/** The similarity of two words (lower case), the best over their forms; symmetric. */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const fa = tokenForms(a);
  const fb = tokenForms(b);
  let best = 0;
  for (const x of fa.spellings) for (const y of fb.spellings) best = Math.max(best, spellingSimilarity(x, y));
  if (best < KEY_SIMILARITY && fa.keys.some((k) => fb.keys.includes(k))) best = KEY_SIMILARITY;
  if (best < ABJAD_SIMILARITY && hasArabic(a) !== hasArabic(b) && sameConsonants(a, b))
    best = ABJAD_SIMILARITY;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, best);
  return best;
}
