import { KycError } from '../errors.js';
import type { RunOptions } from '../commands/run.js';

/** The queue whose job schedulers fire scheduled runs; under the pipeline's one hash-tagged prefix. */
export const SCHEDULES_QUEUE = 'schedules';

/** Run options that a schedule decides itself, or that make no sense for a run nobody watches. */
export const NOT_SCHEDULABLE = [
  'out',
  'evidence',
  'manifest',
  'outDir',
  'runId',
  'resume',
  'workers',
  'progress',
  'stateDir',
  'logFile',
  'metricsPort',
  'metricsHost',
  // The worker that fires the schedule decides the upstream; on `schedule add` it is only the opt-in.
  'emulator',
  'schedule',
] as const satisfies readonly (keyof RunOptions)[];

/**
 * Options that no run can have for itself, so a schedule cannot store them: the request rate is the API
 * key's quota, shared by every worker and every run; concurrency is a property of each worker process.
 */
export const WORKER_DECIDES = {
  rate: "the request rate is the API key's quota, shared by all runs: set it on the workers (kyc-screen worker --rate, or KYC_RATE)",
  concurrency:
    'check concurrency belongs to each worker process: set it on the workers (kyc-screen worker --concurrency)',
} as const satisfies Partial<Record<keyof RunOptions, string>>;

/** The options of each scheduled run: those of `kyc-screen run`, as given to `schedule add`. */
export type ScheduledRunOptions = Omit<
  RunOptions,
  (typeof NOT_SCHEDULABLE)[number] | keyof typeof WORKER_DECIDES
>;

/** A stored schedule's run options without those a worker decides (schedules added before they were refused). */
export function scheduledRunOptions(run: ScheduledRunOptions): ScheduledRunOptions {
  const kept: Record<string, unknown> = { ...run };
  for (const key of Object.keys(WORKER_DECIDES)) delete kept[key];
  return kept as ScheduledRunOptions;
}

/** The data every firing of a schedule carries (the job scheduler's template). */
export interface ScheduleJobData {
  readonly name: string;
  readonly input: string;
  /** Base directory: each run writes into `<outDir>/YYYY-MM-DD_HHMM/`. */
  readonly outDir: string;
  /** IANA time zone of the cron pattern and of the dated directory names. */
  readonly tz: string;
  readonly run: ScheduledRunOptions;
}

/** Schedule names become the scheduler id and part of run ids (`s_<name>_<millis>`, at most 64). */
export const SCHEDULE_NAME_PATTERN = /^[A-Za-z0-9_.]{1,40}$/u;

export function checkScheduleName(name: string): string {
  if (!SCHEDULE_NAME_PATTERN.test(name))
    throw new KycError(
      'KYC_ERR_SCHEDULE_INVALID',
      `name ${JSON.stringify(name)}: letters, digits, _ and . (at most 40)`,
    );
  return name;
}

export function checkTimeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw new KycError(
      'KYC_ERR_SCHEDULE_INVALID',
      `unknown time zone ${JSON.stringify(tz)} (IANA names, e.g. Europe/Moscow)`,
    );
  }
  return tz;
}

/** The run of one firing: the same id on every retry of that firing, so a retry resumes instead of redoing. */
export function scheduledRunId(name: string, firedAt: number): string {
  return `s_${name}_${firedAt}`;
}
