import type { CheckKind, CheckResult, RequestRecord, ScoredCandidate } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import type { ForeignAgentRecord, SanctionsRecord } from '../domain/records.js';
import { scoreForeignAgent } from '../matching/scoring/score-foreign-agent.js';
import { foreignAgentValues, sanctionsValues, withCompared } from './compared-values.js';
import { distinctSanctionsIds, scoreSanctions } from '../matching/scoring/score-sanctions.js';
import { candidateDetail, keepEvidence } from './candidates.js';
import { KIND_PREFIX } from './reasons.js';

/**
 * Watch lists (foreign agents, sanctions): the client is on the list when any record is a MATCH, may be
 * when any is a POSSIBLE_MATCH, and is clear otherwise, including when the search returned nothing.
 */
function decideWatchlist(
  kind: CheckKind,
  scored: readonly ScoredCandidate[],
  requests: readonly RequestRecord[],
): CheckResult {
  const candidates = keepEvidence(scored);
  const matches = candidates.filter((c) => c.decision === 'MATCH');
  const possible = candidates.filter((c) => c.decision === 'POSSIBLE_MATCH');
  const score = candidates[0]?.score ?? 0;
  const prefix = KIND_PREFIX[kind];
  if (matches.length > 0) {
    return {
      kind,
      status: 'MATCH',
      score,
      detail: candidateDetail(matches),
      reasons: [`${prefix}_MATCH`],
      candidates,
      requests,
    };
  }
  if (possible.length > 0) {
    return {
      kind,
      status: 'POSSIBLE_MATCH',
      score,
      detail: candidateDetail(possible),
      reasons: [`${prefix}_POSSIBLE_MATCH`],
      candidates,
      requests,
    };
  }
  const detail = scored.length === 0 ? '' : `${scored.length} checked, best ${score.toFixed(2)}`;
  return { kind, status: 'CLEAR', score, detail, reasons: [], candidates, requests };
}

export function decideForeignAgent(
  client: Client,
  records: readonly ForeignAgentRecord[],
  requests: readonly RequestRecord[],
): CheckResult {
  return decideWatchlist(
    'foreign_agent',
    records.map((r) => withCompared(scoreForeignAgent(client, r), client, foreignAgentValues(r))),
    requests,
  );
}

export function decideSanctions(
  client: Client,
  records: readonly SanctionsRecord[],
  requests: readonly RequestRecord[],
): CheckResult {
  return decideWatchlist(
    'sanctions',
    distinctSanctionsIds(
      records.map((r) => withCompared(scoreSanctions(client, r), client, sanctionsValues(r))),
    ),
    requests,
  );
}
