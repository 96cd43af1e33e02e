import { afterAll, describe, expect, it } from 'vitest';
import type { DebtorResult } from '../../src/domain/records.js';
import { COUNTER } from '../../src/domain/run-counters.js';
import { silentLogger } from '../../src/log.js';
import { RunStore } from '../../src/run/state/run-store.js';
import { RegistryError, type RegistryClient } from '../../src/upstream/client/index.js';
import { UpstreamGuard, UpstreamHeld } from '../../src/upstream/guard.js';
import { pacedLookup } from '../../src/upstream/paced-lookup.js';
import { Pacer } from '../../src/upstream/pacer.js';
import { UpstreamState } from '../../src/upstream/state.js';
import { connect, uniquePrefix } from '../helpers/redis.js';

const redis = connect();
afterAll(async () => {
  await redis.quit();
});

/** A debtor route that refuses the key once (401, so the request reached the service), then answers. */
function onceRefusedService(): { registry: RegistryClient; received: () => number } {
  let received = 0;
  const service: Pick<RegistryClient, 'debtorByInn'> = {
    async debtorByInn(inn) {
      received += 1;
      if (received === 1)
        throw new RegistryError({
          kind: 'auth',
          operation: 'client.debt',
          status: 401,
          request: 'GET /client/debt?inn=…',
          params: { inn },
        });
      // What the debtor record says plays no part in counting calls.
      return {
        data: {} as DebtorResult,
        record: { operation: 'client.debt', params: { inn }, status: 200 },
        durationMs: 1,
      };
    },
  };
  return { registry: service as RegistryClient, received: () => received };
}

/** The calls of the breakdown by operation and status, added up. */
function breakdownTotal(counters: Readonly<Record<string, number>>): number {
  return Object.entries(counters)
    .filter(([field]) => field.startsWith(`${COUNTER.calls}:`))
    .reduce((sum, [, n]) => sum + n, 0);
}

// A bank reconciles the manifest's breakdown with the provider's bill. The breaker's probe answers after
// the job that failed has already written its tally and gone back to the queue: its call was counted in
// the total but lost from the breakdown (one call in 737 on a faulty service).
describe("the breaker's probe is counted in the breakdown by operation too", () => {
  it('when it is answered after the held job wrote its tally', async () => {
    const prefix = uniquePrefix();
    const store = new RunStore(redis, prefix);
    const { registry, received } = onceRefusedService();
    let jobFlushed!: () => void;
    const flushed = new Promise<void>((resolve) => (jobFlushed = resolve));
    let probed!: () => void;
    const probeDone = new Promise<void>((resolve) => (probed = resolve));
    const guard = new UpstreamGuard({
      state: new UpstreamState(redis, prefix),
      threshold: 1,
      probe: async (repeat) => {
        await flushed;
        await repeat();
        probed();
      },
      onOpen: async () => undefined,
      log: silentLogger(),
    });
    const passThrough = {
      getOrFetch: async <T>(_operation: string, _params: unknown, fetch: () => Promise<T>) => ({
        value: await fetch(),
        cached: false,
      }),
    };
    const lookup = pacedLookup(
      'run-1',
      registry,
      new Pacer(redis, `${prefix}:pacer`, 1_000),
      passThrough,
      store,
      {
        guard,
      },
    );

    await expect(lookup.debtorByInn('500100732259')).rejects.toBeInstanceOf(UpstreamHeld);
    await lookup.flush();
    jobFlushed();
    await probeDone;

    const counters = await store.counters('run-1');
    expect(received()).toBe(2);
    expect(counters[COUNTER.calls]).toBe(2);
    expect(counters['calls:client.debt:401']).toBe(1);
    expect(counters['calls:client.debt:200']).toBe(1);
    expect(breakdownTotal(counters)).toBe(2);
  });
});
