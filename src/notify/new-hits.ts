import { DELTA_CHANGES, type DeltaChange } from '../reporting/delta/compare.js';
import { alertCountsOf, alertPageUrl, type RunDeskRecord } from '../reporting/desk-record.js';

/**
 * What an operator is told about a delta that found new HITs: counts, ids and the delta file's path only —
 * never a client's name or identifiers (those stay in the delta file, under the run's file mode).
 */
export interface NewHitsNotice {
  readonly runId: string;
  /** The schedule that fired the run; absent for `report delta` run by hand. */
  readonly schedule?: string;
  readonly previousRunId?: string;
  readonly counts: Readonly<Record<DeltaChange, number>>;
  readonly deltaFile: string;
  /** When the delta was found, ISO 8601 UTC. */
  readonly at: string;
  /** The run's alerts at the review desk; absent when the desk has no record of the run. */
  readonly alerts?: NoticeAlerts;
}

/** An alert as a notice names it: its id and links, never the client's data. */
export interface NoticeAlert {
  readonly id: number;
  /** The desk's page of the alert, when the dashboard's address (`KYC_DASHBOARD_URL`) is known. */
  readonly deskUrl?: string;
}

/** The alerts of the run: opened by it (new), reopened (the record changed), and how many it saw again. */
export interface NoticeAlerts {
  readonly opened: readonly NoticeAlert[];
  readonly reopened: readonly NoticeAlert[];
  readonly seenAgain: number;
}

/** The notice's alert facts from what the desk holds of the run: ids, counts and links only. */
export function noticeAlertsOf(record: RunDeskRecord): NoticeAlerts {
  const counts = alertCountsOf(record);
  const alert = (id: number): NoticeAlert => {
    const deskUrl = alertPageUrl(record, id);
    return deskUrl ? { id, deskUrl } : { id };
  };
  return {
    opened: counts.opened.map(alert),
    reopened: counts.reopened.map(alert),
    seenAgain: counts.seenAgain.length,
  };
}

/** New HITs of a delta: clients that are a HIT now and were not one before (new clients among them). */
export function newHitsOf(counts: Readonly<Record<DeltaChange, number>>): number {
  return counts.NEW_HIT;
}

/** The counts in the delta's reading order, every kind present (zeros too), so a receiver needs no defaults. */
export function orderedCounts(counts: Readonly<Record<DeltaChange, number>>): Record<DeltaChange, number> {
  return Object.fromEntries(DELTA_CHANGES.map((c) => [c, counts[c]])) as Record<DeltaChange, number>;
}

/** The one warn line (message and fields) that says a delta has new HITs; counts, ids and a path only. */
export function newHitsLogLine(notice: Omit<NewHitsNotice, 'runId' | 'at'> & { readonly runId?: string }): {
  fields: Record<string, unknown>;
  message: string;
} {
  const hits = newHitsOf(notice.counts);
  return {
    fields: {
      ...(notice.runId ? { runId: notice.runId } : {}),
      ...(notice.schedule ? { schedule: notice.schedule } : {}),
      ...(notice.previousRunId ? { previousRunId: notice.previousRunId } : {}),
      newHits: hits,
      delta: orderedCounts(notice.counts),
      deltaFile: notice.deltaFile,
    },
    message: `${hits} new HIT${hits === 1 ? '' : 's'} in the delta`,
  };
}
