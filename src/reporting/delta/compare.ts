import { matchIds } from '../../export/matches-cell.js';
import { reasonCode } from '../../verdict/index.js';
import type { RowAlert, RunAlertCounts } from '../desk-record.js';
import type { VerdictRow } from '../../ingest/verdict-file.js';

/**
 * What changed for one client between two runs, keyed by client (src/matching/client-key.ts). One client can
 * carry several changes (a new client that is a hit: NEW_CLIENT and NEW_HIT). The order is the order an
 * analyst reads them in.
 */
export const DELTA_CHANGES = [
  'UNVERIFIED_HIT',
  'NEW_HIT',
  'WHITELIST_REOPENED',
  'CLEARED_HIT',
  'VERDICT_CHANGED',
  'MATCHES_CHANGED',
  'SUPPRESSED',
  'NEW_CLIENT',
  'REMOVED_CLIENT',
] as const;
export type DeltaChange = (typeof DELTA_CHANGES)[number];

export const CHANGE_LABEL: Readonly<Record<DeltaChange, string>> = {
  UNVERIFIED_HIT: 'hits that could not be re-checked (a check failed or the row is unreadable)',
  NEW_HIT: 'new hits',
  WHITELIST_REOPENED: 'reopened whitelist entries (register record changed)',
  CLEARED_HIT: 'cleared hits',
  VERDICT_CHANGED: 'changed verdicts',
  MATCHES_CHANGED: 'same verdict, other matched records',
  SUPPRESSED: 'newly suppressed by the whitelist',
  NEW_CLIENT: 'new clients',
  REMOVED_CLIENT: 'removed clients',
};

export interface DeltaEntry {
  readonly key: string;
  readonly changes: readonly DeltaChange[];
  readonly previous?: VerdictRow;
  readonly current?: VerdictRow;
  /** New foreign-agent records of the register's change that hit the client (./register-change.ts). */
  readonly registerChange?: readonly string[];
  /** The review desk's alerts of the current row, when it is a HIT or REVIEW the desk recorded (./alerts.ts). */
  readonly alerts?: readonly RowAlert[];
}

/** What the desk held of the current run when the delta was made (./alerts.ts). */
export type DeltaDesk =
  { readonly recorded: false } | { readonly recorded: true; readonly counts: RunAlertCounts };

export interface DeltaReport {
  readonly entries: readonly DeltaEntry[];
  readonly counts: Readonly<Record<DeltaChange, number>>;
  readonly clients: { readonly previous: number; readonly current: number };
  /** What the review desk held of the current run; absent when it was not asked (./alerts.ts). */
  readonly desk?: DeltaDesk;
}

/**
 * A verdict that re-checked nothing: a hit that became INCOMPLETE or INVALID is still a hit as far as
 * anybody knows, and must never be reported as cleared.
 */
const UNVERIFIED = new Set(['INCOMPLETE', 'INVALID']);

/** The checks of a row that failed (`ERROR…` status cells), e.g. `sanctions`, for the analyst to rerun. */
export function failedChecks(row: VerdictRow): string[] {
  return Object.entries(row.checks)
    .filter(([, status]) => status.startsWith('ERROR'))
    .map(([kind]) => kind);
}

const hasCode = (row: VerdictRow, suffix: string) => row.reasons.some((r) => reasonCode(r).endsWith(suffix));
const reopened = (row: VerdictRow) => hasCode(row, '_WHITELIST_REOPENED');
const suppressed = (row: VerdictRow) => hasCode(row, '_SUPPRESSED');

/** `register recordId` of each match; scores are left out, a moved score is no change of match. */
function matchSet(row: VerdictRow): string {
  return [...new Set(matchIds(row.matches))].sort().join('\n');
}

export function changesOf(previous: VerdictRow | undefined, current: VerdictRow | undefined): DeltaChange[] {
  const found = new Set<DeltaChange>();
  if (current && !previous) {
    found.add('NEW_CLIENT');
    if (current.verdict === 'HIT') found.add('NEW_HIT');
    if (reopened(current)) found.add('WHITELIST_REOPENED');
    if (suppressed(current)) found.add('SUPPRESSED');
  } else if (previous && !current) {
    found.add('REMOVED_CLIENT');
  } else if (previous && current) {
    if (previous.verdict !== 'HIT' && current.verdict === 'HIT') found.add('NEW_HIT');
    if (previous.verdict === 'HIT' && UNVERIFIED.has(current.verdict)) found.add('UNVERIFIED_HIT');
    else if (previous.verdict === 'HIT' && current.verdict !== 'HIT') found.add('CLEARED_HIT');
    if (previous.verdict !== current.verdict) found.add('VERDICT_CHANGED');
    else if (matchSet(previous) !== matchSet(current)) found.add('MATCHES_CHANGED');
    if (reopened(current) && !reopened(previous)) found.add('WHITELIST_REOPENED');
    if (suppressed(current) && !suppressed(previous)) found.add('SUPPRESSED');
  }
  return DELTA_CHANGES.filter((c) => found.has(c));
}

/** The same key twice in one file (a duplicated client row) becomes `key#2`, `key#3`, in file order. */
class KeyCounter {
  private readonly seen = new Map<string, number>();
  next(key: string): string {
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    return n === 1 ? key : `${key}#${n}`;
  }
}

/**
 * Compares two verdict files row by row without holding the second one: the previous rows are kept by
 * key (only what the comparison needs), the current rows stream past them.
 */
export class DeltaBuilder {
  private readonly previous = new Map<string, VerdictRow>();
  private readonly previousKeys = new KeyCounter();
  private readonly currentKeys = new KeyCounter();
  private readonly entries: DeltaEntry[] = [];
  private previousCount = 0;
  private currentCount = 0;

  addPrevious(row: VerdictRow): void {
    this.previous.set(this.previousKeys.next(row.key), row);
    this.previousCount++;
  }

  addCurrent(row: VerdictRow): void {
    this.currentCount++;
    const key = this.currentKeys.next(row.key);
    const previous = this.previous.get(key);
    this.previous.delete(key);
    const changes = changesOf(previous, row);
    if (changes.length > 0)
      this.entries.push({ key, changes, ...(previous ? { previous } : {}), current: row });
  }

  finish(): DeltaReport {
    for (const [key, previous] of this.previous)
      this.entries.push({ key, changes: changesOf(previous, undefined), previous });
    this.previous.clear();
    const rank = (e: DeltaEntry) => DELTA_CHANGES.indexOf(e.changes[0] ?? 'REMOVED_CLIENT');
    const rowOf = (e: DeltaEntry) => e.current?.row ?? e.previous?.row ?? 0;
    const entries = this.entries.slice().sort((a, b) => rank(a) - rank(b) || rowOf(a) - rowOf(b));
    const counts = Object.fromEntries(DELTA_CHANGES.map((c) => [c, 0])) as Record<DeltaChange, number>;
    for (const entry of entries) for (const change of entry.changes) counts[change]++;
    return { entries, counts, clients: { previous: this.previousCount, current: this.currentCount } };
  }
}
