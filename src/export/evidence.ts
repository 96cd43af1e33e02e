import type { CheckKind } from '../domain/check.js';
import type { RowIssue } from '../domain/client.js';
import type { Verdict } from '../domain/verdict.js';
import type { ForeignAgentStrategyNote } from './mirror-snapshot.js';

/**
 * One line of evidence.jsonl per input row: what was asked (operation and parameters, never the key),
 * a digest of each answer, the candidates with their scores and explanations, and the reasons. Enough to
 * explain the decision to an auditor and to reproduce it with the same scoring version.
 */
export interface EvidenceLine {
  readonly row: number;
  readonly run_id: string;
  readonly checked_at: string;
  readonly verdict: Verdict['verdict'];
  readonly reasons: readonly string[];
  readonly scoring_version: string;
  readonly warnings: readonly RowIssue[];
  readonly checks: Partial<Record<CheckKind, unknown>>;
  /** Cells of a row with more cells than the header, beyond the header's width (as in verdicts.csv). */
  readonly extra_cells?: readonly string[];
  /** Present (true) only on the lines of a run against the built-in emulator: synthetic registers. */
  readonly emulator?: true;
  /** The id of the Lookup Service the row was screened against (the manifest's `service.id`). */
  readonly service?: string;
  /**
   * When the oldest answer the verdict rests on was fetched (ISO 8601), present only when the row used an
   * answer kept from an earlier run (`--max-age`): each such request carries `reused` and `fetchedAt`.
   */
  readonly oldest_answer_at?: string;
}

/** The fetch time of the oldest kept answer among the row's requests, if it used any. */
export function oldestAnswerAt(verdict: Verdict): string | undefined {
  let oldest: string | undefined;
  for (const result of Object.values(verdict.checks))
    for (const request of result?.requests ?? [])
      if (request.reused && request.fetchedAt && (oldest === undefined || request.fetchedAt < oldest))
        oldest = request.fetchedAt;
  return oldest;
}

export function evidenceLine(
  verdict: Verdict,
  warnings: readonly RowIssue[],
  meta: {
    runId: string;
    checkedAt: string;
    emulator?: boolean;
    service?: string | undefined;
    foreignAgent?: ForeignAgentStrategyNote;
  },
  extraCells: readonly string[] = [],
): EvidenceLine {
  const checks: Partial<Record<CheckKind, unknown>> = {};
  for (const [kind, result] of Object.entries(verdict.checks) as [
    CheckKind,
    Verdict['checks'][CheckKind],
  ][]) {
    if (!result) continue;
    checks[kind] = {
      status: result.status,
      score: result.score,
      detail: result.detail,
      reasons: result.reasons,
      requests: result.requests,
      candidates: result.candidates,
      ...(result.error ? { error: result.error } : {}),
      ...(result.fields ? { fields: result.fields } : {}),
      ...(result.unrecognised ? { unrecognised: result.unrecognised } : {}),
      // How the candidates were found: the run's mirror (size, digest, when, range) or per-client searches.
      ...(kind === 'foreign_agent' && meta.foreignAgent ? { strategy: meta.foreignAgent } : {}),
    };
  }
  return {
    row: verdict.row,
    run_id: meta.runId,
    checked_at: meta.checkedAt,
    verdict: verdict.verdict,
    reasons: verdict.reasons,
    scoring_version: verdict.scoringVersion,
    warnings,
    checks,
    ...(extraCells.length > 0 ? { extra_cells: extraCells } : {}),
    ...(meta.emulator ? { emulator: true as const } : {}),
    ...(meta.service === undefined ? {} : { service: meta.service }),
    ...withOldestAnswer(verdict),
  };
}

function withOldestAnswer(verdict: Verdict): { oldest_answer_at?: string } {
  const oldest = oldestAnswerAt(verdict);
  return oldest === undefined ? {} : { oldest_answer_at: oldest };
}

export function encodeEvidenceLine(line: EvidenceLine): Buffer {
  return Buffer.from(JSON.stringify(line) + '\n', 'utf8');
}
