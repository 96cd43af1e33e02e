import type { UpstreamProfile } from '../settings/upstream-profile.js';
import type { Finding } from './findings.js';
import type { Prober } from './prober.js';

/** Two broad searches, each matching far more records than any cap a screening service would set. */
export const BROAD_SEARCHES = [
  {
    path: '/lists/search/sanctions',
    query: { entity_type: 'person' },
    label: 'sanctions entity_type=person',
  },
  {
    path: '/lists/search/minjust_foreign_agent',
    query: { agent_type: 'Физическое лицо' },
    label: 'foreign agents agent_type=Физическое лицо',
  },
] as const;

export interface ResultCapFinding {
  readonly finding: Finding;
  /** The cap, when both searches stopped at the same count. */
  readonly cap: number | undefined;
  /** The records of the sanctions search, to build name-search probes from. */
  readonly sanctions: readonly unknown[];
}

function arrayOf(body: string): unknown[] | undefined {
  try {
    const json: unknown = JSON.parse(body);
    return Array.isArray(json) ? json : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a cap from two broad searches: equal counts are a cap; different ones only bound it from below.
 * A cap below the assumed one is the dangerous case: a cut-off answer would look complete.
 */
export function readCap(
  counts: readonly (number | undefined)[],
  assumedCap: number,
): { cap: number | undefined; holds: boolean | undefined } {
  const known = counts.filter((c): c is number => c !== undefined);
  if (known.length === 2 && known[0] === known[1] && (known[0] ?? 0) > 0) {
    return { cap: known[0], holds: known[0] === assumedCap };
  }
  const most = Math.max(0, ...known);
  return { cap: undefined, holds: most > assumedCap ? false : undefined };
}

export async function probeResultCap(prober: Prober, assumed: UpstreamProfile): Promise<ResultCapFinding> {
  const counts: (number | undefined)[] = [];
  const parts: string[] = [];
  let sanctions: unknown[] = [];
  for (const search of BROAD_SEARCHES) {
    const response = await prober.answer(search.path, search.query);
    const records = response.status === 200 ? arrayOf(response.body) : undefined;
    counts.push(records?.length);
    parts.push(`${search.label}: ${records === undefined ? `HTTP ${response.status}` : records.length}`);
    if (search.path === '/lists/search/sanctions') sanctions = records ?? [];
  }
  const { cap, holds } = readCap(counts, assumed.resultCap);
  return {
    cap,
    sanctions,
    finding: {
      point: 'result cap',
      found: `${cap === undefined ? 'no common count' : `${cap} records`} (${parts.join('; ')})`,
      assumed: `${assumed.resultCap} records`,
      holds,
    },
  };
}
