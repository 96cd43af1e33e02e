import { afterAll, describe, expect, it } from 'vitest';
import { FlowProducer, Queue, Worker } from 'bullmq';
import { connect, uniquePrefix } from '../helpers/redis.js';

describe('BullMQ on the test redis-server', () => {
  const connection = connect();
  const prefix = uniquePrefix();
  afterAll(async () => {
    await connection.quit();
  });

  it('runs a flow whose parent sees its children values and ignored failures', async () => {
    const children = new Worker(
      'checks',
      async (job) => {
        if (job.name === 'bad') throw new Error('boom');
        return { kind: job.name };
      },
      { connection, prefix, concurrency: 4 },
    );
    const seen: { values: Record<string, unknown>; failures: Record<string, string> }[] = [];
    const parents = new Worker(
      'verdicts',
      async (job) => {
        seen.push({
          values: await job.getChildrenValues(),
          failures: await job.getIgnoredChildrenFailures(),
        });
        return 'merged';
      },
      { connection, prefix },
    );
    const flow = new FlowProducer({ connection, prefix });
    const queue = new Queue('verdicts', { connection, prefix });
    await flow.add({
      name: 'merge',
      queueName: 'verdicts',
      opts: { jobId: 'run1-1-merge' },
      children: [
        {
          name: 'good',
          queueName: 'checks',
          opts: { jobId: 'run1-1-good', ignoreDependencyOnFailure: true },
        },
        { name: 'bad', queueName: 'checks', opts: { jobId: 'run1-1-bad', ignoreDependencyOnFailure: true } },
      ],
    });
    const deadline = Date.now() + 10_000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await Promise.all([children.close(), parents.close(), flow.close(), queue.close()]);

    expect(seen).toHaveLength(1);
    expect(Object.values(seen[0]!.values)).toEqual([{ kind: 'good' }]);
    expect(Object.values(seen[0]!.failures)).toEqual(['boom']);
  });
});
