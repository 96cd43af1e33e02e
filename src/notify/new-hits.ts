import { DELTA_CHANGES, type DeltaChange } from '../reporting/delta/compare.js';

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
