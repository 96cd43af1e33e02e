import type { Prober } from './prober.js';

/**
 * Broad searches, each matching far more records than any page a screening service would return, across
 * registers and parameters: a service that ignores a filter-only search for one still cuts the others.
 */
export const BROAD_SEARCHES = [
  { path: '/lists/search/sanctions', query: { entity_type: 'person' } },
  { path: '/lists/search/minjust_foreign_agent', query: { agent_type: 'Физическое лицо' } },
  { path: '/lists/search/sanctions', query: { entity_type: 'organization' } },
  { path: '/lists/search-data/bankruptcy', query: { search_string: 'Иванов' } },
] as const;

export interface BroadAnswers {
  /** The records of the sanctions searches, to build name-search probes from. */
  readonly sanctions: readonly unknown[];
  /** The records of the foreign-agent search: their birth dates lead to sanctions records by date. */
  readonly foreignAgents: readonly unknown[];
}

function arrayOf(body: string): unknown[] {
  try {
    const json: unknown = JSON.parse(body);
    return Array.isArray(json) ? json : [];
  } catch {
    return [];
  }
}

/** The broad searches; their lengths are read with every other answer's (page-size.ts). */
export async function probeBroadSearches(prober: Prober): Promise<BroadAnswers> {
  const sanctions: unknown[] = [];
  const foreignAgents: unknown[] = [];
  for (const search of BROAD_SEARCHES) {
    const response = await prober.answer(search.path, search.query);
    const records = response.status === 200 ? arrayOf(response.body) : [];
    if (search.path === '/lists/search/sanctions') sanctions.push(...records);
    else if (search.path === '/lists/search/minjust_foreign_agent') foreignAgents.push(...records);
  }
  return { sanctions, foreignAgents };
}
