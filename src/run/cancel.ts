import { rm } from 'node:fs/promises';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { partPath } from './output-paths.js';
import { bodiesPathOf } from '../export/evidence-bodies.js';
import { purgeRunJobs, QUEUE_STREAMS } from './state/retention.js';
import { RunStore } from './state/run-store.js';
import { mergeJobId, QUEUES, queuesOf } from './state/topology.js';

/**
 * Cancelling a run: it is marked at once (whoever reads it sees `cancelled`), and its coordinator, wherever
 * it runs, stops at its next look and abandons the run: no output is placed, its part files are removed, and
 * its jobs and working data leave Redis. A run no coordinator holds is abandoned by the canceller itself.
 */

/** Thrown by the coordinator of a run that was cancelled, once the run is abandoned. */
export class RunCancelled extends Error {
  constructor(readonly runId: string) {
    super(`run ${runId} was cancelled`);
    this.name = 'RunCancelled';
  }
}

/** How long the abandoning waits for check and merge jobs in progress (their locks last 10 s) to let go. */
const JOBS_IN_PROGRESS_WAIT_MS = 30_000;

/**
 * Removes the flows of rows `from`..`to` (merge parents with their checks). A flow whose jobs are running
 * cannot be removed; it is tried again until those jobs end.
 */
async function removeFlows(redis: Redis, prefix: string, runId: string, from: number, to: number) {
  const merges = new Queue(QUEUES.verdicts, { connection: redis, prefix, streams: QUEUE_STREAMS });
  try {
    let rows: number[] = [];
    for (let row = from; row <= to; row++) rows.push(row);
    const deadline = Date.now() + JOBS_IN_PROGRESS_WAIT_MS;
    while (rows.length > 0 && Date.now() < deadline) {
      const left: number[] = [];
      for (const row of rows) {
        const id = mergeJobId(runId, row);
        if ((await merges.remove(id, { removeChildren: true })) === 1) continue;
        if ((await redis.exists(`${prefix}:${QUEUES.verdicts}:${id}`)) === 1) left.push(row);
      }
      rows = left;
      if (rows.length > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await merges.close();
  }
}

/**
 * What a cancelled run leaves behind goes: part files, the flows of rows dispatched and not written, then
 * the stored results, cache and mirror their last jobs may have written. Meta, counters and checkpoint stay
 * (the run reads as cancelled) until the run is deleted.
 */
export async function abandonRun(redis: Redis, prefix: string, runId: string): Promise<void> {
  const store = new RunStore(redis, prefix);
  const run = await store.require(runId);
  for (const final of [run.out, run.evidence, bodiesPathOf(run.evidence), run.manifest])
    await rm(partPath(final, runId), { force: true });
  await removeFlows(redis, prefix, runId, run.written + 1, run.dispatched);
  await store.releaseWorkingData(runId);
  await purgeRunJobs(redis, prefix, runId, run.service?.id);
}

/**
 * Marks the run cancelled. A run still waiting for a coordinator is taken off the queue and abandoned here;
 * one being coordinated is abandoned by its coordinator (within about a second); one whose coordinator died
 * by the next coordinator that picks it up.
 */
export async function cancelRun(redis: Redis, prefix: string, runId: string): Promise<void> {
  await new RunStore(redis, prefix).cancel(runId);
  const run = await new RunStore(redis, prefix).require(runId);
  const runs = new Queue(queuesOf(run.service).runs, { connection: redis, prefix, streams: QUEUE_STREAMS });
  try {
    const job = await runs.getJob(runId);
    const state = job ? await job.getState() : 'unknown';
    if (state === 'active') return;
    // 0 when a coordinator took the job meanwhile: then it is that coordinator's to abandon.
    if (job && (await runs.remove(runId)) === 0) return;
    await abandonRun(redis, prefix, runId);
  } finally {
    await runs.close();
  }
}

/** Whether a coordinator still holds the run's job (a cancelled run is still being abandoned). */
export async function runIsHeld(redis: Redis, prefix: string, runId: string): Promise<boolean> {
  const run = await new RunStore(redis, prefix).get(runId);
  return (await redis.exists(`${prefix}:${queuesOf(run?.service).runs}:${runId}:lock`)) === 1;
}
