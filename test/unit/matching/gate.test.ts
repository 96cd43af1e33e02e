import { describe, expect, it } from 'vitest';
import { evaluate, GATE_F1, isIdentifierCategory, loadPairs, report } from '../../eval/matching-eval.js';

/**
 * The matching gate (definition in test/eval/matching-eval.ts and docs/matching.md): positive = MATCH or
 * POSSIBLE_MATCH, a POSSIBLE on a non-match counts as a false positive; F1 ≥ 0.95 and every true match of
 * an identifier category must be a MATCH.
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

  it('never makes a MATCH of a non-match', () => {
    const wrong = result.outcomes.filter(
      (o) => o.pair.label === 'non_match' && o.candidate.decision === 'MATCH',
    );
    expect(wrong.map((o) => o.pair.id)).toEqual([]);
  });
});
