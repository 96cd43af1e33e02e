import { Worker } from 'bullmq';
import { SCHEDULES_QUEUE, type ScheduleJobData } from './definition.js';
import { scheduleProcessor, type ScheduleProcessorDeps, type ScheduledRunResult } from './processor.js';

export interface ScheduleWorker {
  close(): Promise<void>;
}

/**
 * The worker of the `schedules` queue. A firing's job stays active while its run goes on (minutes to
 * hours), holding a renewed lock; if this process dies the job stalls back and another worker resumes the
 * same run. Several firings may be followed at once (`concurrency`), each costing one Redis poll a second.
 */
export async function startScheduleWorker(
  deps: ScheduleProcessorDeps & { readonly concurrency?: number },
): Promise<ScheduleWorker> {
  const worker = new Worker<ScheduleJobData, ScheduledRunResult>(SCHEDULES_QUEUE, scheduleProcessor(deps), {
    connection: deps.redis,
    prefix: deps.prefix,
    concurrency: deps.concurrency ?? 4,
    lockDuration: 30_000,
    stalledInterval: 15_000,
    maxStalledCount: 10,
  });
  worker.on('error', (error) => deps.log.error({ err: error, queue: SCHEDULES_QUEUE }, 'worker error'));
  worker.on('failed', (job, error) =>
    deps.log.warn({ queue: SCHEDULES_QUEUE, jobId: job?.id, reason: error.message }, 'scheduled run failed'),
  );
  await worker.waitUntilReady();
  return { close: () => worker.close() };
}
