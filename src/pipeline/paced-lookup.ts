import type { Looked, Lookup } from '../checks/run-check.js';
import type { RegistryClient } from '../registry/index.js';
import { isRegistryError } from '../registry/index.js';
import type { Pacer } from './pacer.js';
import type { RequestCache } from './request-cache.js';
import type { RunStore } from './run-store.js';

/** Thrown when the shared pacer has no slot within its horizon: the job goes back and the queue waits. */
export class PacedOut extends Error {
  constructor(readonly retryInMs: number) {
    super(`rate limit reached; next slot in ${retryInMs} ms`);
    this.name = 'PacedOut';
  }
}

/**
 * Binds the four lookups of the core checks to the HTTP client, behind the run's request cache (identical
 * requests are made once) and the shared pacer (every call takes a slot of the one quota). Every call and
 * its outcome is counted under the run for the manifest.
 */
export function pacedLookup(
  runId: string,
  registry: RegistryClient,
  pacer: Pacer,
  cache: RequestCache,
  store: RunStore,
): Lookup {
  async function call<T>(
    operation: string,
    params: Readonly<Record<string, string>>,
    send: () => Promise<Looked<T>>,
  ): Promise<Looked<T>> {
    const { value, cached } = await cache.getOrFetch(operation, params, async () => {
      const slot = await pacer.acquire();
      if (!slot.granted) throw new PacedOut(slot.retryInMs);
      try {
        const answer = await send();
        await store.incr(runId, { [`calls:${operation}:${answer.record.status}`]: 1, calls: 1 });
        return answer;
      } catch (error) {
        if (isRegistryError(error)) {
          await store.incr(runId, { [`calls:${operation}:${error.status || error.kind}`]: 1, calls: 1 });
          // Nobody may call before the service's Retry-After, on any machine.
          if (error.kind === 'rate_limited') await pacer.penalize(error.retryAfterMs ?? 1_000);
        }
        throw error;
      }
    });
    if (!cached) return value;
    await store.incr(runId, { cache_hits: 1 });
    return { data: value.data, record: { ...value.record, cached: true } };
  }

  return {
    searchForeignAgents: (params) =>
      call('search.foreign_agent', params, () => registry.searchForeignAgents(params)),
    searchSanctions: (params) => call('search.sanctions', params, () => registry.searchSanctions(params)),
    searchBankruptcy: (searchString) =>
      call('search.bankruptcy', { search_string: searchString }, () =>
        registry.searchBankruptcy(searchString),
      ),
    debtorByInn: (inn) => call('client.debt', { inn }, () => registry.debtorByInn(inn)),
  };
}
