import { PLACE_NAMES } from './data/org-places.js';
import { ORG_NAME } from '../thresholds.js';
import type { NameWord } from './name-words.js';
import { genericKey, isGenericWord } from './org-words.js';
import { editDistance } from './similarity.js';
import { skeleton } from '../text/skeleton.js';

/**
 * Organization names word by word, for names that are not equal once normalised: each word of one name is
 * paired with a word of the other (in any order), with two neighbouring words written as one (`North
 * Star` / `NorthStar`), or with the words an acronym stands for (`ICAO` /
 * `International Civil Aviation Organization`). A pair of different words counts only within an edit budget that grows with the word's length
 * (one edit per four letters, as OpenSanctions' nomenklatura logic-v2 allows), and each edit costs more
 * in a short word than in a long one.
 *
 * Distinctive words decide: a word left without a partner makes another company (`Северный Ветер` and
 * `Северный Ветер Плюс`), unless it is a word that names the kind of body (`Company`, `Corporation`),
 * which costs a little. A pairing of common words only (`Trading`, `Holding`, `Bank`) proves nothing.
 */

interface Token {
  readonly text: string;
  readonly skel: string;
  /** Written in capitals or as dotted initials: may stand for the first letters of other words. */
  readonly acronym: boolean;
  readonly generic: boolean;
  /** The common-word key (./org-words.ts): `банк` and `bank` pair as equal. */
  readonly key: string;
  /** Names the kind of body (`company`): may stand on one side only. */
  readonly bodyWord: boolean;
  /** A country or region (`Schweiz`, `Europe`): on one side only, a national subsidiary or office. */
  readonly place: boolean;
}

const PLACES = new Set(PLACE_NAMES.split('|'));

interface Pair {
  readonly a: readonly number[];
  readonly b: readonly number[];
  readonly sim: number;
  readonly weight: number;
  readonly label: string;
}

export interface OrgWordAlignment {
  readonly score: number;
  readonly explanation: string;
}

const BODY_KEY = genericKey(skeleton('company'));
const isNumber = (text: string): boolean => /^\d+$/u.test(text) || /^[ivx]{2,}$/u.test(text);

function tokens(words: readonly NameWord[], raw: string): Token[] {
  const out: Token[] = [];
  const undotted = raw.replace(/\./gu, '');
  for (const w of words) {
    // Numbers are compared apart, as numbers; the letters of `AHL1` still say something.
    const text = w.text.replace(/\d+/gu, '');
    const last = w === words[words.length - 1] && words.length > 1 && /^[ivx]$/u.test(text);
    if (text.length === 0 || isNumber(w.text) || last) continue;
    const skel = w.skel.replace(/\d+/gu, '');
    out.push({
      text,
      skel,
      acronym: text.length >= 2 && text.length <= 6 && undotted.includes(text.toUpperCase()),
      generic: isGenericWord(skel),
      key: genericKey(skel),
      bodyWord: genericKey(skel) === BODY_KEY,
      place: PLACES.has(text),
    });
  }
  return out;
}

/** 1 for equal words, less per edit within the budget of one edit per four letters, 0 beyond it. */
function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const length = Math.max(a.length, b.length);
  const budget = Math.floor(length / ORG_NAME.LETTERS_PER_EDIT);
  if (budget < 1) return 0;
  const edits = editDistance(a, b, budget);
  if (edits > budget) return 0;
  return (1 - edits / length) ** edits;
}

/** Best of the written form and the skeleton (which reads a transliteration as its original). */
function similarity(a: Token, b: { text: string; skel: string; key?: string }): number {
  if (a.key === (b.key ?? b.skel)) return 1;
  return Math.max(wordSimilarity(a.text, b.text), wordSimilarity(a.skel, b.skel));
}

const joined = (ts: readonly Token[]): { text: string; skel: string } => ({
  text: ts.map((t) => t.text).join(''),
  skel: ts.map((t) => t.skel).join(''),
});

/** Every pairing worth considering: word with word, word with two neighbours joined, acronym with words. */
function candidates(a: readonly Token[], b: readonly Token[], swap: boolean): Pair[] {
  const out: Pair[] = [];
  const pair = (ai: number[], bi: number[], sim: number, weight: number, label: string): void => {
    if (sim <= 0) return;
    out.push(swap ? { a: bi, b: ai, sim, weight, label } : { a: ai, b: bi, sim, weight, label });
  };
  a.forEach((x, i) => {
    if (!swap) {
      b.forEach((y, j) => {
        const sim = similarity(x, y);
        const label = sim === 1 ? x.text : `${x.text}~${y.text}`;
        pair([i], [j], sim, Math.max(x.text.length, y.text.length), label);
      });
    }
    for (let j = 0; j + 1 < b.length; j++) {
      const two = joined(b.slice(j, j + 2));
      const sim = similarity(x, two);
      pair([i], [j, j + 1], sim, Math.max(x.text.length, two.text.length), `${x.text}=${two.text} (joined)`);
    }
    const n = x.text.length;
    if (x.acronym && n <= b.length) {
      for (let j = 0; j + n <= b.length; j++) {
        const run = b.slice(j, j + n);
        if (run.map((t) => t.text[0]).join('') !== x.text) continue;
        const span = run.map((t) => t.text).join(' ');
        const weight = run.reduce((s, t) => s + t.text.length, 0);
        pair(
          [i],
          run.map((_, k) => j + k),
          ORG_NAME.ACRONYM_SIMILARITY,
          weight,
          `${x.text}=${span} (acronym)`,
        );
      }
    }
  });
  return out;
}

/**
 * A quick test before pairing: a word that must find a partner and whose first letter starts no word of
 * the other name, and whose first three letters are in none of its words, has none (a slip rarely hits
 * a word's first letter; a joined or split word keeps its letters; an acronym keeps first letters).
 * Most candidates end here.
 */
function mayPair(a: readonly Token[], b: readonly Token[]): boolean {
  const firsts = new Set(b.flatMap((t) => [t.text[0], t.skel[0]]));
  return a.every(
    (x) =>
      x.bodyWord ||
      x.place ||
      firsts.has(x.text[0]) ||
      firsts.has(x.skel[0]) ||
      b.some((t) => t.text.includes(x.text.slice(0, 3)) || (t.acronym && t.text.includes(x.text[0] ?? ''))),
  );
}

/**
 * The best pairing of the two names' words, or undefined when a distinctive word stays alone or nothing
 * but common words pair. The score is the pairs' similarity weighted by length, less a little per
 * body word on one side only, never above ORG_NAME.ALIGNED_MAX: a similar name is for a reviewer.
 */
export function alignOrgWords(
  client: readonly NameWord[],
  clientRaw: string,
  record: readonly NameWord[],
  recordRaw: string,
): OrgWordAlignment | undefined {
  const a = tokens(client, clientRaw);
  const b = tokens(record, recordRaw);
  if (a.length === 0 || b.length === 0 || !mayPair(a, b) || !mayPair(b, a)) return undefined;
  // A slip in a short name makes another name (`Кедр` / `Кедры`): below TYPO_MIN_LENGTH letters words must agree.
  const letters = (ts: readonly Token[]): number => ts.reduce((s, t) => s + t.text.length, 0);
  const fuzzy = Math.min(letters(a), letters(b)) >= ORG_NAME.TYPO_MIN_LENGTH;
  const all = [...candidates(a, b, false), ...candidates(b, a, true)]
    .filter((p) => fuzzy || p.sim === 1 || p.label.endsWith('(acronym)'))
    .sort((x, y) => y.sim - x.sim || y.weight - x.weight);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const chosen: Pair[] = [];
  for (const p of all) {
    if (p.a.some((i) => usedA.has(i)) || p.b.some((j) => usedB.has(j))) continue;
    p.a.forEach((i) => usedA.add(i));
    p.b.forEach((j) => usedB.add(j));
    chosen.push(p);
  }
  const aloneA = a.filter((_, i) => !usedA.has(i));
  const aloneB = b.filter((_, j) => !usedB.has(j));
  const alone = [...aloneA, ...aloneB];
  // A place on one side only qualifies the other side's name (`Acme (Schweiz) AG` / `Acme AG`): for a
  // reviewer, as a branch is. Places on both sides are two national companies.
  const places = alone.filter((t) => t.place);
  const qualified = places.length > 0 && (aloneA.every((t) => !t.place) || aloneB.every((t) => !t.place));
  if (alone.some((t) => !t.bodyWord && !(qualified && t.place))) return undefined;
  const distinctive = (ts: readonly Token[], idx: readonly number[]): boolean =>
    idx.some((i) => ts[i]?.generic === false);
  if (!chosen.some((p) => distinctive(a, p.a) && distinctive(b, p.b))) return undefined;
  const weight = chosen.reduce((s, p) => s + p.weight, 0);
  const mean = chosen.reduce((s, p) => s + p.sim * p.weight, 0) / weight;
  const aligned = Math.min(ORG_NAME.ALIGNED_MAX, mean - alone.length * ORG_NAME.BODY_WORD_ALONE_PENALTY);
  const score = places.length > 0 ? Math.min(aligned, ORG_NAME.PLACE_QUALIFIER_CAP) : aligned;
  const parts = chosen.filter((p) => p.sim < 1 || p.a.length + p.b.length > 2).map((p) => p.label);
  if (alone.length > 0) parts.push(`alone: ${alone.map((t) => t.text).join(' ')}`);
  return { score, explanation: parts.join(', ') };
}
