/**
 * The bare BullMQ baseline of the overhead figure: per client one parent and four no-op children, added
 * with FlowProducer.addBulk in chunks while at most `window` clients are in flight — the same shape as
 * the pipeline, without HTTP, matching, caching, pacing or writing. Prints JSON `{ clients, seconds }`.
 *
 * Usage: tsx test/bench/lib/bullmq-baseline.ts <redisUrl> <clients> [window] [concurrency]
 */
import { FlowProducer, Worker, type FlowJob } from 'bullmq';
import { Redis } from 'ioredis';

const [url = 'redis://127.0.0.1:6379', clientsArg = '20000', windowArg = '1000', concurrencyArg = '32'] =
  process.argv.slice(2);
const clients = Number(clientsArg);
const window = Number(windowArg);
const concurrency = Number(concurrencyArg);
const prefix = `{bench-${process.pid}}`;
const connection = new Redis(url, { maxRetriesPerRequest: null });
let done = 0;
let wake: (() => void) | undefined;

const children = new Worker('checks', async () => ({ status: 'CLEAR' }), { connection, prefix, concurrency });
const parents = new Worker(
  'verdicts',
  async (job) => {
    await job.getChildrenValues();
    done++;
    wake?.();
  },
  { connection, prefix, concurrency: 16 },
);
const flow = new FlowProducer({ connection, prefix });
const started = performance.now();
let added = 0;
while (added < clients) {
  while (added - done >= window) await new Promise<void>((r) => (wake = r));
  const chunk: FlowJob[] = [];
  for (let i = 0; i < 200 && added < clients; i++, added++) {
    chunk.push({
      name: 'merge',
      queueName: 'verdicts',
      data: { row: added },
      opts: { jobId: `b-${added}-merge`, removeOnComplete: true },
      children: ['foreign_agent', 'sanctions', 'bankruptcy', 'debtor'].map((kind) => ({
        name: kind,
        queueName: 'checks',
        data: { row: added },
        opts: { jobId: `b-${added}-${kind}`, removeOnComplete: true, ignoreDependencyOnFailure: true },
      })),
    });
  }
  await flow.addBulk(chunk);
}
while (done < clients) await new Promise<void>((r) => (wake = r));
const seconds = (performance.now() - started) / 1000;
await Promise.all([children.close(), parents.close(), flow.close()]);
await connection.quit();
process.stdout.write(JSON.stringify({ clients, seconds, clientsPerSecond: clients / seconds }) + '\n');
