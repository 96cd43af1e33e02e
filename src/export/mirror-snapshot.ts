import { createHash } from 'node:crypto';
import type { ForeignAgentRecord } from '../domain/records.js';
import { canonicalJson } from '../matching/record-hash.js';

/**
 * The digest of a mirror: sha256 of the canonical JSON (keys sorted, no whitespace) of the array of its
 * records, each in canonical JSON and the array sorted by that text. Two mirrors with the same records have
 * the same digest whatever order the service answered in; the manifest and every evidence line carry it.
 */
export function mirrorDigest(records: readonly ForeignAgentRecord[]): string {
  const texts = records.map((record) => canonicalJson(record)).sort();
  return createHash('sha256')
    .update('[' + texts.join(',') + ']')
    .digest('hex');
}

/** What the manifest and each foreign-agent evidence line say of a mirror the run used. */
export interface MirrorNote {
  readonly strategy: 'mirror';
  readonly records: number;
  readonly sha256: string;
  /** When the enumeration ended, ISO 8601 UTC. */
  readonly taken_at: string;
  /** The `added` days searched, both ends included. */
  readonly range: { readonly since: string; readonly until: string };
  /** Enumeration calls, failed ones included. */
  readonly calls: number;
  /** Days whose answer reached the cap and were split by agent_type. */
  readonly split_days: number;
  /** Records without a date in the range, found by the agent_type searches. */
  readonly undated_records: number;
  /** Types whose undated records may be missing, accepted by the profile (usually none). */
  readonly undated_gaps: readonly string[];
  /** The mirror was the one kept across runs, brought up to date by this run (absent: enumerated whole). */
  readonly kept?: KeptNote;
}

/** What a run did with the kept mirror (src/mirror/kept-sync.ts): register data only, never a client's. */
export interface KeptNote {
  /** When the register was last enumerated in full (removals and edits are seen from then on), UTC. */
  readonly built_at: string;
  /** The `added` days searched by this run's sync, both ends included, and how many. */
  readonly synced: { readonly since: string; readonly until: string; readonly days: number };
  /** Records the sync found that the kept mirror did not have: the register's change since the last sync. */
  readonly new_records: number;
  /** Their ids as verdicts.csv's kyc_matches writes them (registration number, else a content id). */
  readonly new_record_ids: readonly string[];
}

/** The per-client search strategy, with why it was used. */
export interface SearchNote {
  readonly strategy: 'search';
  readonly reason: string;
  /** Calls an abandoned mirror spent before it was found incomplete. */
  readonly mirror_calls?: number;
}

/** How a run's foreign-agent check found its candidates. */
export type ForeignAgentStrategyNote = MirrorNote | SearchNote;

/** How a run's foreign-agent check finds its candidates, in a few words for `status` and the dashboard. */
export function strategyLabel(note: ForeignAgentStrategyNote): string {
  if (note.strategy === 'mirror' && note.kept)
    return `kept mirror of the register (${note.records} records, ${note.kept.synced.days} days synced, ${note.calls} calls)`;
  return note.strategy === 'mirror'
    ? `mirror of the register (${note.records} records, ${note.calls} calls)`
    : `per-client search (${note.reason})`;
}
