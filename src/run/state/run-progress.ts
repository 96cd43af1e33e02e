import type { Redis } from 'ioredis';
import { runKeys } from './topology.js';

/**
 * What a run is doing right now, beside its row counts: the phase, and during the register mirror the
 * searches answered and the distinct records received. Kept in the run's meta hash (fields no other
 * reader parses), so that it goes with the run; a follower reads it on every tick.
 */
export const RUN_PHASES = ['preflight', 'mirror', 'screening', 'writing'] as const;
export type RunPhase = (typeof RUN_PHASES)[number];

export interface LiveProgress {
  readonly phase?: RunPhase;
  /** When the phase began (ms since the epoch, the coordinator's clock). */
  readonly phaseSince?: number;
  readonly mirrorSearches: number;
  readonly mirrorRecords: number;
}

const FIELDS = ['phase', 'phaseSince', 'mirrorSearches', 'mirrorRecords'] as const;

/** The run enters a phase; a new preflight (a resume) starts the mirror's counts again. */
export async function notePhase(redis: Redis, prefix: string, runId: string, phase: RunPhase): Promise<void> {
  const key = runKeys(prefix, runId).meta;
  const tx = redis.multi().hset(key, { phase, phaseSince: Date.now() });
  if (phase === 'preflight') tx.hdel(key, 'mirrorSearches', 'mirrorRecords');
  await tx.exec();
}

/** The mirror's counts so far (absolute values: the last write wins, none is lost to a retry). */
export async function noteMirrorCounts(
  redis: Redis,
  prefix: string,
  runId: string,
  counts: { readonly searches: number; readonly records: number },
): Promise<void> {
  await redis.hset(runKeys(prefix, runId).meta, {
    mirrorSearches: counts.searches,
    mirrorRecords: counts.records,
  });
}

function count(value: string | null | undefined): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

export async function readLiveProgress(redis: Redis, prefix: string, runId: string): Promise<LiveProgress> {
  const [phase, since, searches, records] = await redis.hmget(runKeys(prefix, runId).meta, ...FIELDS);
  const known = RUN_PHASES.find((p) => p === phase);
  return {
    ...(known ? { phase: known } : {}),
    ...(since ? { phaseSince: count(since) } : {}),
    mirrorSearches: count(searches),
    mirrorRecords: count(records),
  };
}
