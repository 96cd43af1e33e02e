import type { ForeignAgentRecord } from '../domain/records.js';
import { foreignAgentRecordId } from '../matching/scoring/score-foreign-agent.js';
import { recordHash } from '../matching/record-hash.js';
import { daysBetween } from '../domain/day-range.js';
import { enumerateDays, mirrorOrder, type EnumerationCost, type ForeignAgentSearch } from './enumerate.js';
import type { KeptMirror } from './kept-store.js';
import { mirrorDigest } from '../export/mirror-snapshot.js';

/** Ids of new records a note lists at most (the count is always exact). */
export const LISTED_NEW_RECORDS = 1_000;

/** Whether a kept mirror may still be used: its last full enumeration is younger than the max age. */
export function isFresh(kept: Pick<KeptMirror, 'builtAt'>, maxAgeMs: number, now: Date): boolean {
  const builtAt = Date.parse(kept.builtAt);
  return Number.isFinite(builtAt) && builtAt <= now.getTime() && now.getTime() - builtAt < maxAgeMs;
}

/**
 * The days a sync searches: from the last day the kept mirror searched (it may have gained records after
 * that search) to the run's day, both included; the run's day alone when the clock went back.
 */
export function syncDays(syncedThrough: string, until: string): string[] {
  const days = daysBetween(syncedThrough, until);
  return days.length > 0 ? days : [until];
}

export type SyncOutcome =
  | (EnumerationCost & {
      readonly complete: true;
      readonly mirror: KeptMirror;
      readonly days: readonly string[];
      readonly splitDays: readonly string[];
      /** Records the kept mirror did not have, in mirror order. */
      readonly newRecords: readonly ForeignAgentRecord[];
    })
  | (EnumerationCost & { readonly complete: false; readonly reason: string });

/**
 * Brings a kept mirror up to date: one `added=<day>` search per day since its last sync (a capped day split
 * by agent_type as in a full enumeration). A searched day's answer is the whole of that day, so the kept
 * records of those days are replaced by it (an edit of a record added that day is seen at once); every
 * other record stays as the last full enumeration left it. A sync that cannot be shown complete changes
 * nothing and says why.
 */
export async function syncKeptMirror(
  kept: KeptMirror,
  search: ForeignAgentSearch,
  options: {
    readonly until: string;
    readonly resultCap: number;
    readonly now: Date;
    readonly concurrency?: number;
  },
): Promise<SyncOutcome> {
  const days = syncDays(kept.syncedThrough, options.until);
  const found = await enumerateDays(search, {
    days,
    resultCap: options.resultCap,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
  if (!found.complete) return found;
  const searched = new Set(days);
  const keptHashes = new Set(kept.records.map((r) => recordHash(r.data)));
  const byHash = new Map<string, ForeignAgentRecord>();
  for (const record of kept.records)
    if (!searched.has(record.data.added.trim())) byHash.set(recordHash(record.data), record);
  for (const record of found.records) byHash.set(recordHash(record.data), record);
  const records = [...byHash.values()].sort(mirrorOrder);
  const newRecords = found.records.filter((r) => !keptHashes.has(recordHash(r.data)));
  const mirror: KeptMirror = {
    records,
    sha256: mirrorDigest(records),
    builtAt: kept.builtAt,
    syncedThrough: days[days.length - 1] ?? options.until,
    syncedAt: options.now.toISOString(),
    undatedGaps: kept.undatedGaps,
  };
  return {
    complete: true,
    mirror,
    days,
    splitDays: found.splitDays,
    newRecords,
    calls: found.calls,
    callsByStatus: found.callsByStatus,
  };
}

/** The ids of the new records, as kyc_matches writes them, the first LISTED_NEW_RECORDS of them. */
export function newRecordIds(records: readonly ForeignAgentRecord[]): string[] {
  return [...new Set(records.map((r) => foreignAgentRecordId(r.data)))].slice(0, LISTED_NEW_RECORDS);
}
