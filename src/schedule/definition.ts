import { KycError } from '../errors.js';
import { RUN_REQUEST_FIELDS, parseRunRequest, runRequest, type RunRequest } from '../runs/request.js';

/** The queue whose job schedulers fire scheduled runs; under the pipeline's one hash-tagged prefix. */
export const SCHEDULES_QUEUE = 'schedules';

/**
 * Request fields that no schedule stores: each firing decides its outputs and run id itself, and the
 * worker that fires it decides the upstream (`emulator`).
 */
export const FIRING_DECIDES = [
  'runId',
  'outDir',
  'out',
  'evidence',
  'manifest',
  'emulator',
  'schedule',
] as const satisfies readonly (keyof RunRequest)[];

/**
 * Settings that no run can have for itself, so a schedule cannot store them: the request rate is the API
 * key's quota, shared by every worker and every run; concurrency is a property of each worker process.
 */
export const WORKER_DECIDES = {
  rate: "the request rate is the API key's quota, shared by all runs: set it on the workers (kyc-screen worker --rate, or KYC_RATE)",
  concurrency:
    'check concurrency belongs to each worker process: set it on the workers (kyc-screen worker --concurrency)',
} as const satisfies Partial<Record<keyof RunRequest, string>>;

/** A request as a schedule keeps it: without what each firing or the worker decides. */
export function scheduledRequest(request: RunRequest): RunRequest {
  const kept: Record<string, unknown> = { ...request };
  for (const key of [...FIRING_DECIDES, ...Object.keys(WORKER_DECIDES)]) delete kept[key];
  return parseRunRequest(kept, 'the request of a schedule');
}

/** The version of ScheduleJobData; records without one are of the shape before it (RunOptions as `run`). */
export const SCHEDULE_DATA_VERSION = 2 as const;

/** The data every firing of a schedule carries (the job scheduler's template). */
export interface ScheduleJobData {
  readonly version: typeof SCHEDULE_DATA_VERSION;
  readonly name: string;
  /** Base directory: each run writes into `<outDir>/YYYY-MM-DD_HHMM/`. */
  readonly outDir: string;
  /** IANA time zone of the cron pattern and of the dated directory names. */
  readonly tz: string;
  /** What each firing runs (its input among it). */
  readonly request: RunRequest;
}

/** The first shape: the CLI's run options as `run`, the input beside them. */
interface LegacyScheduleData {
  readonly name: string;
  readonly input: string;
  readonly outDir: string;
  readonly tz: string;
  readonly run: Readonly<Record<string, unknown>>;
}

function isLegacy(data: unknown): data is LegacyScheduleData {
  const d = data as Partial<LegacyScheduleData> | null;
  return typeof d?.input === 'string' && typeof d.run === 'object' && d.run !== null;
}

/**
 * A schedule's stored data in the current shape, whatever version stored it: a schedule added before
 * schedules stored a RunRequest has its run options carried over (those a request knows; the rate and
 * concurrency that older versions accepted are dropped, as they were at firing time).
 */
export function migrateScheduleData(data: unknown): ScheduleJobData {
  if (!isLegacy(data)) {
    const d = data as Partial<ScheduleJobData> | null;
    if (d?.version !== SCHEDULE_DATA_VERSION || typeof d.name !== 'string')
      throw new KycError('KYC_ERR_RUN_REQUEST', 'a schedule stored in an unknown shape');
    return {
      version: SCHEDULE_DATA_VERSION,
      name: d.name,
      outDir: String(d.outDir),
      tz: String(d.tz),
      request: scheduledRequest(parseRunRequest(d.request, `the request of schedule ${d.name}`)),
    };
  }
  const known = Object.entries(data.run).filter(([key]) => RUN_REQUEST_FIELDS.includes(key));
  return {
    version: SCHEDULE_DATA_VERSION,
    name: data.name,
    outDir: data.outDir,
    tz: data.tz,
    request: scheduledRequest(runRequest({ ...Object.fromEntries(known), input: data.input })),
  };
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
