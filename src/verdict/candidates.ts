import type { ScoredCandidate } from '../domain/check.js';
import { EVIDENCE_TOP_N } from '../matching/thresholds.js';

/** Best first; equal scores in recordId order so that evidence is the same on every run. */
export function byScore(a: ScoredCandidate, b: ScoredCandidate): number {
  if (b.score !== a.score) return b.score - a.score;
  return a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : 0;
}

/** The candidates kept as evidence: the EVIDENCE_TOP_N best, plus every MATCH and POSSIBLE_MATCH. */
export function keepEvidence(candidates: readonly ScoredCandidate[]): ScoredCandidate[] {
  const sorted = candidates.slice().sort(byScore);
  return sorted.filter((c, i) => i < EVIDENCE_TOP_N || c.decision !== 'NO_MATCH');
}

/** Short text for a CSV cell; a longer text is cut with an ellipsis. */
export function clip(text: string, max = 80): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length <= max ? flat : flat.slice(0, max - 1) + '…';
}

/** `FA-0001 0.98`, and `+2 more` when several records share the decision. */
export function candidateDetail(found: readonly ScoredCandidate[]): string {
  const first = found[0];
  if (first === undefined) return '';
  const more = found.length > 1 ? ` +${found.length - 1} more` : '';
  return `${first.recordId} ${first.score.toFixed(2)}${more}`;
}
