import type { ErrorCode } from '../errors.js';

/** `individual_entrepreneur` is a person registered as ИП: screened as a person, identified by OGRNIP. */
export type EntityType = 'person' | 'organization' | 'individual_entrepreneur';

/** A problem found in one row: fatal (the row is INVALID) or a warning the verdict row carries. */
export interface RowIssue {
  readonly code: ErrorCode;
  readonly message: string;
  /** The logical field the issue is about (`inn`, `birth_date`, …); absent for whole-row issues. */
  readonly field?: string;
}

/**
 * One client as the screening core sees it. Identifiers are present only when they passed their
 * checksum: a damaged identifier is dropped from matching and reported in `warnings` instead.
 * Original cell values are never here; they travel separately to the output unchanged.
 */
export interface Client {
  /** 1-based index of the data row in the input (the header is row 0). */
  readonly row: number;
  readonly clientId?: string;
  /** Display name: the full-name cell, or surname, given name and patronymic joined with spaces. */
  readonly name?: string;
  readonly nameParts?: { readonly surname?: string; readonly given?: string; readonly patronymic?: string };
  readonly entityType: EntityType;
  readonly entityTypeSource: 'column' | 'inferred' | 'default';
  /** ISO `YYYY-MM-DD`. */
  readonly birthDate?: string;
  readonly inn?: string;
  readonly ogrn?: string;
  readonly ogrnip?: string;
  readonly snils?: string;
  readonly address?: string;
  readonly email?: string;
  readonly card?: string;
  readonly cadastralNumber?: string;
  readonly ownerName?: string;
  readonly warnings: readonly RowIssue[];
}
