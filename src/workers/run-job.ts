import { DelayedError, type Job, type Processor } from 'bullmq';
import type { RunJobData } from '../run/job-data.js';
import { RunCancelled } from '../run/cancel.js';
import { RunInterrupted, type RunSummary } from '../run/coordinator.js';
import { LEASE_TTL_MS, RunBusy, RunTakenOver } from '../run/lease.js';

/**
 * The run coordinator as a worker of the `runs` queue: one job is one whole run, resumable from its
 * checkpoint. When this process is asked to stop, the run goes back to the queue (delayed a moment) so
 * that any coordinator, here or on another machine, continues it. A cancelled run ends its job. A run held
 * by another coordinator (src/run/lease.ts) is tried again later.
 */
export function runProcessor(
  coordinate: (
    runId: string,
    job: Job<RunJobData, RunSummary | undefined>,
    signal: AbortSignal,
  ) => Promise<RunSummary>,
  stopping: AbortSignal,
): Processor<RunJobData, RunSummary | undefined> {
  return async (job, token) => {
    try {
      return await coordinate(job.data.runId, job, stopping);
    } catch (error) {
      // Abandoned by its coordinator: the job is over, nothing to retry or resume.
      if (error instanceof RunCancelled) return undefined;
      // Its lock lapsed and the job went to the coordinator that holds the run now: not this one's to move.
      if (error instanceof RunTakenOver) throw new DelayedError();
      if (error instanceof RunInterrupted && token) {
        // A run held elsewhere is looked at again a few times per lease, not in a tight loop.
        const delayMs = error instanceof RunBusy ? LEASE_TTL_MS / 4 : 1_000;
        await job.moveToDelayed(Date.now() + delayMs, token);
        throw new DelayedError();
      }
      throw error;
    }
  };
}
