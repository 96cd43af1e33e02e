/**
 * The review desk's records as the API, the dashboard and the CLI see them. Alerts are keyed by client
 * key, register and record id across runs; decisions and approvals are append-only (docs/review-desk.md).
 */

/** `open`: nobody decided (or a decision was sent back, or the record changed since a false positive). */
export const ALERT_STATUSES = ['open', 'pending', 'false_positive', 'true_match', 'escalated'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The statuses of the inbox: alerts someone still has to act on. */
export const OPEN_STATUSES: readonly AlertStatus[] = ['open', 'pending', 'escalated'];

/** How the alert was seen in its latest run. */
export const SIGHTINGS = ['new', 'seen_again', 'reopened'] as const;
export type Sighting = (typeof SIGHTINGS)[number];

export const DECISIONS = ['true_match', 'false_positive', 'escalate'] as const;
export type DecisionKind = (typeof DECISIONS)[number];

export const ROLES = ['admin', 'analyst', 'approver'] as const;
export type Role = (typeof ROLES)[number];

/** Who acts at the desk: a token's name and its roles. */
export interface Person {
  readonly name: string;
  readonly roles: readonly Role[];
}

export type RaisingMatch = 'MATCH' | 'POSSIBLE_MATCH';

export interface Alert {
  readonly id: number;
  /** `id:…`, `inn:…` or `name:…|…` (src/matching/client-key.ts). */
  readonly clientKey: string;
  readonly register: string;
  readonly recordId: string;
  /** The check that found the candidate (`sanctions`, `foreign_agent`, …); empty for an imported one. */
  readonly checkKind: string;
  readonly clientName: string;
  readonly recordName: string;
  readonly status: AlertStatus;
  readonly sighting: Sighting;
  /** The candidate's decision when last raised. */
  readonly match: RaisingMatch;
  readonly score: number;
  /** What the inbox sorts by, highest first: a MATCH above every POSSIBLE_MATCH, then the score. */
  readonly risk: number;
  /** sha256 of the record's canonical JSON as last seen. */
  readonly recordHash: string;
  readonly explanation: string;
  /** The candidate as evidence.jsonl held it in its latest run (the record's fields among them). */
  readonly evidence: Readonly<Record<string, unknown>>;
  readonly firstRunId: string | null;
  readonly lastRunId: string | null;
  readonly lastRow: number | null;
  /** When the alert was opened, or reopened; ISO 8601 UTC. */
  readonly openedAt: string;
  readonly lastSeenAt: string;
  readonly timesSeen: number;
}

export interface Approval {
  readonly id: number;
  readonly decisionId: number;
  /** true: approved, the decision takes effect; false: sent back to the analyst. */
  readonly approved: boolean;
  readonly comment: string;
  readonly approvedBy: string;
  readonly approvedAt: string;
}

export interface Decision {
  readonly id: number;
  readonly alertId: number;
  readonly decision: DecisionKind;
  readonly comment: string;
  readonly decidedBy: string;
  readonly decidedAt: string;
  /** The record's content hash the decision was made on. */
  readonly recordHash: string;
  /** `desk`: the API or the browser; `import`: `whitelist import`. */
  readonly source: 'desk' | 'import';
  /** Absent while the decision waits for a second person. */
  readonly approval?: Approval;
}

/** One run's sight of an alert's candidate. */
export interface AlertSighting {
  readonly runId: string;
  readonly row: number;
  readonly recordHash: string;
  readonly match: RaisingMatch | 'SUPPRESSED';
  readonly score: number;
  readonly sighting: Sighting | 'suppressed';
  readonly seenAt: string;
}

export interface AlertDetail extends Alert {
  /** Newest first; the first is the one in force or waiting. */
  readonly decisions: readonly Decision[];
  /** Newest first. */
  readonly sightings: readonly AlertSighting[];
}

/** The oldest age a filter may ask for, in days (a century): beyond it the date is not one the database holds. */
export const MAX_AGE_DAYS = 36_500;
/** A register or run id a filter may name: printable text (no NUL or other control character), 1–200 long. */
export const FILTER_TEXT = /^[^\p{Cc}]{1,200}$/u;

export interface AlertFilter {
  /** Any of these statuses; absent: every status. */
  readonly status?: readonly AlertStatus[];
  readonly register?: string;
  /** Alerts seen in this run. */
  readonly runId?: string;
  readonly sighting?: Sighting;
  /** Opened (or reopened) at least this many days ago. */
  readonly minAgeDays?: number;
  /** Opened (or reopened) at most this many days ago. */
  readonly maxAgeDays?: number;
  readonly limit?: number;
  readonly offset?: number;
}

export interface AlertPage {
  readonly alerts: readonly Alert[];
  /** Alerts matching the filter, all pages. */
  readonly total: number;
}

/** One MATCH, POSSIBLE_MATCH or SUPPRESSED candidate of a finished run's row. */
export interface RunCandidate {
  readonly row: number;
  readonly clientKey: string;
  readonly clientName: string;
  readonly checkKind: string;
  readonly register: string;
  readonly recordId: string;
  readonly recordName: string;
  readonly recordHash: string;
  readonly match: RaisingMatch | 'SUPPRESSED';
  readonly score: number;
  readonly explanation: string;
  readonly evidence: Readonly<Record<string, unknown>>;
}

/** What a finished run did to the desk: alert ids only (no client data: these go to webhooks and logs). */
export interface RunAlerts {
  readonly runId: string;
  readonly opened: readonly number[];
  readonly reopened: readonly number[];
  readonly seenAgain: readonly number[];
  readonly suppressed: readonly number[];
}

/** A decision that concerns a run's row: for the audit package. */
export interface RunDecision {
  readonly row: number;
  readonly alertId: number;
  readonly register: string;
  readonly recordId: string;
  /** The record's hash in that run. */
  readonly runRecordHash: string;
  /** How the run saw the candidate. */
  readonly sighting: Sighting | 'suppressed';
  readonly decision: Decision;
  /** The decision was approved before the run saw the row: it was in force for the run. */
  readonly inForce: boolean;
}
