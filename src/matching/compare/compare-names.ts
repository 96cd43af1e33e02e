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
 * agrees only through a gender ending or a patronymic's stem.
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

export interface NameAlignment {
  readonly score: number;
  readonly pairs: readonly AlignedPair[];
  /** A reviewer-readable account: `hans = hans, scholze ~ scholz 0.86, + platonovich (record only)`. */
  readonly explanation: string;
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

/** Words left without a partner; an initial counts half (a middle initial one list omits). */
function unmatched(tokens: readonly Token[], used: readonly number[]): number {
  let n = 0;
  tokens.forEach((t, i) => {
    if (!used.includes(i) && !t.particle) n += t.initial ? 0.5 : 1;
  });
  return n;
}

/** Words that count towards "several words agree": not particles, not initials. */
function substantive(tokens: readonly Token[]): number {
  return tokens.filter((t) => !t.particle && !t.initial).length;
}

/** Compares two names written in any script and any order. Symmetric; a name scores 1 against itself. */
export function compareNames(a: string, b: string, person: boolean): NameAlignment {
  const ta = tokenize(a, person);
  const tb = tokenize(b, person);
  if (ta.length === 0 || tb.length === 0) return { score: 0, pairs: [], explanation: 'name absent' };
  const pairs = alignTokens(ta, tb);
  let total = 0;
  let agreed = 0;
  let strong = 0;
  for (const p of pairs) {
    const w = weight(ta, p.a) + weight(tb, p.b);
    total += w;
    agreed += w * p.similarity;
    if (p.route !== 'initial' && !p.a.every((i) => ta[i]?.particle))
      strong += Math.max(p.a.length, p.b.length);
  }
  const quality = total === 0 ? 0 : agreed / total;
  const leftA = unmatched(
    ta,
    pairs.flatMap((p) => p.a),
  );
  const leftB = unmatched(
    tb,
    pairs.flatMap((p) => p.b),
  );
  const conflict = leftA > 0 && leftB > 0 ? CONFLICT_PENALTY : 0;
  let score = quality - UNMATCHED_PENALTY * (leftA + leftB) - conflict;
  const several = Math.max(substantive(ta), substantive(tb)) >= 2;
  if (several && strong < 2) score = Math.min(score, SINGLE_WORD_CAP);
  if (pairs.some((p) => p.route === 'gender' || p.route === 'father')) score = Math.min(score, GRAMMAR_CAP);
  score = Math.round(Math.max(0, Math.min(1, score)) * 1000) / 1000;
  return { score, pairs, explanation: describe(ta, tb, pairs) };
}
