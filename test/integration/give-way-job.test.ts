import { Queue, Worker } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import type { Lookup } from '../../src/checks/run-check.js';
import type { CheckJobData } from '../../src/run/job-data.js';
import { RunStore } from '../../src/run/state/run-store.js';
import { GaveWay, PacedOut } from '../../src/upstream/held.js';
import type { JobLookup } from '../../src/upstream/paced-lookup.js';
import { checkProcessor } from '../../src/workers/check-job.js';
import { connect, uniquePrefix } from '../helpers/redis.js';

/**
 * A batch's check call held back for a screen (src/run/state/lanes.ts) gives its worker up. Only its own job
 * may step back: BullMQ's queue rate limit, which it used to take, stops the whole worker for what is left
 * of the queue's limiter window (up to a second), the screen's jobs with it, and made a screen beside a
 * batch take 1.5 s at R = 100 where it takes 0.25 s alone.
 */

const redis = connect();
afterAll(async () => {
  await redis.quit();
});

/** Every call of the check throws `error`, as the paced lookup does when no slot is given. */
function refusingLookup(error: Error): JobLookup {
  const refuse = () => Promise.reject(error);
  const lookup: Lookup = {
    searchForeignAgents: refuse,
    searchSanctions: refuse,
    searchBankruptcy: refuse,
    debtorByInn: refuse,
    validateEmail: refuse,
    cardData: refuse,
    cadastralReport: refuse,
    bankByBik: refuse,
  };
  return { ...lookup, flush: async () => {} };
}

async function oneJobHeldBy(error: Error, settled: (state: string, pauses: number[]) => boolean) {
  const prefix = uniquePrefix();
  const name = 'checks';
  const queue = new Queue<CheckJobData>(name, { connection: redis, prefix });
  // As in production (src/workers/workers.ts): a loose limiter on job starts, whose window each start opens.
  await queue.setGlobalRateLimit(200, 1_000);
  const pauses: number[] = [];
  const worker = new Worker<CheckJobData>(
    name,
    checkProcessor({
      lookupFor: () => refusingLookup(error),
      pauseQueue: async (ms) => {
        pauses.push(ms);
        await queue.rateLimit(ms);
      },
      store: new RunStore(redis, prefix),
    }),
    { connection: redis.duplicate(), prefix, concurrency: 1 },
  );
  const job = await queue.add(
    'debtor',
    {
      runId: 'r1',
      row: 1,
      client: { row: 1, entityType: 'person', entityTypeSource: 'column', inn: '500100732259' },
      cache: { rows: 100 },
    } as unknown as CheckJobData,
    { priority: 5, attempts: 3 },
  );
  const id = job.id ?? '';
  const state = await until(async () => {
    const now = await queue.getJobState(id);
    return settled(now, pauses) ? now : undefined;
  });
  // Private in BullMQ's types: whether the worker waits out a rate limit before it fetches any job.
  const limited = (worker as unknown as { isRateLimited(): boolean }).isRateLimited();
  const attemptsMade = (await queue.getJob(id))?.attemptsMade;
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return { state, attemptsMade, limited, pauses };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a check job that gives its worker up to a lane above', () => {
  it('steps back alone, delayed, without an attempt, and leaves the worker free for the next job', async () => {
    // Back for a minute here, so that it is seen where it went; in production 1 ms.
    const held = await oneJobHeldBy(new GaveWay(60_000), (state) => state === 'delayed');
    expect(held.pauses).toEqual([]);
    expect(held.limited).toBe(false);
    expect(held.attemptsMade).toBe(0);
  });

  it('while a quota with no slot in reach still holds the whole queue', async () => {
    const held = await oneJobHeldBy(
      new PacedOut(3_000),
      (state, pauses) => pauses.length > 0 && state !== 'active',
    );
    expect(held.pauses).toEqual([3_000]);
    expect(held.limited).toBe(true);
    expect(held.attemptsMade).toBe(0);
  });
});
