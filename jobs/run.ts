import { DelayedError, type Job, type Processor } from 'bullmq';
import type { RunJobData } from '../src/pipeline/job-data.js';
import { RunCancelled } from '../src/pipeline/cancel-run.js';
import { RunInterrupted, type RunSummary } from '../src/pipeline/coordinator.js';

/**
 * The run coordinator as a worker of the `runs` queue: one job is one whole run, resumable from its
 * checkpoint. When this process is asked to stop, the run goes back to the queue (delayed a moment) so
 * that any coordinator, here or on another machine, continues it. A cancelled run ends its job.
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
      if (error instanceof RunInterrupted && token) {
        await job.moveToDelayed(Date.now() + 1_000, token);
        throw new DelayedError();
      }
      throw error;
    }
  };
}
