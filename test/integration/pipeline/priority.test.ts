import { Queue, type Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log.js';
import { WorkerMetrics } from '../../../src/metrics/worker-metrics.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { QUEUES, queuesOf } from '../../../src/run/state/topology.js';
import { DEFAULT_WORKER_SETTINGS, startWorkers, type WorkerHost } from '../../../src/workers/workers.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { workerWiring } from '../../../src/runs/wiring.js';

/** The ids of the check jobs this process completed, in the order it completed them. */
class CompletionOrder extends WorkerMetrics {
  readonly checkJobIds: string[] = [];

  override watch(worker: Worker): void {
    super.watch(worker);
    if (worker.name.startsWith(QUEUES.checks))
      worker.on('completed', (job) => this.checkJobIds.push(job.id ?? ''));
  }
}

async function until(what: string, condition: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('fair sharing between runs', () => {
  let pipeline: TestPipeline;
  let checks: WorkerHost | undefined;
  let queue: Queue;
  beforeAll(async () => {
    // Coordinators and mergers here; the one checks worker is started by the test, serving one job at a time.
    pipeline = await startTestPipeline({ only: ['runs', 'verdicts'] });
    queue = new Queue(queuesOf(pipeline.service).checks, {
      connection: pipeline.redis,
      prefix: pipeline.prefix,
    });
  });
  afterAll(async () => {
    await checks?.close();
    await queue.close();
    await pipeline.close();
  });

  it('serves a high-priority onboarding run before a nightly run already in progress', async () => {
    const store = new RunStore(pipeline.redis, pipeline.prefix);
    const order = new CompletionOrder();
    const of = (runId: string) => order.checkJobIds.filter((id) => id.startsWith(`${runId}-`));

    const nightly = await pipeline.submit('samples/clients.csv', { priority: 'low', window: 1000 });
    // With no worker taking checks, the nightly run reads ahead until its checks are plenty, then holds.
    await until(
      'the nightly run has queued checks for its first rows',
      async () => ((await store.get(nightly))?.dispatched ?? 0) >= 64,
    );
    checks = await startWorkers({
      ...workerWiring({ redis: pipeline.redis, prefix: pipeline.prefix, log: silentLogger() }),
      redis: pipeline.redis,
      prefix: pipeline.prefix,
      registry: pipeline.registry,
      service: pipeline.service,
      log: silentLogger(),
      settings: { ...DEFAULT_WORKER_SETTINGS, rate: 500, backoffMs: 50, checksConcurrency: 1 },
      only: ['checks'],
      metrics: order,
    });
    await until('the nightly run is in progress', () => of(nightly).length >= 10);

    // Held while the onboarding run queues its checks, so that all of them wait together with the nightly's.
    await queue.pause();
    const onboarding = await pipeline.submit(sampleSlice(20), { priority: 'high' });
    await until(
      'the onboarding run has queued its checks',
      async () => (await store.get(onboarding))?.totalRows !== undefined,
    );
    await queue.resume();

    const [a, b] = await Promise.all([
      pipeline.finish(nightly, 120_000),
      pipeline.finish(onboarding, 120_000),
    ]);
    const served = order.checkJobIds;
    const onboardingChecks = of(onboarding).length;
    expect(onboardingChecks).toBeGreaterThanOrEqual(20);
    // One worker slot for both runs: the onboarding checks went as one block, ahead of the nightly checks
    // still waiting (queued first, they would all have gone before it without priorities).
    const first = served.findIndex((id) => id.startsWith(`${onboarding}-`));
    expect(served.slice(first, first + onboardingChecks)).toEqual(of(onboarding));
    expect(first).toBeGreaterThan(0);
    expect(served.length - (first + onboardingChecks)).toBeGreaterThan(0);
    expect(Date.parse(b.run.finishedAt ?? '')).toBeLessThan(Date.parse(a.run.finishedAt ?? ''));
  });
});
