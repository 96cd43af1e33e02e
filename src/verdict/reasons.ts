import type { CheckKind } from '../domain/check.js';
import { CATALOG, type ErrorCode } from '../errors.js';

/**
 * The catalog of reason codes a verdict row carries in `kyc_reasons`. Like the KYC_ERR codes, a code once
 * published never changes meaning: compliance teams filter on them. Check codes are prefixed with the
 * check they come from (`SANCTIONS_MATCH`, `DEBTOR_SKIPPED_NO_PERSON_INN`), so a row says which source
 * gave the reason without looking at the status columns.
 */

/** The prefix of a check's reason codes. */
export const KIND_PREFIX: Readonly<Record<CheckKind, string>> = {
  foreign_agent: 'FOREIGN_AGENT',
  sanctions: 'SANCTIONS',
  bankruptcy: 'BANKRUPTCY',
  debtor: 'DEBTOR',
  email: 'EMAIL',
  card: 'CARD',
  cadastral: 'CADASTRAL',
};

const FIXED = {
  SANCTIONS_MATCH: 'The client is on the sanctions list (score at or above the MATCH threshold)',
  SANCTIONS_POSSIBLE_MATCH: 'A sanctions entry may be the client: a reviewer must decide',
  FOREIGN_AGENT_MATCH: 'The client is in the foreign-agent register',
  FOREIGN_AGENT_POSSIBLE_MATCH: 'A foreign-agent register entry may be the client: a reviewer must decide',
  BANKRUPTCY_ACTIVE: 'An active bankruptcy case of the client (status and case number in the detail)',
  BANKRUPTCY_POSSIBLE_MATCH: 'An active bankruptcy case of someone who may be the client (name only)',
  BANKRUPTCY_INACTIVE_NOTE: 'A finished bankruptcy case of the client: no flag, noted for the reviewer',
  DEBTOR_EXTRAJUDICIAL: 'An out-of-court (МФЦ) bankruptcy of the client',
  DEBTOR_LEGAL_CASE: 'A legal case about a debt of the client',
  DEBTOR_NOT_FOUND: 'The debtor database has no record for the client’s INN',
  DEBTOR_UNRECOGNISED_MESSAGE:
    'The debtor check answered with a message other than "not found": no clear answer, the check is an ERROR',
  DEBTOR_CONTRADICTORY_ANSWER:
    'The debtor check answered "not found" beside a record that names someone: the check is an ERROR',
  DEBTOR_EMPTY_ANSWER: 'The debtor check answered with neither a record nor a message: the check is an ERROR',
  DEBTOR_INN_MISMATCH:
    'The debtor check answered about another INN than the one asked: the check is an ERROR',
  SANCTIONS_ANSWER_CUT:
    'A sanctions search answered a full page (the service’s page size) however narrowed, or had nothing to narrow it with (a person known by initials only, without a birth date): records may be missing, FLAG (the row is REVIEW), never CLEAR',
  FOREIGN_AGENT_ANSWER_CUT:
    'A foreign-agent search answered a full page (the service’s page size) however narrowed, or had nothing to narrow it with (a person known by initials only, without a birth date): records may be missing, FLAG (the row is REVIEW), never CLEAR',
  FOREIGN_AGENT_SKIPPED_NO_NAME_OR_INN:
    'Foreign-agent check skipped: no name and no valid INN to search by; the client is PARTIAL, never CLEAR',
  SANCTIONS_SKIPPED_NO_NAME:
    'Sanctions check skipped: the list is searched by name and the row has none; the client is PARTIAL, never CLEAR',
  BANKRUPTCY_SKIPPED_NOTHING_TO_SEARCH:
    'Bankruptcy check skipped: no identifier and no name; the client is PARTIAL, never CLEAR',
  DEBTOR_SKIPPED_ORGANIZATION: 'Debtor check skipped: it exists for individuals only',
  DEBTOR_SKIPPED_NO_PERSON_INN: 'Debtor check skipped: no valid 12-digit INN',
  NO_CHECKS: 'No check result at all: the client was not screened',
  NAME_OBFUSCATED:
    'A name held invisible characters or letters of another script (row warning NAME_OBFUSCATED): screened cleaned, at least REVIEW',
  ROW_INVALID: 'The row could not be read; the next code says why',
} as const satisfies Record<string, string>;

/** How a check is named in a description. */
const KIND_LABEL: Readonly<Record<CheckKind, string>> = {
  foreign_agent: 'foreign-agent',
  sanctions: 'sanctions',
  bankruptcy: 'bankruptcy',
  debtor: 'debtor',
  email: 'e-mail',
  card: 'card',
  cadastral: 'cadastral',
};

/** `<KIND>_ERROR` for every check: the check failed after its last attempt (its KYC_ERR code in the detail). */
const ERRORS: Readonly<Record<string, string>> = Object.fromEntries(
  (Object.keys(KIND_PREFIX) as CheckKind[]).map((kind) => [
    `${KIND_PREFIX[kind]}_ERROR`,
    `The ${KIND_LABEL[kind]} check failed (KYC_ERR code in the detail): the client is INCOMPLETE, never CLEAR`,
  ]),
);

/** `<KIND>_NOT_RUN` for the watch-list and register checks: the run did not include it (verdict PARTIAL). */
const NOT_RUN: Readonly<Record<string, string>> = Object.fromEntries(
  (['foreign_agent', 'sanctions', 'bankruptcy', 'debtor'] as const).map((kind) => [
    `${KIND_PREFIX[kind]}_NOT_RUN`,
    `The ${KIND_LABEL[kind]} check did not run (the run chose fewer checks): the client is PARTIAL, never CLEAR`,
  ]),
);

/**
 * Whitelist outcomes for every check (src/whitelist, src/verdict/whitelist-rule.ts). In a row the code is followed by `: ` and who
 * reviewed which record when (`FOREIGN_AGENT_SUPPRESSED: FA-0001 by Иванова А. 2025-01-10`); the code
 * before the colon is the stable part.
 */
const WHITELIST: Readonly<Record<string, string>> = Object.fromEntries(
  (Object.keys(KIND_PREFIX) as CheckKind[]).flatMap((kind) => [
    [
      `${KIND_PREFIX[kind]}_SUPPRESSED`,
      `A ${KIND_LABEL[kind]} match a reviewer whitelisted as a false positive (reviewer after the code): shown, never counted`,
    ],
    [
      `${KIND_PREFIX[kind]}_WHITELIST_REOPENED`,
      `A whitelisted ${KIND_LABEL[kind]} match whose register record changed since the review: it counts again`,
    ],
  ]),
);

/** Generic codes for the optional checks' outcomes, used when their result brings no code of its own. */
const OPTIONAL: Readonly<Record<string, string>> = {
  EMAIL_FLAG: 'The e-mail check raised a flag',
  CARD_FLAG: 'The card check raised a flag',
  CADASTRAL_FLAG: 'The cadastral check raised a flag',
};

/** What the optional checks found or why they did not run (docs/optional-checks.md). */
const OPTIONAL_FINDINGS = {
  EMAIL_INVALID: 'The e-mail address is invalid (format, or with --smtp no mail exchanger): FLAG',
  EMAIL_DISPOSABLE: 'The e-mail address belongs to a disposable (temporary) mail service: FLAG',
  EMAIL_RECOMMENDATION_DECLINE: 'The e-mail validation recommends DECLINE (risk score in the detail): FLAG',
  EMAIL_RECOMMENDATION_REVIEW: 'The e-mail validation recommends REVIEW (risk score in the detail): FLAG',
  EMAIL_SKIPPED_NO_EMAIL: 'E-mail check skipped: the row has no e-mail address',
  CARD_LUHN_FAILED:
    'The full card number fails the Luhn check: not a card number (checked before any call): FLAG',
  CARD_INVALID: 'The card service says the card number is invalid: FLAG',
  CARD_RISK_COUNTRY: 'The card was issued in a country of --card-risk-countries: FLAG',
  CARD_BIN_UNKNOWN:
    'The card service does not know the BIN (no bank, no country): no flag, noted for the reviewer',
  CARD_SKIPPED_NO_CARD: 'Card check skipped: the row has no card number',
  CARD_SKIPPED_UNREADABLE:
    'Card check skipped: the card cell is neither a 12–19-digit number nor a masked one showing its first six digits',
  CADASTRAL_ENCUMBRANCES:
    'The property has encumbrances (mortgage, arrest, …) according to the cadastral report: FLAG',
  CADASTRAL_ACTIVE_FSSP:
    'The owner has active bailiff (FSSP) proceedings according to the cadastral report: FLAG',
  CADASTRAL_UNKNOWN:
    'The cadastral report could not say (null, not false) whether the object is encumbered or its owner has active proceedings: FLAG, never CLEAR',
  CADASTRAL_SOURCE_ERROR_NSPD:
    'The property-register source (nspd) of the cadastral report failed: partial answer, FLAG',
  CADASTRAL_SOURCE_ERROR_ROSREESTR_SPRAV:
    'The reference-service source (rosreestr_sprav) of the cadastral report failed: partial answer, FLAG',
  CADASTRAL_SOURCE_ERROR_FSSP:
    'The bailiff source (fssp) of the cadastral report failed: partial answer, FLAG',
  CADASTRAL_FSSP_SKIPPED:
    'The bailiff check did not run (no owner name in the row): the result covers the property only',
  CADASTRAL_SKIPPED_NO_NUMBER: 'Cadastral check skipped: the row has no cadastral number',
  CADASTRAL_SKIPPED_UNREADABLE:
    'Cadastral check skipped: the cadastral number is malformed (see the row warning)',
} as const satisfies Record<string, string>;

export type OptionalReasonCode = keyof typeof OPTIONAL_FINDINGS;

/** `KYC_ERR_ROW_INN_CHECKSUM` → `INN_CHECKSUM`; other codes lose only the `KYC_ERR_` prefix. */
export function issueSuffix(code: ErrorCode): string {
  return code.startsWith('KYC_ERR_ROW_') ? code.slice('KYC_ERR_ROW_'.length) : code.slice('KYC_ERR_'.length);
}

/** Row issues as reasons: `ROW_WARNING_<X>` on a screened row, `ROW_INVALID_<X>` on an unreadable one. */
const ROWS: Readonly<Record<string, string>> = Object.fromEntries(
  (Object.keys(CATALOG) as ErrorCode[])
    .filter((code) => code.startsWith('KYC_ERR_ROW_'))
    .flatMap((code) => [
      [`ROW_WARNING_${issueSuffix(code)}`, `Row warning: ${CATALOG[code].message}`],
      [`ROW_INVALID_${issueSuffix(code)}`, `Row invalid: ${CATALOG[code].message}`],
    ]),
);

export const REASONS: Readonly<Record<string, string>> = {
  ...FIXED,
  ...ERRORS,
  ...NOT_RUN,
  ...OPTIONAL,
  ...OPTIONAL_FINDINGS,
  ...WHITELIST,
  ...ROWS,
};

export type FixedReasonCode = keyof typeof FIXED;

/** The one-line description of a code; undefined for a code this catalog does not know. */
export function describeReason(code: string): string | undefined {
  return Object.hasOwn(REASONS, code) ? REASONS[code] : undefined;
}

/** The stable code of a reason as a row carries it: the part before `: ` (annotated reasons have one). */
export function reasonCode(reason: string): string {
  const cut = reason.indexOf(': ');
  return cut < 0 ? reason : reason.slice(0, cut);
}

/** `<KIND>_SUPPRESSED: <note>`: a whitelisted match, with who reviewed which record when. */
export function suppressedReason(kind: CheckKind, note: string): string {
  return `${KIND_PREFIX[kind]}_SUPPRESSED: ${note}`;
}

/** `<KIND>_WHITELIST_REOPENED: <note>`: the whitelisted record changed, the match counts again. */
export function reopenedReason(kind: CheckKind, note: string): string {
  return `${KIND_PREFIX[kind]}_WHITELIST_REOPENED: ${note}`;
}

export function notRunReason(kind: CheckKind): string {
  return `${KIND_PREFIX[kind]}_NOT_RUN`;
}

export function errorReason(kind: CheckKind): string {
  return `${KIND_PREFIX[kind]}_ERROR`;
}

export function rowWarningReason(code: ErrorCode): string {
  return `ROW_WARNING_${issueSuffix(code)}`;
}

export function rowInvalidReason(code: ErrorCode): string {
  return `ROW_INVALID_${issueSuffix(code)}`;
}
