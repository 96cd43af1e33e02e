import { areKnownGivenNames } from './given-names.js';
import { areNicknames } from './nicknames.js';
import { sameGivenName } from './name-variants.js';
import { skeleton, skeletonKeys } from '../text/skeleton.js';
import { tokenForms } from '../text/index.js';
import { genderStem, patronymicStem } from './endings.js';
import { spellingSimilarity, tokenSimilarity } from './token-similarity.js';
import type { Token } from './tokenize.js';

/** How two aligned units of words agree. */
export type PairRoute = 'equal' | 'similar' | 'gender' | 'father' | 'initial' | 'joined' | 'nickname';

export interface AlignedPair {
  /** Indexes of the words on each side (two on one side when words were joined). */
  readonly a: readonly number[];
  readonly b: readonly number[];
  readonly similarity: number;
  readonly route: PairRoute;
}

/** A pair below this similarity is no pair: the words are left unmatched. */
export const MIN_PAIR_SIMILARITY = 0.5;
/** A surname's other gender form, a patronymic's stem: the same family, not the same word. */
export const ENDING_SIMILARITY = 0.9;
/** An initial against a word it begins: consistent, and little more. */
export const INITIAL_SIMILARITY = 0.8;
/**
 * A given name against its short form by rigour's nickname data (Ted / Theodore): the same name as people
 * call it, worth what a slip in a long word is; the name is capped for a reviewer (compare-names.ts).
 */
export const NICKNAME_SIMILARITY = 0.9;

function stems(word: string, stem: (s: string) => string | undefined): readonly string[] {
  const out: string[] = [];
  for (const s of tokenForms(word).spellings) out.push(stem(s) ?? s);
  return out;
}

function stemSimilarity(a: string, b: string, stem: (s: string) => string | undefined): number {
  let best = 0;
  for (const x of stems(a, stem))
    for (const y of stems(b, stem)) best = Math.max(best, spellingSimilarity(x, y));
  return ENDING_SIMILARITY * best;
}

function initialAgrees(initial: string, word: string): boolean {
  const a = tokenForms(initial).spellings;
  return tokenForms(word).spellings.some((s) => a.some((i) => s.startsWith(i)));
}

const MALE_PATRONYMIC = /(?:vich|vych|vic|ich|ych|ovic|evic)$/;
const FEMALE_PATRONYMIC = /(?:vna|ichna|ivna|yivna)$/;

function patronymicGenders(word: string): Set<string> {
  const out = new Set<string>();
  for (const s of tokenForms(word).spellings) {
    if (MALE_PATRONYMIC.test(s)) out.add('male');
    if (FEMALE_PATRONYMIC.test(s)) out.add('female');
  }
  return out;
}

const FEMININE = /(?:ova|eva|ina|yna|skaya|skaia|skaja|ska)$/;

function feminine(word: string): boolean {
  return tokenForms(word).spellings.some((s) => FEMININE.test(s));
}

/** Rafiq oğlu is a son, Rafikovna a daughter: a patronymic of the other gender is no father's name. */
function fatherGenderAgrees(a: Token, b: Token): boolean {
  const father = a.father ? a : b;
  const other = a.father ? b : a;
  const genders = patronymicGenders(other.text);
  return father.fatherGender === undefined || genders.size === 0 || genders.has(father.fatherGender);
}

/** Павлович and Pavlovna: a son's and a daughter's patronymic, two people. */
function patronymicsOfOtherGender(a: string, b: string): boolean {
  const x = patronymicGenders(a);
  const y = patronymicGenders(b);
  return (
    (x.has('male') && y.has('female') && !x.has('female')) ||
    (x.has('female') && y.has('male') && !y.has('female'))
  );
}

const pairCache = new Map<string, { similarity: number; route: PairRoute }>();
const PAIR_CACHE_LIMIT = 100_000;

/** The best route between two single words, remembered: a client is compared with many records. */
function wordPair(a: Token, b: Token): { similarity: number; route: PairRoute } {
  const key = `${a.text}|${a.father ? a.fatherGender : '-'}|${b.text}|${b.father ? b.fatherGender : '-'}`;
  const cached = pairCache.get(key);
  if (cached) return cached;
  const result = computeWordPair(a, b);
  if (pairCache.size >= PAIR_CACHE_LIMIT) pairCache.clear();
  pairCache.set(key, result);
  return result;
}

function computeWordPair(a: Token, b: Token): { similarity: number; route: PairRoute } {
  if (a.initial || b.initial) {
    const agrees =
      a.initial && b.initial
        ? a.text === b.text
        : initialAgrees(a.initial ? a.text : b.text, a.initial ? b.text : a.text);
    return { similarity: agrees ? INITIAL_SIMILARITY : 0, route: 'initial' };
  }
  const direct = tokenSimilarity(a.text, b.text);
  if (direct === 1) return { similarity: 1, route: 'equal' };
  if (areNicknames(a.text, b.text)) return { similarity: NICKNAME_SIMILARITY, route: 'nickname' };
  if (patronymicsOfOtherGender(a.text, b.text)) return { similarity: 0, route: 'gender' };
  // Two different given names of the register's list are siblings, never a slip of the pen (Мария, Марина).
  if (
    areKnownGivenNames(skeleton(a.text), skeleton(b.text)) &&
    !sameGivenName(skeletonKeys(a.text), skeletonKeys(b.text))
  ) {
    return { similarity: 0, route: 'similar' };
  }
  let best = { similarity: direct, route: 'similar' as PairRoute };
  const gender = stemSimilarity(a.text, b.text, genderStem);
  if (feminine(a.text) !== feminine(b.text) && gender >= MIN_PAIR_SIMILARITY) {
    // Written in Cyrillic the other gender's surname is another person (Иванова, Иванов); a list in
    // Latin often keeps only the masculine form: a reviewer decides (GRAMMAR_CAP).
    if (a.cyrillic && b.cyrillic) return { similarity: 0, route: 'gender' };
    best = { similarity: Math.min(ENDING_SIMILARITY, Math.max(gender, direct)), route: 'gender' };
  }
  if (a.father !== b.father && fatherGenderAgrees(a, b)) {
    const father = stemSimilarity(a.text, b.text, patronymicStem);
    if (father > best.similarity) best = { similarity: father, route: 'father' };
  }
  return best;
}

interface Candidate extends AlignedPair {
  readonly length: number;
}

/** Adjacent words written as one on the other side (`Абдул Гани` / `Абдулгани`, `SergeiLavrov`). */
export const MAX_JOINED_WORDS = 3;

function joins(side: readonly Token[]): { idx: readonly number[]; text: string }[] {
  const out: { idx: readonly number[]; text: string }[] = [];
  for (let i = 0; i < side.length; i++) {
    const idx: number[] = [];
    let text = '';
    for (let j = i; j < side.length && idx.length < MAX_JOINED_WORDS; j++) {
      const w = side[j];
      if (w === undefined || w.initial) break;
      idx.push(j);
      text += w.text;
      if (idx.length > 1) out.push({ idx: [...idx], text });
    }
  }
  return out;
}

function candidates(a: readonly Token[], b: readonly Token[]): Candidate[] {
  const out: Candidate[] = [];
  a.forEach((x, i) =>
    b.forEach((y, j) => {
      const { similarity, route } = wordPair(x, y);
      if (similarity >= MIN_PAIR_SIMILARITY)
        out.push({ a: [i], b: [j], similarity, route, length: x.text.length + y.text.length });
    }),
  );
  for (const [side, other, flip] of [
    [a, b, false],
    [b, a, true],
  ] as const) {
    for (const join of joins(side)) {
      other.forEach((y, j) => {
        if (y.initial) return;
        const similarity = tokenSimilarity(join.text, y.text);
        if (similarity < MIN_PAIR_SIMILARITY) return;
        const length = join.text.length + y.text.length;
        out.push(
          flip
            ? { a: [j], b: join.idx, similarity, route: 'joined', length }
            : { a: join.idx, b: [j], similarity, route: 'joined', length },
        );
      });
    }
  }
  return out;
}

/**
 * The alignment of two names' words in any order: the most similar pair first (the longer on a tie),
 * then the next among the words left, until no pair reaches MIN_PAIR_SIMILARITY. Greedy is exact enough
 * here: names have few words and a word rarely resembles two words of the other side.
 */
export function alignTokens(a: readonly Token[], b: readonly Token[]): readonly AlignedPair[] {
  const sorted = candidates(a, b).sort((x, y) => y.similarity - x.similarity || y.length - x.length);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const pairs: AlignedPair[] = [];
  for (const c of sorted) {
    if (c.a.some((i) => usedA.has(i)) || c.b.some((j) => usedB.has(j))) continue;
    c.a.forEach((i) => usedA.add(i));
    c.b.forEach((j) => usedB.add(j));
    pairs.push({ a: c.a, b: c.b, similarity: c.similarity, route: c.route });
  }
  return pairs;
}
