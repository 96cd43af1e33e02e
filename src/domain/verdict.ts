import type { CheckKind, CheckResult, CheckStatus } from './check.js';

/**
 * Per client, in this order of precedence: HIT › INCOMPLETE › REVIEW › PARTIAL › CLEAR; INVALID for
 * unreadable rows. PARTIAL: nothing found, but not every watch-list and register check that applies to the
 * client ran (the run chose fewer checks), so the client was not screened in full.
 */
export const VERDICT_KINDS = ['HIT', 'INCOMPLETE', 'REVIEW', 'PARTIAL', 'CLEAR', 'INVALID'] as const;
export type VerdictKind = (typeof VERDICT_KINDS)[number];

export function isVerdictKind(text: string): text is VerdictKind {
  return (VERDICT_KINDS as readonly string[]).includes(text);
}

export interface Verdict {
  readonly row: number;
  readonly verdict: VerdictKind;
  /** Stable reason codes, most important first, e.g. `SANCTIONS_MATCH`, `DEBTOR_SKIPPED_NO_PERSON_INN`. */
  readonly reasons: readonly string[];
  readonly checks: Partial<Readonly<Record<CheckKind, CheckResult>>>;
  readonly scoringVersion: string;
}

export type CheckStatusSummary = Partial<Readonly<Record<CheckKind, CheckStatus>>>;
