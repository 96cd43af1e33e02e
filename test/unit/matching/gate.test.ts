import { describe, expect, it } from 'vitest';
import {
  evaluate,
  GATE_F1,
  isEvasionCategory,
  isIdentifierCategory,
  loadPairs,
  report,
} from '../../eval/matching-eval.js';

/**
 * The matching gate (definition in test/eval/matching-eval.ts and docs/matching.md): positive = MATCH or
 * POSSIBLE_MATCH, a POSSIBLE on a non-match counts as a false positive; F1 ≥ 0.95, and every true match
 * of an identifier category and of an evasion category must be a MATCH (identifier and evasion recall 1).
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
});
