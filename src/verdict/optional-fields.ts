import type { OptionalCheckKind } from '../domain/check.js';

/**
 * The `CheckResult.fields` keys that each optional check shows in its own columns of verdicts.csv, in column
 * order. Other keys of `fields` (the cadastral report, error texts, the BIN) are evidence only. The column of
 * a key is `kyc_<kind>_<key>`, e.g. `kyc_card_payment_system`; the columns exist only for optional kinds
 * that are part of the run, so a run of the core checks keeps its original layout.
 */
export const OPTIONAL_ROW_FIELDS = {
  email: ['valid', 'disposable', 'role', 'mx', 'risk', 'recommendation'],
  card: ['payment_system', 'type', 'bank', 'country'],
  cadastral: ['has_encumbrances', 'has_active_fssp', 'sources'],
} as const satisfies Readonly<Record<OptionalCheckKind, readonly string[]>>;

export type OptionalRowField<K extends OptionalCheckKind> = (typeof OPTIONAL_ROW_FIELDS)[K][number];

/** `kyc_<kind>_<field>` for every row field of one optional kind. */
export function optionalColumns(kind: OptionalCheckKind): string[] {
  return OPTIONAL_ROW_FIELDS[kind].map((field) => `kyc_${kind}_${field}`);
}

/** A boolean of an answer as a cell: `true`, `false`, or empty when the service did not say. */
export function flagCell(value: boolean | null | undefined): string {
  return value === undefined || value === null ? '' : String(value);
}
