import type { Logger } from '../log.js';
import type { RunState, RunStore } from '../run/state/run-store.js';
import { inRange } from '../domain/day-range.js';
import type { ForeignAgentSearch } from './enumerate.js';
import type { KeptMirror, KeptMirrorSource, KeptMirrorStore } from './kept-store.js';
import { isFresh, newRecordIds, syncKeptMirror } from './kept-sync.js';
import type { MirrorNote } from '../export/mirror-snapshot.js';

/**
 * The foreign_agent max age a run allows the kept mirror, in milliseconds (`run --max-age
 * …,foreign_agent=1d`); undefined: the run neither reads nor keeps one, exactly as before kept mirrors.
 */
export type KeptMirrorPolicy = (run: RunState) => number | undefined;

/** The run's own policy: its foreign_agent max age, when it gives one (the default of every worker). */
export const foreignAgentMaxAge: KeptMirrorPolicy = (run) => {
  const maxAgeMs = run.maxAge?.foreign_agent;
  return maxAgeMs !== undefined && maxAgeMs > 0 ? maxAgeMs : undefined;
};

/** What a run needs to use the kept mirror: where it is, what it mirrors, how old it may be. */
export interface KeptMirrorUse {
  readonly store: KeptMirrorStore;
  readonly source: KeptMirrorSource;
  readonly maxAgeMs: number;
}

/** Counters of the register's change a sync found, for the run summary (src/cli-ui/summary.ts). */
export const REGISTER_CHANGE_COUNTER = {
  syncedDays: 'fa_register:synced_days',
  newRecords: 'fa_register:new_records',
  clientsHit: 'fa_register:clients_hit',
} as const;

export interface KeptSyncArgs {
  readonly run: RunState;
  readonly store: RunStore;
  readonly kept: KeptMirrorUse;
  readonly search: ForeignAgentSearch;
  readonly until: string;
  readonly since: string;
  readonly resultCap: number;
  readonly now: Date;
  readonly log: Logger;
  readonly concurrency: number;
  /** Counts the sync's calls under the run like the enumeration's. */
  readonly countCalls: (callsByStatus: Readonly<Record<string, number>>) => Promise<void>;
}

/** The kept mirror, when there is one younger than the max age; the log says why not otherwise. */
async function freshKept(args: KeptSyncArgs): Promise<KeptMirror | undefined> {
  const { kept, log, run } = args;
  const found = await kept.store.load(kept.source);
  if (found === undefined) {
    log.info({ runId: run.id }, 'no kept foreign-agent mirror: the register is enumerated');
    return undefined;
  }
  if (isFresh(found, kept.maxAgeMs, args.now)) return found;
  log.info(
    { runId: run.id, builtAt: found.builtAt, maxAgeMs: kept.maxAgeMs },
    'the kept foreign-agent mirror is older than the max age: the register is enumerated again',
  );
  return undefined;
}

/**
 * Brings the kept mirror up to date for this run and keeps the new version; returns the run's mirror and
 * its note, or undefined when there is no fresh kept mirror or its sync could not be shown complete (the
 * run then decides as without one).
 */
export async function syncForRun(
  args: KeptSyncArgs,
): Promise<{ note: MirrorNote; mirror: KeptMirror; commit: () => Promise<void> } | undefined> {
  const { run, kept, log } = args;
  const found = await freshKept(args);
  if (found === undefined) return undefined;
  const outcome = await syncKeptMirror(found, args.search, {
    until: args.until,
    resultCap: args.resultCap,
    now: args.now,
    concurrency: args.concurrency,
  });
  await args.countCalls(outcome.callsByStatus);
  if (!outcome.complete) {
    log.warn({ runId: run.id, reason: outcome.reason }, 'kept foreign-agent mirror not synced');
    return undefined;
  }
  const { mirror, days, newRecords } = outcome;
  // Kept once the run's own mirror and note are stored (`commit`): a coordinator killed before that syncs
  // again on resume and still finds these records new, rather than finding them already kept.
  const commit = async () => {
    await args.store.incr(run.id, {
      [REGISTER_CHANGE_COUNTER.syncedDays]: days.length,
      [REGISTER_CHANGE_COUNTER.newRecords]: newRecords.length,
    });
    await kept.store.save(kept.source, mirror, Date.parse(mirror.builtAt) + kept.maxAgeMs);
  };
  const note: MirrorNote = {
    strategy: 'mirror',
    records: mirror.records.length,
    sha256: mirror.sha256,
    taken_at: args.now.toISOString(),
    range: { since: args.since, until: mirror.syncedThrough },
    calls: outcome.calls,
    split_days: outcome.splitDays.length,
    undated_records: mirror.records.filter((r) => !inRange(r.data.added, args.since, mirror.syncedThrough))
      .length,
    undated_gaps: mirror.undatedGaps,
    kept: {
      built_at: mirror.builtAt,
      synced: { since: days[0] ?? args.until, until: mirror.syncedThrough, days: days.length },
      new_records: newRecords.length,
      new_record_ids: newRecordIds(newRecords),
    },
  };
  log.info(
    { runId: run.id, days: days.length, newRecords: newRecords.length, calls: outcome.calls },
    'kept foreign-agent mirror synced',
  );
  return { note, mirror, commit };
}
