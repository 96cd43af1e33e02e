import { describe, expect, it } from 'vitest';
import { PHENOMENON_CATEGORIES } from '../../../../packages/lookup-emulator/scripts/samples/matching/phenomena-pairs.js';
import {
  evaluate,
  GATE_F1,
  GATE_PRECISION,
  isEvasionCategory,
  isIdentifierCategory,
  loadPairs,
  PHENOMENON_RECALL,
  report,
} from '../../../eval/matching-eval.js';

/**
 * The matching gate (definition in test/eval/matching-eval.ts and docs/matching.md): positive = MATCH or
 * POSSIBLE_MATCH, a POSSIBLE on a non-match counts as a false positive; F1 ≥ 0.95, and every true match
 * of an identifier category and of an evasion category must be a MATCH (identifier and evasion recall 1);
 * precision ≥ 0.95 over the whole set, and recall ≥ 0.97 in every `phenomenon_*` category (names as other
 * countries' lists and bank exports write them: each category has true matches and hard negatives).
 */
describe('matching evaluation gate', () => {
  const pairs = loadPairs();
  const result = evaluate(pairs);

  it('has the size and mix the gate needs', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(400);
    expect(pairs.filter((p) => p.label === 'match').length).toBeGreaterThanOrEqual(150);
    expect(pairs.filter((p) => p.label === 'non_match').length).toBeGreaterThanOrEqual(250);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
  });

  it(`F1 ≥ ${GATE_F1}`, () => {
    expect(result.overall.f1 ?? 0, report(result)).toBeGreaterThanOrEqual(GATE_F1);
  });

  it('misses no identifier-category match (each is a MATCH)', () => {
    expect(pairs.some((p) => isIdentifierCategory(p.category) && p.label === 'match')).toBe(true);
    expect(result.identifierMisses.map((o) => o.pair.id)).toEqual([]);
  });

  it('misses no evasion-category match (each is a MATCH): hiding a name does not lower its decision', () => {
    const evasion = new Set(pairs.filter((p) => isEvasionCategory(p.category)).map((p) => p.category));
    for (const category of [
      'evasion_zero_width',
      'evasion_bidi_mark',
      'evasion_control',
      'evasion_joiner_selector',
      'evasion_soft_hyphen',
      'evasion_latin_in_cyrillic',
      'evasion_cyrillic_in_latin',
      'evasion_whitespace',
    ]) {
      expect(evasion, category).toContain(category);
    }
    expect(result.evasionMisses.map((o) => o.pair.id)).toEqual([]);
    expect(result.evasionRecall).toBe(1);
    expect(result.identifierRecall).toBe(1);
  });

  it('never makes a MATCH of a non-match', () => {
    const wrong = result.outcomes.filter(
      (o) => o.pair.label === 'non_match' && o.candidate.decision === 'MATCH',
    );
    expect(wrong.map((o) => o.pair.id)).toEqual([]);
  });

  it('has every phenomenon category, each with true matches and hard negatives', () => {
    for (const category of PHENOMENON_CATEGORIES) {
      const own = pairs.filter((p) => p.category === category);
      expect(own.filter((p) => p.label === 'match').length, category).toBeGreaterThanOrEqual(16);
      expect(own.filter((p) => p.label === 'non_match').length, category).toBeGreaterThanOrEqual(8);
    }
    expect([...result.phenomena.keys()].sort()).toEqual([...PHENOMENON_CATEGORIES].sort());
  });

  it(`precision ≥ ${GATE_PRECISION} over the whole set`, () => {
    expect(result.overall.precision ?? 0, report(result)).toBeGreaterThanOrEqual(GATE_PRECISION);
  });

  it.each([...PHENOMENON_CATEGORIES])(`recall ≥ ${PHENOMENON_RECALL} in %s`, (category) => {
    const misses = result.outcomes
      .filter(
        (o) =>
          o.pair.category === category && o.pair.label === 'match' && o.candidate.decision === 'NO_MATCH',
      )
      .map((o) => `${o.pair.id}: ${o.candidate.recordName} — ${o.candidate.explanation}`);
    expect(result.phenomena.get(category)?.recall ?? 0, misses.join('\n')).toBeGreaterThanOrEqual(
      PHENOMENON_RECALL,
    );
  });
});
