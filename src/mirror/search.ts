import { setTimeout as sleep } from 'node:timers/promises';
import type { ForeignAgentSearch } from './enumerate.js';
import { isRegistryError, isRetryable, type RegistryClient } from '../upstream/client/index.js';
import { PacedOut, pacedLookup } from '../upstream/paced-lookup.js';
import type { Pacer } from '../upstream/pacer.js';
import type { RunStore } from '../run/state/run-store.js';
import { UpstreamHeld, type UpstreamGuard } from '../upstream/guard.js';

export interface MirrorSearchOptions {
  /** The service's base URL, which names the kept mirror (src/mirror/kept-store.ts). */
  readonly origin?: string;
  readonly guard?: UpstreamGuard;
  readonly maxRetryAfterMs: number;
  /** Attempts of one call that fails with a retryable error (5xx, timeout, network, malformed). */
  readonly attempts: number;
  readonly backoffMs: number;
  readonly signal?: AbortSignal;
  /** Why every call is stopped (the circuit breaker is open), if it is: the call gives up at once. */
  readonly stopped?: () => Promise<Error | undefined>;
}

/** Every call is a new one: the enumeration's questions are asked once per run anyway. */
const NO_CACHE = {
  async getOrFetch<T>(_operation: string, _params: unknown, fetch: () => Promise<T>) {
    return { value: await fetch(), cached: false };
  },
};

/** Waits (for a slot, the breaker, a 429) one call may spend before the enumeration gives up on it. */
const MAX_WAITS = 1_000;

/**
 * The enumeration's foreign-agent search: the same paced lookup every check uses (circuit breaker, the
 * shared pacer, Retry-After), waiting where a check job would go back to the queue, and retrying a failed
 * call as a check job would (exponential backoff, the run's attempts). A call that finally fails throws,
 * and the enumeration ends incomplete. Failed calls are counted under the run by `flush`.
 */
export function mirrorSearch(
  runId: string,
  registry: RegistryClient,
  pacer: Pacer,
  store: RunStore,
  options: MirrorSearchOptions,
): { search: ForeignAgentSearch; flush(): Promise<void>; origin?: string } {
  const lookup = pacedLookup(runId, registry, pacer, NO_CACHE, store, {
    ...(options.guard ? { guard: options.guard } : {}),
    maxRetryAfterMs: options.maxRetryAfterMs,
  });
  const search: ForeignAgentSearch = async (params) => {
    let waits = 0;
    for (let attempt = 1; ; attempt++) {
      options.signal?.throwIfAborted();
      try {
        return await lookup.searchForeignAgents(params);
      } catch (error) {
        // Waiting for a slot or for the breaker's probe spends no attempt, as for a check job.
        if (waits++ > MAX_WAITS) throw error;
        if (error instanceof UpstreamHeld) {
          const stopped = await options.stopped?.();
          if (stopped) throw stopped;
        }
        if (error instanceof PacedOut || error instanceof UpstreamHeld) {
          attempt--;
          await sleep(Math.max(1, error.retryInMs), undefined, { signal: options.signal });
          continue;
        }
        if (isRegistryError(error) && error.kind === 'rate_limited') {
          attempt--;
          continue;
        }
        if (!isRetryable(error) || attempt >= options.attempts) throw error;
        const delay = options.backoffMs * 2 ** (attempt - 1);
        await sleep(delay * (0.5 + Math.random() / 2), undefined, { signal: options.signal });
      }
    }
  };
  return {
    search,
    flush: () => lookup.flush(),
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  };
}
