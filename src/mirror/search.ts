import { setTimeout as sleep } from 'node:timers/promises';
import type { ForeignAgentSearch } from './enumerate.js';
import type { RegistryClient } from '../upstream/client/index.js';
import { pacedLookup } from '../upstream/paced-lookup.js';
import { outcomeAction } from '../upstream/outcome-policy.js';
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
 * call as a check job would (src/upstream/outcome-policy.ts: its back-off, the run's attempts). A call that finally fails throws,
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
        const action = outcomeAction(error, { ...options, attempt });
        // Waiting for a slot, the breaker's probe or a 429's pause spends no attempt, as for a check job
        // (the 429's pause is the pacer's: the next slot is after it).
        if (action.kind === 'hold' || action.kind === 'pause') {
          if (waits++ > MAX_WAITS) throw error;
          if (error instanceof UpstreamHeld) {
            const stopped = await options.stopped?.();
            if (stopped) throw stopped;
          }
          attempt--;
          if (action.kind === 'hold') await sleep(action.ms, undefined, { signal: options.signal });
          continue;
        }
        if (action.kind === 'fail' || action.final) throw error;
        await sleep(action.ms, undefined, { signal: options.signal });
      }
    }
  };
  return {
    search,
    flush: () => lookup.flush(),
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  };
}
