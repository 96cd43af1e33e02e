import type { Redis } from 'ioredis';
import type { RunState } from '../run/state/run-store.js';
import { describeService } from '../settings/service-identity.js';
import { serviceServed } from '../upstream/service-registry.js';

/**
 * Runs still to be screened whose Lookup Service no live process serves (no worker configured with their
 * KYC_API_URL and key has beaten its heartbeat lately): they wait until one starts, and `status` says so.
 * A run of an older version names no service, and no worker takes its jobs.
 */
export async function unservedRuns(
  redis: Redis,
  prefix: string,
  runs: readonly RunState[],
): Promise<ReadonlySet<string>> {
  const unserved = new Set<string>();
  const known = new Map<string, boolean>();
  for (const run of runs) {
    if (run.status !== 'queued' && run.status !== 'running') continue;
    const id = run.service?.id;
    if (id === undefined) {
      unserved.add(run.id);
      continue;
    }
    if (!known.has(id)) known.set(id, await serviceServed(redis, prefix, id));
    if (known.get(id) === false) unserved.add(run.id);
  }
  return unserved;
}

/** The line `status` prints under a run nobody serves. */
export function unservedLine(run: RunState): string {
  return run.service === undefined
    ? 'waiting: the run was recorded by an older version and names no Lookup Service; no worker takes it (start it anew)'
    : `waiting: no worker serves its Lookup Service ${describeService(run.service)}; ` +
        'start `kyc-screen worker` with that KYC_API_URL and KYC_API_KEY';
}
