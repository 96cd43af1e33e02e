import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { KycError } from '../errors.js';
import { QUEUE_STREAMS } from '../run/state/retention.js';
import {
  SCHEDULES_QUEUE,
  checkScheduleName,
  checkTimeZone,
  migrateScheduleData,
  type ScheduleJobData,
} from './definition.js';
import { checkScheduleInputs } from './validate.js';

/**
 * The schedules themselves are BullMQ job schedulers of the `schedules` queue (id = schedule name), so they
 * live in Redis with the queues: any `kyc-screen worker` serving that queue fires them, and adding one
 * with an existing name replaces it.
 */
export interface ScheduleInfo {
  readonly name: string;
  readonly cron: string;
  readonly tz: string;
  /** Next firing, ms since the epoch; undefined when BullMQ has none planned. */
  readonly next: number | undefined;
  readonly data: ScheduleJobData | undefined;
}

function schedulesQueue(redis: Redis, prefix: string): Queue<ScheduleJobData> {
  return new Queue<ScheduleJobData>(SCHEDULES_QUEUE, { connection: redis, prefix, streams: QUEUE_STREAMS });
}

async function withQueue<T>(redis: Redis, prefix: string, use: (q: Queue<ScheduleJobData>) => Promise<T>) {
  const queue = schedulesQueue(redis, prefix);
  try {
    return await use(queue);
  } finally {
    await queue.close();
  }
}

/** Every firing's job: a firing whose worker died is retried, and resumes the same run (its id is fixed). */
const FIRING_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'fixed', delay: 10_000 },
  removeOnComplete: { count: 200 },
  removeOnFail: { count: 200 },
} as const;

export async function addSchedule(
  redis: Redis,
  prefix: string,
  cron: string,
  data: ScheduleJobData,
): Promise<ScheduleInfo> {
  checkScheduleName(data.name);
  checkTimeZone(data.tz);
  await checkScheduleInputs(data);
  return withQueue(redis, prefix, async (queue) => {
    try {
      await queue.upsertJobScheduler(
        data.name,
        { pattern: cron, tz: data.tz },
        {
          name: 'scheduled-run',
          data,
          opts: FIRING_JOB_OPTIONS,
        },
      );
    } catch (error) {
      throw new KycError(
        'KYC_ERR_SCHEDULE_INVALID',
        `cron ${JSON.stringify(cron)}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const added = await queue.getJobScheduler(data.name);
    return { name: data.name, cron, tz: data.tz, next: added?.next, data };
  });
}

export async function listSchedules(redis: Redis, prefix: string): Promise<ScheduleInfo[]> {
  return withQueue(redis, prefix, async (queue) => {
    const schedulers = await queue.getJobSchedulers(0, -1, true);
    return schedulers.map((s) => {
      const data = s.template?.data;
      return {
        name: s.id ?? s.key,
        cron: s.pattern ?? (s.every ? `every ${s.every} ms` : ''),
        tz: s.tz ?? '',
        next: s.next,
        data: data && migrateScheduleData(data),
      };
    });
  });
}

export async function removeSchedule(redis: Redis, prefix: string, name: string): Promise<void> {
  await withQueue(redis, prefix, async (queue) => {
    if (!(await queue.getJobScheduler(name))) throw new KycError('KYC_ERR_SCHEDULE_NOT_FOUND', name);
    await queue.removeJobScheduler(name);
    // A firing that was being picked up while the scheduler was removed can leave its successor behind
    // as a delayed job; it would fire once more. Sweep such jobs so that remove really stops the firings.
    for (let sweep = 0; sweep < 2; sweep++) {
      if (sweep > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      for (const job of await queue.getJobs(['delayed', 'waiting', 'prioritized'])) {
        if (job.repeatJobKey === name) await job.remove().catch(() => undefined);
      }
    }
  });
}

/** The schedule of that name, or KYC_ERR_SCHEDULE_NOT_FOUND. */
export async function getSchedule(redis: Redis, prefix: string, name: string): Promise<ScheduleInfo> {
  const found = (await listSchedules(redis, prefix)).find((s) => s.name === name);
  if (!found) throw new KycError('KYC_ERR_SCHEDULE_NOT_FOUND', name);
  return found;
}

/**
 * `schedule run NAME`: one firing now, by whichever worker serves the schedules queue, exactly as the cron
 * would fire it (its own dated directory, delta, history). Returns the firing's time.
 */
export async function fireNow(redis: Redis, prefix: string, name: string): Promise<number> {
  const schedule = await getSchedule(redis, prefix, name);
  if (!schedule.data) throw new KycError('KYC_ERR_SCHEDULE_NOT_FOUND', `${name} has no run to fire`);
  const data = schedule.data;
  return withQueue(redis, prefix, async (queue) => {
    const job = await queue.add('scheduled-run', data, {
      ...FIRING_JOB_OPTIONS,
      jobId: `manual_${name}_${Date.now()}`,
    });
    return job.timestamp;
  });
}
