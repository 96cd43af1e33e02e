import type { CheckResult, RequestRecord, ScoredCandidate } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import type { BankruptcyEntry } from '../domain/records.js';
import { scoreBankruptcy } from '../matching/scoring/score-bankruptcy.js';
import { bankruptcyValues, withCompared } from './compared-values.js';
import { byScore, candidateDetail, clip, keepEvidence } from './candidates.js';

/**
 * Bankruptcy: the register lists cases, active and finished.
 *  - an active case of THIS client (equal INN/OGRN, or a name strong enough for MATCH, which for an
 *    organization means name and legal form agree) → FLAG, case number and status in the detail;
 *  - an active case of someone who may be the client (a person's name alone: the register has no birth
 *    dates) → POSSIBLE_MATCH;
 *  - only finished cases of the client → CLEAR with BANKRUPTCY_INACTIVE_NOTE: a closed procedure is
 *    history, but the reviewer should know of it;
 *  - nothing of the client → CLEAR.
 */

function caseText(entry: BankruptcyEntry): string {
  const number = entry.lastLegalCase.number.trim();
  const status = entry.status.trim() || entry.lastLegalCase.status.description.trim();
  return clip([number, status].filter((s) => s.length > 0).join(' '));
}

export function decideBankruptcy(
  client: Client,
  entries: readonly BankruptcyEntry[],
  requests: readonly RequestRecord[],
): CheckResult {
  const scored = entries.map((entry) => ({
    entry,
    candidate: withCompared(scoreBankruptcy(client, entry), client, bankruptcyValues(entry)),
  }));
  scored.sort((a, b) => byScore(a.candidate, b.candidate));
  const candidates = keepEvidence(scored.map((s) => s.candidate));
  const score = candidates[0]?.score ?? 0;
  const of = (decision: ScoredCandidate['decision'], active: boolean) =>
    scored.filter((s) => s.candidate.decision === decision && s.entry.isActive === active);

  const activeMatches = of('MATCH', true);
  const first = activeMatches[0];
  if (first !== undefined) {
    const more = activeMatches.length > 1 ? ` +${activeMatches.length - 1} more` : '';
    return {
      kind: 'bankruptcy',
      status: 'FLAG',
      score,
      detail: caseText(first.entry) + more,
      reasons: ['BANKRUPTCY_ACTIVE'],
      candidates,
      requests,
    };
  }
  const activePossible = of('POSSIBLE_MATCH', true);
  if (activePossible.length > 0) {
    return {
      kind: 'bankruptcy',
      status: 'POSSIBLE_MATCH',
      score,
      detail: candidateDetail(activePossible.map((s) => s.candidate)),
      reasons: ['BANKRUPTCY_POSSIBLE_MATCH'],
      candidates,
      requests,
    };
  }
  const inactive = [...of('MATCH', false), ...of('POSSIBLE_MATCH', false)];
  const closed = inactive[0];
  if (closed !== undefined) {
    return {
      kind: 'bankruptcy',
      status: 'CLEAR',
      score,
      detail: `finished: ${caseText(closed.entry)}`,
      reasons: ['BANKRUPTCY_INACTIVE_NOTE'],
      candidates,
      requests,
    };
  }
  const detail = entries.length === 0 ? '' : `${entries.length} checked, best ${score.toFixed(2)}`;
  return { kind: 'bankruptcy', status: 'CLEAR', score, detail, reasons: [], candidates, requests };
}
