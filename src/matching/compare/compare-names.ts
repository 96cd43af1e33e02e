import { alignTokens, type AlignedPair } from './align.js';
import { tokenize, type Token } from './tokenize.js';

/**
 * A name comparison for names of any origin, independent of the order and roles of the words (see
 * docs/matching.md, "Name comparison"): both names are split into words, each word is reduced by several
 * routes (text/forms.ts), the words are aligned in any order with joins and splits (align.ts), and the
 * alignment is scored:
 *   quality = Σ similarity × weight / Σ weight over aligned pairs, weight = the pair's letters;
 *   score   = quality − UNMATCHED_PENALTY per word left without a partner (particles and initials free),
 *             − CONFLICT_PENALTY when both sides have such words,
 * capped at SINGLE_WORD_CAP when only one word of a name of several agrees, at GRAMMAR_CAP when a pair
 * agrees only through a gender ending or a patronymic's stem, at ROLE_SWAP_CAP when words change sides of a
 * patronymic particle.
 *
 * A pair of alphabetic words within the edit budget (token-similarity.ts) counts SLIP_CREDIT of what its
 * spelling distance takes away: the budget already refuses words that differ by more than a slip, so a
 * word within it is the same word misspelt, not half of another one. Words of scripts written by syllable
 * (Hangul, Ethiopic) or without vowels (Arabic, Hebrew) keep the plain similarity: one sign there is a whole
 * syllable or stands for more than a letter.
 */
export const UNMATCHED_PENALTY = 0.1;
/** Words left over on both sides: not a part one side omits but parts that disagree (Петрович, Павлович). */
export const CONFLICT_PENALTY = 0.1;
export const SINGLE_WORD_CAP = 0.6;
/**
 * A surname in its other gender's form or a patronymic against a father's name agrees only through
 * grammar: a reviewer decides (below MATCH_THRESHOLD), whatever else agrees.
 */
export const GRAMMAR_CAP = 0.9;
/** An initial agrees with a name and proves little more: a reviewer decides. */
export const INITIALS_CAP = 0.9;
/** A short form of a given name (Ted / Theodore) may be the name or another person's: a reviewer decides. */
export const NICKNAME_CAP = 0.9;
/** The share of a slip's distance that counts against a pair of alphabetic words. */
export const SLIP_CREDIT = 0.5;
/**
 * `SALMAN BIN MUHAMMAD` and `MUHAMMAD BIN SALMAN`: the same words, but the son and his father change
 * places around `bin` (ibn, ben, bint, oğlu…): another person until a reviewer decides, below review
 * without a corroborator.
 */
export const ROLE_SWAP_CAP = 0.8;

export interface NameAlignment {
  readonly score: number;
  readonly pairs: readonly AlignedPair[];
  /** A reviewer-readable account: `hans = hans, scholze ~ scholz 0.86, + platonovich (record only)`. */
  readonly explanation: string;
  /** Words change sides of a patronymic particle (ROLE_SWAP_CAP): a son and his father swapped. */
  readonly rolesSwapped: boolean;
}

function weight(tokens: readonly Token[], idx: readonly number[]): number {
  return idx.reduce((sum, i) => sum + [...(tokens[i]?.text ?? '')].length, 0);
}

function words(tokens: readonly Token[], idx: readonly number[]): string {
  return idx.map((i) => tokens[i]?.text ?? '').join('+');
}

const ROUTE_LABEL: Readonly<Record<AlignedPair['route'], string>> = {
  equal: '=',
  similar: '~',
  gender: '~ (gender form)',
  father: '~ (patronymic of)',
  initial: '~ (initial)',
  joined: '~ (joined)',
  nickname: '~ (short form of)',
};

function describe(a: readonly Token[], b: readonly Token[], pairs: readonly AlignedPair[]): string {
  const parts = pairs.map((p) => {
    const sim = p.similarity === 1 ? '' : ` ${p.similarity.toFixed(2)}`;
    const label = p.route === 'joined' && p.similarity === 1 ? '=' : ROUTE_LABEL[p.route];
    return `${words(a, p.a)} ${label} ${words(b, p.b)}${sim}`;
  });
  const left = (tokens: readonly Token[], used: Set<number>, side: string) =>
    tokens.flatMap((t, i) => (used.has(i) || t.particle ? [] : [`+ ${t.text} (${side} only)`]));
  parts.push(...left(a, new Set(pairs.flatMap((p) => p.a)), 'client'));
  parts.push(...left(b, new Set(pairs.flatMap((p) => p.b)), 'record'));
  return parts.join(', ');
}

/**
 * Words left without a partner; an initial counts half (a middle initial one list omits). `repeats`: of
 * those, the words the same side already wrote and aligned (`ABDUL AZIZ Aziz`: a list repeats a part).
 */
function unmatched(tokens: readonly Token[], used: readonly number[]): { n: number; repeats: number } {
  const aligned = new Set(used.map((i) => tokens[i]?.text));
  let n = 0;
  let repeats = 0;
  tokens.forEach((t, i) => {
    if (used.includes(i) || t.particle) return;
    n += t.initial ? 0.5 : 1;
    if (aligned.has(t.text)) repeats += 1;
  });
  return { n, repeats };
}

/** A repeated word costs nothing where the other side has every word aligned: then it adds nothing. */
function leftOver(own: { n: number; repeats: number }, other: { n: number }): number {
  return other.n === 0 ? own.n - own.repeats : own.n;
}

/** Words that count towards "several words agree": not particles, not initials. */
function substantive(tokens: readonly Token[]): number {
  return tokens.filter((t) => !t.particle && !t.initial).length;
}

/**
 * Letters of an alphabet (with marks and digits): one letter is a sound, not a syllable. The Brahmic
 * scripts (Devanagari, Bengali, Thai, Khmer…) are alphabets too: a consonant and the vowel sign after it
 * are two characters, so a slip there is one letter (วชิราลงกรน / วชิราลงกรณ), as in Latin.
 */
const ALPHABETIC =
  /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}\p{M}\p{N}]+$/u;

const SLIP_ROUTES: ReadonlySet<AlignedPair['route']> = new Set(['similar', 'joined', 'initial']);

/** What a pair contributes to the name's agreement (see SLIP_CREDIT). */
function credit(a: readonly Token[], b: readonly Token[], p: AlignedPair): number {
  if (p.similarity >= 1 || !SLIP_ROUTES.has(p.route)) return p.similarity;
  const alphabetic = [...p.a.map((i) => a[i]), ...p.b.map((j) => b[j])].every(
    (t) => t !== undefined && ALPHABETIC.test(t.text),
  );
  return alphabetic ? 1 - (1 - p.similarity) * SLIP_CREDIT : p.similarity;
}

/** Patronymic particles: the word before is the child, the word after the father. */
const LINEAGE = new Set(['bin', 'ibn', 'ben', 'bint', 'binti', 'بن', 'ابن', 'بنت']);

/** Which side of the first lineage particle each word stands on: -1 before, 1 after, 0 neither. */
function lineageSides(tokens: readonly Token[]): number[] {
  const at = tokens.findIndex((t) => t.particle && LINEAGE.has(t.text));
  // Only between two words does the particle tell who is whose son (`bin Salman Mohammed` is a list's
  // rotation of the name, not a lineage).
  if (at <= 0 || at >= tokens.length - 1) return tokens.map(() => 0);
  return tokens.map((_, i) => (i === at ? 0 : i < at ? -1 : 1));
}

/** A pair whose words stand before the particle on one side and after it on the other. */
function rolesSwapped(a: readonly Token[], b: readonly Token[], pairs: readonly AlignedPair[]): boolean {
  const sa = lineageSides(a);
  const sb = lineageSides(b);
  return pairs.some((p) => {
    const x = sa[p.a[0] ?? -1] ?? 0;
    const y = sb[p.b[0] ?? -1] ?? 0;
    return x !== 0 && y !== 0 && x !== y && !(a[p.a[0] ?? -1]?.particle ?? false);
  });
}

/**
 * A person's name in the order it is spoken: `AL BEN ALI, Isa Ben Tarif` (a list's `SURNAME, Given`) is
 * `Isa Ben Tarif AL BEN ALI`. The alignment is free of order anyway; what the order tells is whose son a
 * word before or after `bin` is (ROLE_SWAP_CAP), which the comma would otherwise turn around.
 */
function inWrittenOrder(name: string): string {
  const parts = name.split(',');
  const [surname, given] = parts;
  if (parts.length !== 2 || surname === undefined || given === undefined) return name;
  return surname.trim() === '' || given.trim() === '' ? name : `${given} ${surname}`;
}

/** Compares two names written in any script and any order. Symmetric; a name scores 1 against itself. */
export function compareNames(a: string, b: string, person: boolean): NameAlignment {
  const ta = tokenize(person ? inWrittenOrder(a) : a, person);
  const tb = tokenize(person ? inWrittenOrder(b) : b, person);
  if (ta.length === 0 || tb.length === 0)
    return { score: 0, pairs: [], explanation: 'name absent', rolesSwapped: false };
  const pairs = alignTokens(ta, tb);
  let total = 0;
  let agreed = 0;
  let strong = 0;
  let spelled = 0;
  for (const p of pairs) {
    const w = weight(ta, p.a) + weight(tb, p.b);
    total += w;
    agreed += w * credit(ta, tb, p);
    // `Ben` is a particle (ben Ali) and the short form of Benjamin: paired as a nickname it is a name.
    if (!p.a.every((i) => ta[i]?.particle) || p.route === 'nickname') {
      strong += Math.max(p.a.length, p.b.length);
      if (p.route !== 'initial') spelled += 1;
    }
  }
  const quality = total === 0 ? 0 : agreed / total;
  const restA = unmatched(
    ta,
    pairs.flatMap((p) => p.a),
  );
  const restB = unmatched(
    tb,
    pairs.flatMap((p) => p.b),
  );
  const leftA = leftOver(restA, restB);
  const leftB = leftOver(restB, restA);
  const conflict = leftA > 0 && leftB > 0 ? CONFLICT_PENALTY : 0;
  let score = quality - UNMATCHED_PENALTY * (leftA + leftB) - conflict;
  const several = Math.max(substantive(ta), substantive(tb)) >= 2;
  if (several && (strong < 2 || spelled < 1)) score = Math.min(score, SINGLE_WORD_CAP);
  if (pairs.some((p) => p.route === 'gender' || p.route === 'father')) score = Math.min(score, GRAMMAR_CAP);
  if (pairs.some((p) => p.route === 'initial')) score = Math.min(score, INITIALS_CAP);
  if (pairs.some((p) => p.route === 'nickname')) score = Math.min(score, NICKNAME_CAP);
  const swapped = rolesSwapped(ta, tb, pairs);
  if (swapped) score = Math.min(score, ROLE_SWAP_CAP);
  score = Math.round(Math.max(0, Math.min(1, score)) * 1000) / 1000;
  const explanation = describe(ta, tb, pairs) + (swapped ? ', son and father change places' : '');
  return { score, pairs, explanation, rolesSwapped: swapped };
}
