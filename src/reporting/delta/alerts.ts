import { alertCountsOf, alertPhrase, type RowAlert, type RunDeskRecord } from '../desk-record.js';
import type { DeltaDesk, DeltaEntry, DeltaReport } from './compare.js';

export type { DeltaDesk } from './compare.js';

/**
 * The delta in the review desk's terms: each HIT and REVIEW row of the current run with its alerts (opened
 * by this run, or seen again, and where each stands), and the run's alerts counted in the summary. A delta
 * whose current run the desk has no record of says so rather than nothing.
 */

const ATTENTION = new Set(['HIT', 'REVIEW']);

const isAttention = (entry: DeltaEntry): boolean =>
  entry.current !== undefined && ATTENTION.has(entry.current.verdict);

/** The report with each current HIT and REVIEW row's alerts, and the desk's counts of the run. */
export function withAlerts<R extends DeltaReport>(report: R, record: RunDeskRecord | undefined): R {
  if (!record) return { ...report, desk: { recorded: false } };
  const entries = report.entries.map((entry) => {
    const row = entry.current?.row;
    if (!isAttention(entry) || row === undefined) return entry;
    const alerts: readonly RowAlert[] = record.rows.get(row) ?? [];
    return { ...entry, alerts };
  });
  return { ...report, entries, desk: { recorded: true, counts: alertCountsOf(record) } };
}

/** The `alerts` cell: `#12 new, open; #7 seen_again, true_match by alice approved by bob`. */
export function alertsCell(entry: DeltaEntry, desk: DeltaDesk | undefined): string {
  if (!desk || !isAttention(entry)) return '';
  if (!desk.recorded) return 'no desk record';
  const alerts = entry.alerts ?? [];
  return alerts.length === 0 ? 'no alert' : alerts.map(alertPhrase).join('; ');
}

/** The summary's line of the run's alerts. */
export function alertsLine(desk: DeltaDesk | undefined): string[] {
  if (!desk) return [];
  if (!desk.recorded) return ['Alerts: no desk record of the current run'];
  const { opened, seenAgain, reopened } = desk.counts;
  return [
    `Alerts: ${opened.length} new (opened by this run), ${seenAgain.length} seen again, ${reopened.length} reopened`,
  ];
}
