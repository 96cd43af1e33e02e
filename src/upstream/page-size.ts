import type { Redis } from 'ioredis';
import { pageSizeCounter } from '../domain/run-counters.js';
import type { UpstreamProfile } from '../settings/upstream-profile.js';
import { LocalLru } from './request-cache.js';
import { runKeys } from '../run/state/topology.js';

/**
 * The service's page size as the run's preflight learned it (src/upstream/preflight.ts), shared by
 * every worker of the run on every machine: it lives in the run's counters hash, under the run's hash tag
 * (one Redis Cluster slot with the rest of the run), so the manifest and the summary read it with the
 * counts and it is kept as long as they are.
 */
export async function notePageSize(
  redis: Redis,
  prefix: string,
  runId: string,
  learned: number,
): Promise<void> {
  await redis.hset(runKeys(prefix, runId).counters, pageSizeCounter('preflight'), learned);
}

/** The profile a check reads answers by: an answer as long as the learned page size is cut like a capped one. */
export function effectiveProfile(profile: UpstreamProfile, learned: number | undefined): UpstreamProfile {
  return learned !== undefined && learned < profile.resultCap ? { ...profile, resultCap: learned } : profile;
}

/**
 * What this process knows of its runs' page sizes. The preflight learns it before the run dispatches its
 * first check and it does not change within a run, so one Redis read per run and process is enough.
 */
export class PageSizes {
  private readonly known = new LocalLru<{ readonly learned: number | undefined }>(256);

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async of(runId: string): Promise<number | undefined> {
    const cached = this.known.get(runId);
    if (cached) return cached.learned;
    const value = await this.redis.hget(runKeys(this.prefix, runId).counters, pageSizeCounter('preflight'));
    const learned = value === null ? undefined : Number(value);
    const entry = { learned: Number.isSafeInteger(learned) && (learned ?? 0) > 0 ? learned : undefined };
    this.known.set(runId, entry);
    return entry.learned;
  }
}
