/**
 * Evaluation of the matching engine on samples/matching/labelled-pairs.jsonl (`npm run eval:matching`).
 *
 * Gate definition (the same in test/unit/matching/scoring/gate.test.ts and docs/matching.md):
 *   positive = the engine's decision is MATCH or POSSIBLE_MATCH: the record reaches an analyst, which is
 *              how screening is judged (a POSSIBLE goes to review, it is not missed);
 *   recall   = true matches that reach an analyst / true matches;
 *   precision= true matches among everything that reaches an analyst: a POSSIBLE_MATCH on a non-match is
 *              a false positive, exactly like a MATCH;
 *   the gate passes when F1 ≥ GATE_F1, every true match of an identifier category is a MATCH (not
 *   merely POSSIBLE: an equal valid identifier decides alone; identifier recall 1.00), and every true
 *   match of an evasion category is a MATCH (each is a MATCH pair with invisible characters, controls,
 *   look-alike letters or odd spaces planted on one side: hiding a name must not lower its decision;
 *   evasion recall 1.00), and — for the phenomena of names as other countries' lists and bank exports write
 *   them (categories `phenomenon_*`, each with true matches and hard negatives) — recall ≥ PHENOMENON_RECALL
 *   in every phenomenon category and precision ≥ GATE_PRECISION over the whole set.
 * The strict figures (positive = MATCH only) are printed too, with the review load: true matches that
 * reach only POSSIBLE, non-matches that reach POSSIBLE.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CandidateDecision, ScoredCandidate } from '../../src/domain/check.js';
import type { Client } from '../../src/domain/client.js';
import type { BankruptcyEntry, ForeignAgentRecord, SanctionsRecord } from '../../src/domain/records.js';
import { scoreBankruptcy, scoreForeignAgent, scoreSanctions } from '../../src/matching/index.js';
import { MATCH_THRESHOLD, POSSIBLE_THRESHOLD, SCORING_VERSION } from '../../src/verdict/index.js';

export const GATE_F1 = 0.95;
/** Recall every `phenomenon_*` category must reach (positive = MATCH or POSSIBLE_MATCH). */
export const PHENOMENON_RECALL = 0.97;
/** Precision over every pair (positive = MATCH or POSSIBLE_MATCH). */
export const GATE_PRECISION = 0.95;

export type Register = 'minjust_foreign_agent' | 'sanctions' | 'bankruptcy';

export interface LabelledPair {
  readonly id: string;
  readonly category: string;
  readonly register: Register;
  readonly client: Client;
  readonly record: ForeignAgentRecord | SanctionsRecord | BankruptcyEntry;
  readonly label: 'match' | 'non_match';
}

export const PAIRS_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'samples',
  'matching',
  'labelled-pairs.jsonl',
);

export function loadPairs(path = PAIRS_PATH): LabelledPair[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as LabelledPair);
}

/** Scores one pair with the scorer of its register. */
export function scorePair(pair: LabelledPair): ScoredCandidate {
  switch (pair.register) {
    case 'minjust_foreign_agent':
      return scoreForeignAgent(pair.client, pair.record as ForeignAgentRecord);
    case 'sanctions':
      return scoreSanctions(pair.client, pair.record as SanctionsRecord);
    case 'bankruptcy':
      return scoreBankruptcy(pair.client, pair.record as BankruptcyEntry);
  }
}

export interface Outcome {
  readonly pair: LabelledPair;
  readonly candidate: ScoredCandidate;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface Metrics extends Counts {
  readonly precision: number | undefined;
  readonly recall: number | undefined;
  readonly f1: number | undefined;
}

function metrics(c: Counts): Metrics {
  const precision = c.tp + c.fp === 0 ? undefined : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? undefined : c.tp / (c.tp + c.fn);
  const f1 =
    precision === undefined || recall === undefined
      ? undefined
      : precision + recall === 0
        ? 0
        : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1 };
}

export function count(outcomes: readonly Outcome[], positive: (d: CandidateDecision) => boolean): Metrics {
  const c: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const { pair, candidate } of outcomes) {
    const flagged = positive(candidate.decision);
    if (pair.label === 'match') {
      if (flagged) c.tp++;
      else c.fn++;
    } else if (flagged) c.fp++;
    else c.tn++;
  }
  return metrics(c);
}

export const reachesAnalyst = (d: CandidateDecision): boolean => d !== 'NO_MATCH';
export const isMatch = (d: CandidateDecision): boolean => d === 'MATCH';

export const isIdentifierCategory = (category: string): boolean => category.startsWith('identifier_');
export const isEvasionCategory = (category: string): boolean => category.startsWith('evasion_');
export const isPhenomenonCategory = (category: string): boolean => category.startsWith('phenomenon_');

/** The gate's metrics of every category (positive = MATCH or POSSIBLE_MATCH), in order of first appearance. */
export function perCategory(outcomes: readonly Outcome[]): Map<string, Metrics> {
  const categories = [...new Set(outcomes.map((o) => o.pair.category))];
  return new Map(
    categories.map((c) => [
      c,
      count(
        outcomes.filter((o) => o.pair.category === c),
        reachesAnalyst,
      ),
    ]),
  );
}

export interface Evaluation {
  readonly outcomes: readonly Outcome[];
  /** The gate's definition: MATCH or POSSIBLE_MATCH is positive. */
  readonly overall: Metrics;
  /** MATCH only. */
  readonly strict: Metrics;
  /** True matches that reach POSSIBLE_MATCH only (review load from real hits). */
  readonly matchesOnlyPossible: number;
  /** Non-matches that reach POSSIBLE_MATCH (review load from false alarms). */
  readonly nonMatchesPossible: number;
  /** True matches of identifier categories that are not MATCH. */
  readonly identifierMisses: readonly Outcome[];
  /** True matches of identifier categories decided MATCH / all of them (the gate needs 1). */
  readonly identifierRecall: number | undefined;
  /**
   * True matches of evasion categories (a MATCH pair with invisible characters, control characters,
   * look-alike letters or odd spaces planted on one side) decided MATCH / all of them (the gate needs 1).
   */
  readonly evasionRecall: number | undefined;
  /** True matches of evasion categories that are not MATCH. */
  readonly evasionMisses: readonly Outcome[];
  /** Gate metrics of each `phenomenon_*` category. */
  readonly phenomena: ReadonlyMap<string, Metrics>;
  /** Phenomenon categories whose recall is below PHENOMENON_RECALL. */
  readonly phenomenaBelowRecall: readonly string[];
  readonly passed: boolean;
}

export function evaluate(pairs: readonly LabelledPair[] = loadPairs()): Evaluation {
  const outcomes = pairs.map((pair) => ({ pair, candidate: scorePair(pair) }));
  const overall = count(outcomes, reachesAnalyst);
  const strict = count(outcomes, isMatch);
  const possible = (label: 'match' | 'non_match') =>
    outcomes.filter((o) => o.pair.label === label && o.candidate.decision === 'POSSIBLE_MATCH').length;
  const strictRecall = (inCategory: (category: string) => boolean) => {
    const own = outcomes.filter((o) => inCategory(o.pair.category) && o.pair.label === 'match');
    const misses = own.filter((o) => o.candidate.decision !== 'MATCH');
    return { misses, recall: own.length === 0 ? undefined : (own.length - misses.length) / own.length };
  };
  const identifier = strictRecall(isIdentifierCategory);
  const evasion = strictRecall(isEvasionCategory);
  const phenomena = new Map([...perCategory(outcomes)].filter(([c]) => isPhenomenonCategory(c)));
  const phenomenaBelowRecall = [...phenomena]
    .filter(([, m]) => (m.recall ?? 0) < PHENOMENON_RECALL)
    .map(([c]) => c);
  return {
    outcomes,
    overall,
    strict,
    matchesOnlyPossible: possible('match'),
    nonMatchesPossible: possible('non_match'),
    identifierMisses: identifier.misses,
    identifierRecall: identifier.recall,
    evasionRecall: evasion.recall,
    evasionMisses: evasion.misses,
    phenomena,
    phenomenaBelowRecall,
    passed:
      (overall.f1 ?? 0) >= GATE_F1 &&
      (overall.precision ?? 0) >= GATE_PRECISION &&
      identifier.misses.length === 0 &&
      evasion.misses.length === 0 &&
      phenomenaBelowRecall.length === 0,
  };
}

// --- report

const fmt = (v: number | undefined): string => (v === undefined ? '—' : v.toFixed(3));
const pad = (s: string | number, n: number): string => String(s).padEnd(n);
const padL = (s: string | number, n: number): string => String(s).padStart(n);

function categoryTable(outcomes: readonly Outcome[]): string[] {
  const categories = [...new Set(outcomes.map((o) => o.pair.category))];
  const width = Math.max(...categories.map((c) => c.length), 8);
  const lines = [
    `${pad('category', width)}  match  non   MATCH  POSS  NO    precision recall  F1`,
    '-'.repeat(width + 62),
  ];
  for (const [category, m] of perCategory(outcomes)) {
    const own = outcomes.filter((o) => o.pair.category === category);
    const by = (d: CandidateDecision) => own.filter((o) => o.candidate.decision === d).length;
    const matches = own.filter((o) => o.pair.label === 'match').length;
    const gated =
      isPhenomenonCategory(category) && (m.recall ?? 0) < PHENOMENON_RECALL ? '  ← below gate' : '';
    lines.push(
      `${pad(category, width)}  ${padL(matches, 5)}  ${padL(own.length - matches, 3)}  ${padL(by('MATCH'), 5)}  ${padL(by('POSSIBLE_MATCH'), 4)}  ${padL(by('NO_MATCH'), 4)}  ${padL(fmt(m.precision), 9)} ${padL(fmt(m.recall), 6)}  ${fmt(m.f1)}${gated}`,
    );
  }
  return lines;
}

/** F1 of both definitions if the thresholds were elsewhere: the calibration view. */
function sweep(outcomes: readonly Outcome[]): string[] {
  const lines = ['threshold  F1 (score ≥ t counts as positive)'];
  for (let t = 0.7; t <= 0.981; t += 0.02) {
    const c: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const { pair, candidate } of outcomes) {
      const flagged = candidate.score >= t - 1e-9;
      if (pair.label === 'match') {
        if (flagged) c.tp++;
        else c.fn++;
      } else if (flagged) c.fp++;
      else c.tn++;
    }
    const m = metrics(c);
    const mark =
      Math.abs(t - POSSIBLE_THRESHOLD) < 0.005
        ? '  ← POSSIBLE'
        : Math.abs(t - MATCH_THRESHOLD) < 0.005
          ? '  ← MATCH'
          : '';
    lines.push(`${t.toFixed(2)}       ${fmt(m.f1)}  (P ${fmt(m.precision)}, R ${fmt(m.recall)})${mark}`);
  }
  return lines;
}

export function report(e: Evaluation): string {
  const o = e.overall;
  const s = e.strict;
  const matches = e.outcomes.filter((x) => x.pair.label === 'match').length;
  const wrong = e.outcomes.filter((x) => (x.pair.label === 'match') !== reachesAnalyst(x.candidate.decision));
  const lines = [
    `Matching evaluation — scoring ${SCORING_VERSION}, MATCH ≥ ${MATCH_THRESHOLD}, POSSIBLE ≥ ${POSSIBLE_THRESHOLD}`,
    `${e.outcomes.length} pairs: ${matches} match, ${e.outcomes.length - matches} non_match`,
    '',
    'Gate definition: positive = MATCH or POSSIBLE_MATCH (reaches an analyst); a POSSIBLE on a non-match is a',
    `false positive. Gate: F1 ≥ ${GATE_F1}, precision ≥ ${GATE_PRECISION}, identifier recall 1.00 and evasion recall`,
    `1.00 (strict: MATCH), recall ≥ ${PHENOMENON_RECALL} in every phenomenon_* category.`,
    '',
    `overall (MATCH or POSSIBLE): precision ${fmt(o.precision)}  recall ${fmt(o.recall)}  F1 ${fmt(o.f1)}  (TP ${o.tp}, FP ${o.fp}, FN ${o.fn}, TN ${o.tn})`,
    `strict  (MATCH only):        precision ${fmt(s.precision)}  recall ${fmt(s.recall)}  F1 ${fmt(s.f1)}  (TP ${s.tp}, FP ${s.fp}, FN ${s.fn}, TN ${s.tn})`,
    `review load: ${e.matchesOnlyPossible} true matches reach only POSSIBLE_MATCH; ${e.nonMatchesPossible} non-matches reach POSSIBLE_MATCH; ${e.outcomes.filter((x) => x.pair.label === 'non_match' && x.candidate.decision === 'MATCH').length} non-matches reach MATCH`,
    `identifier recall (identifier_* matches decided MATCH): ${fmt(e.identifierRecall)}  (${e.identifierMisses.length} not MATCH)`,
    `evasion recall (evasion_* matches decided MATCH):       ${fmt(e.evasionRecall)}  (${e.evasionMisses.length} not MATCH)`,
    `phenomenon categories below recall ${PHENOMENON_RECALL}: ${e.phenomenaBelowRecall.length === 0 ? 'none' : e.phenomenaBelowRecall.join(', ')}`,
    '',
    ...categoryTable(e.outcomes),
    '',
    ...sweep(e.outcomes),
    '',
    `misclassified under the gate definition (${wrong.length}):`,
    ...wrong.map(
      (x) =>
        `  ${x.pair.id} [${x.pair.label}] → ${x.candidate.decision} ${x.candidate.score.toFixed(3)}: ${x.candidate.recordName} — ${x.candidate.explanation}`,
    ),
    '',
    e.passed ? 'GATE PASSED' : 'GATE FAILED',
  ];
  return lines.join('\n');
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const result = evaluate();
  console.log(report(result));
  process.exitCode = result.passed ? 0 : 1;
}
