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
  DEBTOR_INN_MISMATCH:
    'The debtor check answered about another INN than the one asked: the check is an ERROR',
  FOREIGN_AGENT_SKIPPED_NO_NAME_OR_INN: 'Foreign-agent check skipped: no name and no valid INN to search by',
  SANCTIONS_SKIPPED_NO_NAME: 'Sanctions check skipped: the list is searched by name and the row has none',
  BANKRUPTCY_SKIPPED_NOTHING_TO_SEARCH: 'Bankruptcy check skipped: no identifier and no name',
  DEBTOR_SKIPPED_ORGANIZATION: 'Debtor check skipped: it exists for individuals only',
  DEBTOR_SKIPPED_NO_PERSON_INN: 'Debtor check skipped: no valid 12-digit INN',
  NO_CHECKS: 'No check result at all: the client was not screened',
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

/** Generic codes for the optional checks' outcomes, used when their result brings no code of its own. */
const OPTIONAL: Readonly<Record<string, string>> = {
  EMAIL_FLAG: 'The e-mail check raised a flag',
  CARD_FLAG: 'The card check raised a flag',
  CADASTRAL_FLAG: 'The cadastral check raised a flag',
};

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

export const REASONS: Readonly<Record<string, string>> = { ...FIXED, ...ERRORS, ...OPTIONAL, ...ROWS };

export type FixedReasonCode = keyof typeof FIXED;

/** The one-line description of a code; undefined for a code this catalog does not know. */
export function describeReason(code: string): string | undefined {
  return Object.hasOwn(REASONS, code) ? REASONS[code] : undefined;
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
