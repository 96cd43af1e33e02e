import { Queue, type QueueOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../../log.js';
import { QUEUES, queuesOf, type RunQueues } from './topology.js';

/**
 * What stays of a client in Redis, and for how long (docs/operations.md, "Retention"). Job payloads, cached
 * answers, stored results and BullMQ's event entries all carry client data (names, INNs, birth dates,
 * e-mails); a finished run keeps none of it, only its meta, counters and checkpoint.
 */

/**
 * Entries of each queue's BullMQ event stream (`<prefix>:<queue>:events`). Every completed job's return value
 * goes there, so no job of the pipeline returns client data (a check keeps its result under the run and
 * returns only its kind); kyc-screen reads no events, so the stream is kept short: BullMQ trims it
 * approximately, to this many entries plus at most one stream node (100 entries).
 */
export const EVENTS_MAX_LEN = 100;

/** The `streams` option every Queue of the pipeline is built with: BullMQ stores it in the queue's meta. */
export const QUEUE_STREAMS: NonNullable<QueueOptions['streams']> = { events: { maxLen: EVENTS_MAX_LEN } };

/**
 * Writes the events limit into the meta of every queue of the pipeline before any job is added: a queue's
 * stream takes the limit of the last Queue object built for it, and jobs added by a FlowProducer alone would
 * leave BullMQ's default of 10,000 entries.
 */
export async function applyEventRetention(
  redis: Redis,
  prefix: string,
  queues: RunQueues = QUEUES,
): Promise<void> {
  const names: string[] = [QUEUES.runs, QUEUES.checks, QUEUES.verdicts, queues.runs, queues.checks];
  for (const name of new Set(names)) {
    const queue = new Queue(name, { connection: redis, prefix, streams: QUEUE_STREAMS });
    try {
      await queue.getVersion();
    } finally {
      await queue.close();
    }
  }
}

/**
 * How long a failed merge job (client data in its children's values) of a run that never finishes stays:
 * BullMQ removes failed jobs older than this whenever another job of the queue fails. A run that finishes
 * removes its failed jobs at once.
 */
export const ABANDONED_JOB_AGE_S = 7 * 24 * 3600;

/**
 * Stored results of a run that stops making progress (failed, interrupted and never resumed) expire this
 * long after the last result or checkpoint; a resumed run re-dispatches the rows whose results are gone.
 */
export const ABANDONED_RUN_DATA_MS = 7 * 24 * 3600 * 1000;

/** The queues whose jobs carry client data: the run's service's checks, and the merges. */
function clientDataQueues(service: string | undefined): readonly string[] {
  const queues = queuesOf(service);
  return [queues.checks, queues.verdicts];
}

/**
 * Removes what BullMQ keeps of a finished run: its failed check and merge jobs (data, children's values and
 * failure reasons). The queues' event streams are shared by every run and carry no client data (job ids,
 * states, check kinds and error codes): they are left to BullMQ's own trimming, never emptied under the
 * runs still in progress.
 */
export async function purgeRunJobs(
  redis: Redis,
  prefix: string,
  runId: string,
  service?: string,
): Promise<number> {
  let removed = 0;
  for (const name of clientDataQueues(service)) {
    const queue = new Queue(name, { connection: redis, prefix, streams: QUEUE_STREAMS });
    try {
      for (const state of ['failed', 'completed'] as const) {
        const key = `${prefix}:${name}:${state}`;
        const ids = await redis.zrangebyscore(key, '-inf', '+inf');
        for (const id of ids) {
          if (!id.startsWith(`${runId}-`)) continue;
          removed += await queue.remove(id, { removeChildren: true });
        }
      }
    } finally {
      await queue.close();
    }
  }
  return removed;
}

const AOF_REWRITE_WAIT_MS = 30_000;

/**
 * Asks Redis to rewrite its append-only file, so that the client data just deleted leaves the disk too
 * (until a rewrite, the AOF still holds every command that wrote it). Best effort: a managed Redis may
 * refuse the command, and a Redis without AOF has nothing to rewrite.
 */
export async function compactAppendOnlyFile(redis: Redis, log: Logger): Promise<boolean> {
  try {
    const reply = await redis.config('GET', 'appendonly');
    if (reply[1] !== 'yes') return false;
    await redis.bgrewriteaof();
    // Waited for (bounded): an embedded Redis stopped during the rewrite would keep the old file.
    const deadline = Date.now() + AOF_REWRITE_WAIT_MS;
    while (Date.now() < deadline) {
      const info = await redis.info('persistence');
      if (/aof_rewrite_in_progress:0/.test(info) && /aof_rewrite_scheduled:0/.test(info)) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    log.warn('the append-only file is still being rewritten; it keeps older data until that ends');
    return false;
  } catch (error) {
    log.debug({ err: error }, 'could not rewrite the append-only file');
    return false;
  }
}
