/**
 * The lanes of the quota, in the order their calls are served: a single client screened through the API
 * (`interactive`), then a `high` run's calls, then every other run's (`normal`, which `low` runs share). A
 * call of a lane marks its lane's work as going on; while work of a lane above goes on, a call books only a
 * few slots ahead and gives its worker up when held back (src/upstream/pacer.ts, paced-lookup.ts), so the
 * lanes above find the next slots and a worker free. The rate is the same for everybody.
 */
export const LANES = ['normal', 'high', 'interactive'] as const;

export type Lane = (typeof LANES)[number];

/** 0 for the lowest lane: the lanes above `lane` are those of a greater rank. */
export function laneRank(lane: Lane): number {
  return LANES.indexOf(lane);
}

/**
 * The marks of work going on in the lanes above the lowest, by rank − 1, beside the quota's slot key (same
 * hash tag, so one Redis Cluster slot). The `high` lane's keeps the name it had before there were lanes.
 */
export function laneMarkKeys(key: string): readonly [string, string] {
  return [`${key}:urgent`, `${key}:interactive`];
}
