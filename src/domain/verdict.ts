import type { CheckKind, CheckResult, CheckStatus } from './check.js';

/** Per client, in this order of precedence: HIT › INCOMPLETE › REVIEW › CLEAR; INVALID for unreadable rows. */
export type VerdictKind = 'HIT' | 'INCOMPLETE' | 'REVIEW' | 'CLEAR' | 'INVALID';

export interface Verdict {
  readonly row: number;
  readonly verdict: VerdictKind;
  /** Stable reason codes, most important first, e.g. `SANCTIONS_MATCH`, `DEBTOR_SKIPPED_NO_PERSON_INN`. */
  readonly reasons: readonly string[];
  readonly checks: Partial<Readonly<Record<CheckKind, CheckResult>>>;
  readonly scoringVersion: string;
}

export type CheckStatusSummary = Partial<Readonly<Record<CheckKind, CheckStatus>>>;
