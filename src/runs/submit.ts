import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { RunJobData } from '../run/job-data.js';
import { QUEUE_STREAMS } from '../run/state/retention.js';
import { RunStore, type Counters, type RunSettings, type RunState } from '../run/state/run-store.js';
import { readLiveProgress, type LiveProgress } from '../run/state/run-progress.js';
import { PRIORITY, queuesOf } from '../run/state/topology.js';

/** The coordinators' queue of the run's service (src/run/state/topology.ts, queuesOf). */
function runsQueue(redis: Redis, prefix: string, run: Pick<RunSettings, 'service'>): Queue<RunJobData> {
  const name = queuesOf(run.service).runs;
  return new Queue<RunJobData>(name, { connection: redis, prefix, streams: QUEUE_STREAMS });
}

/** Records the run and queues it for a coordinator; a run id that is taken is refused (KYC_ERR_RUN_EXISTS). */
export async function submitRun(redis: Redis, prefix: string, settings: RunSettings): Promise<void> {
  await new RunStore(redis, prefix).create(settings);
  const queue = runsQueue(redis, prefix, settings);
  try {
    await queue.add(
      'run',
      { runId: settings.id },
      {
        jobId: settings.id,
        priority: PRIORITY[settings.priority],
        attempts: 1,
        removeOnComplete: { count: 1_000 },
        removeOnFail: { count: 1_000 },
      },
    );
  } finally {
    await queue.close();
  }
}

/**
 * Makes sure a run that is to be resumed is in the hands of a coordinator: a failed one is retried, a lost
 * one is queued again, and one still marked active by a coordinator that died (its lock has expired) is
 * put back to wait. A run whose coordinator is alive elsewhere is left to it.
 */
export async function requeueRun(redis: Redis, prefix: string, run: RunState): Promise<void> {
  const queue = runsQueue(redis, prefix, run);
  try {
    const job = await queue.getJob(run.id);
    if (!job) {
      await queue.add(
        'run',
        { runId: run.id },
        { jobId: run.id, priority: PRIORITY[run.priority], attempts: 1 },
      );
      return;
    }
    const state = await job.getState();
    if (state === 'failed') {
      await new RunStore(redis, prefix).update(run.id, { status: 'queued' });
      await job.retry('failed');
    } else if (state === 'delayed') {
      await job.promote();
    } else if (state === 'active') {
      const lockKey = `${prefix}:${queue.name}:${run.id}:lock`;
      if ((await redis.exists(lockKey)) === 0) await job.moveToWait();
    }
  } finally {
    await queue.close();
  }
}

export interface FollowTick {
  readonly run: RunState;
  readonly counters: Counters;
  /** The phase and the register mirror's counts (src/run/state/run-progress.ts). */
  readonly live?: LiveProgress;
}

/** Polls the run until it is done, failed or cancelled, reporting each tick; the returned state is the final one. */
export async function followRun(
  redis: Redis,
  prefix: string,
  runId: string,
  onTick: (tick: FollowTick) => void,
  options: { pollMs?: number; signal?: AbortSignal; onIdle?: () => Promise<void> } = {},
): Promise<RunState> {
  const store = new RunStore(redis, prefix);
  let lastWritten = -1;
  let idleSince = Date.now();
  for (;;) {
    const run = await store.require(runId);
    onTick({
      run,
      counters: await store.counters(runId),
      live: await readLiveProgress(redis, prefix, runId),
    });
    if (run.status === 'done' || run.status === 'failed' || run.status === 'cancelled') return run;
    if (options.signal?.aborted) return run;
    if (run.written !== lastWritten) {
      lastWritten = run.written;
      idleSince = Date.now();
    } else if (options.onIdle && Date.now() - idleSince > 20_000) {
      idleSince = Date.now();
      await options.onIdle();
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
}
