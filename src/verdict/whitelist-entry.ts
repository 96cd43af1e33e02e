/**
 * One reviewed false positive: this client's match with this register record, as the record was when the
 * reviewer looked at it (its content hash). The file columns follow these fields in this order.
 */
export interface WhitelistEntry {
  /** `id:<client id>`, `inn:<INN>` or `name:<normalised name>|<birth date>` (src/matching/client-key.ts). */
  readonly clientKey: string;
  /** The candidate's register (`minjust_foreign_agent`, `sanctions`, `bankruptcy`, `debtor`, …). */
  readonly register: string;
  readonly recordId: string;
  /** sha256 of the record's canonical JSON when it was reviewed: another hash reopens the entry. */
  readonly recordHash: string;
  readonly reviewer: string;
  /** ISO date of the review, `YYYY-MM-DD`. */
  readonly date: string;
  readonly comment: string;
}

export const WHITELIST_COLUMNS = [
  'client_key',
  'register',
  'record_id',
  'record_hash',
  'reviewer',
  'date',
  'comment',
] as const;
