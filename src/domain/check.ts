import type { ErrorCode } from '../errors.js';

/** The four core checks of every client. */
export const CORE_CHECK_KINDS = ['foreign_agent', 'sanctions', 'bankruptcy', 'debtor'] as const;
/** Checks that run only when the client file has the column they need. */
export const OPTIONAL_CHECK_KINDS = ['email', 'card', 'cadastral'] as const;
export const CHECK_KINDS = [...CORE_CHECK_KINDS, ...OPTIONAL_CHECK_KINDS] as const;

export type CoreCheckKind = (typeof CORE_CHECK_KINDS)[number];
export type OptionalCheckKind = (typeof OPTIONAL_CHECK_KINDS)[number];
export type CheckKind = (typeof CHECK_KINDS)[number];

/** The watch lists: a MATCH on one of them outranks everything else and is what a whitelist may suppress. */
export const WATCH_LISTS: ReadonlySet<CheckKind> = new Set<CheckKind>(['sanctions', 'foreign_agent']);

export function isCoreCheckKind(name: string): name is CoreCheckKind {
  return (CORE_CHECK_KINDS as readonly string[]).includes(name);
}

export function isOptionalCheckKind(name: string): name is OptionalCheckKind {
  return (OPTIONAL_CHECK_KINDS as readonly string[]).includes(name);
}

export function isCheckKind(name: string): name is CheckKind {
  return isCoreCheckKind(name) || isOptionalCheckKind(name);
}

export type CheckStatus = 'CLEAR' | 'POSSIBLE_MATCH' | 'MATCH' | 'FLAG' | 'SKIPPED' | 'ERROR';

/**
 * How one register record compares with the client. SUPPRESSED: a MATCH or POSSIBLE_MATCH that a reviewer
 * whitelisted as a false positive (the record unchanged since): kept as evidence, it raises nothing.
 */
export type CandidateDecision = 'MATCH' | 'POSSIBLE_MATCH' | 'NO_MATCH' | 'SUPPRESSED';

/** The values of one side a reviewer compares: as the client file or the register wrote them. */
export interface PartyValues {
  readonly name?: string;
  readonly birthDate?: string;
  readonly inn?: string;
  readonly ogrn?: string;
  readonly snils?: string;
  readonly address?: string;
}

/** The client's values beside the record's, for a candidate that reaches a reviewer. */
export interface ComparedValues {
  readonly client: PartyValues;
  readonly record: PartyValues;
}

export interface ScoredCandidate {
  /** Register code: `minjust_foreign_agent`, `sanctions`, `bankruptcy`, `debtor`, … */
  readonly source: string;
  /** A stable id of the record within its register (registration number, guid, INN, or a content hash). */
  readonly recordId: string;
  /** sha256 of the record's canonical JSON: whitelists reopen when it changes. */
  readonly recordHash: string;
  /** The record's name as the register writes it (for the reviewer). */
  readonly recordName: string;
  readonly score: number;
  readonly decision: CandidateDecision;
  /** Human-readable: `name 0.97 (Latin ICAO ↔ Cyrillic), birth_date equal, inn absent on record`. */
  readonly explanation: string;
  /** Side by side, on a MATCH or POSSIBLE_MATCH only (src/verdict/compared-values.ts). */
  readonly compared?: ComparedValues;
}

/** One HTTP request a check made, as evidence. Never carries the API key. */
export interface RequestRecord {
  readonly operation: string;
  readonly params: Readonly<Record<string, string>>;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** sha256 of the response body, so an auditor can tie the evidence to what the service said. */
  readonly digest?: string;
  readonly cached?: boolean;
  /** The answer was kept from an earlier run (src/answers): no call was made for it. */
  readonly reused?: boolean;
  /** When the service gave a reused answer (ISO 8601). */
  readonly fetchedAt?: string;
}

/**
 * Something in an upstream answer the client or the verdict did not recognise and read tolerantly or
 * refused: a null where the contract has a string, a debtor message that is not a known phrasing, an error
 * body of an unknown shape. Counted per run (operation and kind) and shown with one example, which never
 * carries personal data (digits masked, names dropped, clipped).
 */
export interface UnrecognisedAnswer {
  /** The Lookup Service operation (`client.debt`, `search.foreign_agent`, …). */
  readonly operation: string;
  /** What was not recognised, with the field path where there is one: `null_field data.birth_date`. */
  readonly kind: string;
  readonly example: string;
}

export interface CheckError {
  readonly code: ErrorCode;
  readonly message: string;
}

export interface CheckResult {
  readonly kind: CheckKind;
  readonly status: CheckStatus;
  /** Best candidate score, 0 when there was none. */
  readonly score: number;
  /** Short text for the CSV status cell: matched record, score, case number, skip reason. */
  readonly detail: string;
  /** Stable reason codes (see src/verdict). */
  readonly reasons: readonly string[];
  /** Candidates kept as evidence, best first. */
  readonly candidates: readonly ScoredCandidate[];
  readonly requests: readonly RequestRecord[];
  readonly error?: CheckError;
  /** Extra fields an optional check puts in the row (e.g. card payment system). */
  readonly fields?: Readonly<Record<string, string>>;
  /** What the answers behind this result had that the client or the verdict did not recognise. */
  readonly unrecognised?: readonly UnrecognisedAnswer[];
}
