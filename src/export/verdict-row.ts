import {
  OPTIONAL_CHECK_KINDS,
  type CheckKind,
  type CheckResult,
  type OptionalCheckKind,
} from '../domain/check.js';
import type { RowIssue } from '../domain/client.js';
import type { Verdict } from '../domain/verdict.js';
import { OPTIONAL_ROW_FIELDS, optionalColumns } from '../verdict/index.js';
import { matchesCell, type OutputLanguage } from './matches-cell.js';

export { matchesCell } from './matches-cell.js';

/** The optional kinds of the run, in run order: each adds its own field columns after the status columns. */
function optionalKindsOf(kinds: readonly CheckKind[]): OptionalCheckKind[] {
  return kinds.filter((k): k is OptionalCheckKind => (OPTIONAL_CHECK_KINDS as readonly string[]).includes(k));
}

/** The row fields of one optional check (`CheckResult.fields`); empty cells when the check gave none. */
function optionalCells(kind: OptionalCheckKind, result: CheckResult | undefined): string[] {
  return OPTIONAL_ROW_FIELDS[kind].map((field: string) => result?.fields?.[field] ?? '');
}

/**
 * The marker of a run against the built-in emulator: a last column whose every cell says so, so that a
 * spreadsheet user sees it on every row, even after filtering or copying rows elsewhere.
 */
export const EMULATOR_COLUMN = 'kyc_upstream';
export const EMULATOR_CELL = 'EMULATOR: synthetic registers (not a real screening)';

/** Column names the pipeline appends after the input's own columns, in this order. */
export function verdictColumns(kinds: readonly CheckKind[], options: { emulator?: boolean } = {}): string[] {
  return [
    'kyc_verdict',
    'kyc_reasons',
    ...kinds.map((kind) => `kyc_${kind}`),
    ...optionalKindsOf(kinds).flatMap(optionalColumns),
    'kyc_matches',
    'kyc_checked_at',
    'kyc_run_id',
    'kyc_scoring_version',
    'kyc_extra_cells',
    ...(options.emulator ? [EMULATOR_COLUMN] : []),
  ];
}

/**
 * Cells beyond the header's width (a row with too many cells, INVALID): kept, as a JSON array of strings,
 * in the last column, so that every cell of the input reaches the output and the header is the same for
 * every row. Empty for every other row.
 */
export function extraCellsCell(cells: readonly string[], width: number): string {
  return cells.length > width ? JSON.stringify(cells.slice(width)) : '';
}

export interface RowMeta {
  readonly runId: string;
  readonly checkedAt: string;
  /** The run screened against the built-in emulator: the row carries the marker column. */
  readonly emulator?: boolean;
  /** The language of the officer's cells (kyc_matches); default Russian. */
  readonly lang?: OutputLanguage;
}

/** `STATUS` or `STATUS: short detail` for one check; empty when the check was not part of the run. */
export function statusCell(result: CheckResult | undefined): string {
  if (!result) return '';
  return result.detail ? `${result.status}: ${result.detail}` : result.status;
}

/** Reason codes; for an INVALID row also the KYC_ERR code and message that say what to fix. */
export function reasonsCell(verdict: Verdict, issues: readonly RowIssue[]): string {
  const reasons = [...verdict.reasons];
  if (verdict.verdict === 'INVALID')
    for (const issue of issues) reasons.push(`${issue.code}: ${issue.message}`);
  return reasons.join('; ');
}

/**
 * The output row: the input cells exactly as read (padded to the header's width so the appended columns
 * stay aligned), then the verdict columns, then the cells beyond the header's width (extraCellsCell).
 */
export function verdictRow(
  cells: readonly string[],
  width: number,
  verdict: Verdict,
  issues: readonly RowIssue[],
  kinds: readonly CheckKind[],
  meta: RowMeta,
): string[] {
  const input = cells.length === width ? [...cells] : Array.from({ length: width }, (_, i) => cells[i] ?? '');
  return [
    ...input,
    verdict.verdict,
    reasonsCell(verdict, issues),
    ...kinds.map((kind) => statusCell(verdict.checks[kind])),
    ...optionalKindsOf(kinds).flatMap((kind) => optionalCells(kind, verdict.checks[kind])),
    matchesCell(verdict, meta.lang),
    meta.checkedAt,
    meta.runId,
    verdict.scoringVersion,
    extraCellsCell(cells, width),
    ...(meta.emulator ? [EMULATOR_CELL] : []),
  ];
}

/** A verdict row (verdictRow) with one more entry in its `kyc_reasons` cell, which follows `kyc_verdict`. */
export function withReason(row: readonly string[], width: number, reason: string): string[] {
  const out = [...row];
  const current = out[width + 1] ?? '';
  out[width + 1] = current === '' ? reason : `${current}; ${reason}`;
  return out;
}
