import { matchIds } from '../export/matches-cell.js';
import type { RunStore } from '../run/state/run-store.js';
import { openVerdictFile } from '../ingest/verdict-file.js';
import { REGISTER_CHANGE_COUNTER } from './kept-strategy.js';
import type { ForeignAgentStrategyNote } from '../export/mirror-snapshot.js';
import type { RegisterChangeReport } from '../export/register-change-report.js';

export type { RegisterChangeReport } from '../export/register-change-report.js';

/** Rows a manifest lists at most; the count is always exact. */
const LISTED_ROWS = 1_000;

const SOURCE = 'minjust_foreign_agent';

/**
 * The foreign-agent record ids of a kyc_matches cell: `foreign_agent: name score (field) [recordId]`, or the
 * earlier `minjust_foreign_agent recordId score` of verdicts written before.
 */
export function foreignAgentMatchIds(matches: string): string[] {
  const ids: string[] = [];
  for (const match of matchIds(matches)) {
    const [register, id] = match.split(' ');
    if ((register === SOURCE || register === 'foreign_agent') && id !== undefined && id !== '') ids.push(id);
  }
  return ids;
}

/** Rows of a verdicts file whose foreign-agent matches name one of the ids. */
export async function rowsMatching(
  verdicts: string,
  ids: ReadonlySet<string>,
  columns: string | undefined,
): Promise<number[]> {
  const rows: number[] = [];
  if (ids.size === 0) return rows;
  const file = await openVerdictFile(verdicts, columns ? { columns } : {});
  for await (const row of file.rows)
    if (foreignAgentMatchIds(row.matches).some((id) => ids.has(id))) rows.push(row.row);
  return rows;
}

/**
 * The register's change for a finished run that synced the kept mirror (undefined otherwise), read from its
 * verdicts file; the count of clients hit goes to the run's counters for the summary, once however often
 * the run's finish is repeated.
 */
export async function registerChangeOf(args: {
  readonly note: ForeignAgentStrategyNote | undefined;
  readonly verdicts: string;
  readonly columns: string | undefined;
  readonly store: RunStore;
  readonly runId: string;
}): Promise<RegisterChangeReport | undefined> {
  const kept = args.note?.strategy === 'mirror' ? args.note.kept : undefined;
  if (kept === undefined) return undefined;
  const rows = await rowsMatching(args.verdicts, new Set(kept.new_record_ids), args.columns);
  const counted = (await args.store.counters(args.runId))[REGISTER_CHANGE_COUNTER.clientsHit] ?? 0;
  if (rows.length !== counted)
    await args.store.incr(args.runId, { [REGISTER_CHANGE_COUNTER.clientsHit]: rows.length - counted });
  return {
    built_at: kept.built_at,
    synced_days: kept.synced.days,
    synced: { since: kept.synced.since, until: kept.synced.until },
    new_records: kept.new_records,
    new_record_ids: kept.new_record_ids,
    clients_hit_by_new_records: rows.length,
    rows_hit_by_new_records: rows.slice(0, LISTED_ROWS),
  };
}
