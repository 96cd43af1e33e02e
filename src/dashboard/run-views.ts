import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Redis } from 'ioredis';
import { MirrorStore } from '../mirror/store.js';
import { RunStore, type RunState } from '../run/state/run-store.js';
import { runsIndexKey } from '../run/state/topology.js';
import { redactRun } from './redact.js';
import { matchesFilter, type RunFilter } from './run-filter.js';
import type { RunView } from './runs-page.js';

/** Where a run's report is: beside its manifest, where the run (or `report html`) writes it. */
export function reportPathOf(run: RunState): string {
  return join(dirname(run.manifest), 'report.html');
}

/**
 * Run ids newest first, within the filter's days when it has any: read from the runs index by creation time,
 * so that a date filter reaches back past the most recent runs.
 */
async function idsCreated(redis: Redis, prefix: string, limit: number, filter: RunFilter): Promise<string[]> {
  const max = filter.to ? Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS - 1 : '+inf';
  const min = filter.from ? Date.parse(`${filter.from}T00:00:00Z`) : '-inf';
  return redis.zrevrangebyscore(runsIndexKey(prefix), max, min, 'LIMIT', 0, limit);
}

const DAY_MS = 86_400_000;

/** The recent runs as the runs page shows them, newest first, those the filter lets through. */
export async function runViews(
  redis: Redis,
  prefix: string,
  limit: number,
  filter: RunFilter = {},
): Promise<RunView[]> {
  const store = new RunStore(redis, prefix);
  const mirrors = new MirrorStore(redis, prefix);
  const ids = await idsCreated(redis, prefix, limit, filter);
  const runs = (await Promise.all(ids.map((id) => store.get(id)))).filter(
    (run): run is RunState => run !== undefined && matchesFilter(run, filter),
  );
  return Promise.all(
    runs.map(async (run) => ({
      run: redactRun(run),
      counters: await store.counters(run.id),
      unrecognised: await store.unrecognised(run.id),
      // A damaged note leaves the cell without it; the run's row still shows.
      foreignAgent: await mirrors.note(run.id).catch(() => undefined),
      hasReport: run.status === 'done' && existsSync(reportPathOf(run)),
    })),
  );
}
