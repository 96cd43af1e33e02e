import { resolve } from 'node:path';
import { environment } from '../settings/environment.js';
import type { Command } from 'commander';
import type { RunDeskRecord } from '../reporting/desk-record.js';
import { loadConfig, type Config } from '../config.js';
import { KycError } from '../errors.js';
import type { Logger } from '../log.js';
import { logNotices } from '../cli-ui/notices.js';
import { openRedis } from '../infra/redis-session.js';
import { datedName } from '../schedule/dated-dir.js';
import {
  SCHEDULE_DATA_VERSION,
  WORKER_DECIDES,
  checkScheduleName,
  checkTimeZone,
  scheduledRequest,
  type ScheduleJobData,
} from '../schedule/definition.js';
import { firingLine, listFirings } from '../schedule/firings.js';
import {
  addSchedule,
  fireNow,
  listSchedules,
  removeSchedule,
  type ScheduleInfo,
} from '../schedule/schedules.js';
import { startScheduleWorker, type ScheduleWorker } from '../schedule/worker.js';
import { enqueueFiringFailed, enqueueNewHits, startWebhookWorker } from '../notify/webhook-queue.js';
import { summaryFields } from '../cli-ui/summary.js';
import { executeRun } from '../runs/execute.js';
import type { RunRequest } from '../runs/request.js';
import { requireUpstream, type Runtime } from '../runs/runtime.js';
import { addRunOptions, requestOf, type RunOptions } from './run.js';
import { configOverrides, positiveInt } from './shared-options.js';

const PIPELINE_QUEUES = ['checks', 'verdicts', 'runs'] as const;
type PipelineQueue = (typeof PIPELINE_QUEUES)[number];

/** `--queues` of `kyc-screen worker`: the pipeline's own queues, and whether to fire schedules. */
export function pipelineQueuesOf(list: string): { only: PipelineQueue[]; schedules: boolean } {
  const names = list
    .split(',')
    .map((q) => q.trim())
    .filter((q) => q.length > 0);
  const unknown = names.filter(
    (q) => q !== 'schedules' && !(PIPELINE_QUEUES as readonly string[]).includes(q),
  );
  if (unknown.length > 0)
    throw new KycError(
      'KYC_ERR_USAGE',
      `--queues: unknown ${unknown.join(', ')} (checks, verdicts, runs, schedules)`,
    );
  return {
    only: PIPELINE_QUEUES.filter((q) => names.includes(q)),
    schedules: names.includes('schedules'),
  };
}

/** One firing's run on the worker's runtime (src/runs/), its end logged as `kyc-screen run` would. */
async function runHeadless(
  host: { readonly config: Config; readonly runtime: Runtime },
  log: Logger,
  signal: AbortSignal,
  request: RunRequest,
  resume: string | undefined,
): Promise<number> {
  const announce = logNotices(log);
  const outcome = await executeRun({ ...host, log, signal, announce }, request, resume);
  if (outcome.kind === 'failed') log.error(outcome.error);
  if (outcome.kind === 'finished')
    log.info(summaryFields(outcome.run, outcome.counters, outcome.unrecognised), 'run summary');
  return outcome.exitCode;
}

/**
 * The schedules worker inside `kyc-screen worker`: each firing is a `kyc-screen run --no-workers` made
 * with this process's config, Redis and logger (the runs service with a host), so it starts no emulator or Redis
 * of its own. On shutdown the firings stop following their runs, which go on in the workers.
 */
export async function startScheduledRuns(host: {
  readonly config: Config;
  readonly log: Logger;
  readonly runtime: Runtime;
  readonly concurrency?: number;
  /** First pause before a webhook retry (tests shorten it). */
  readonly webhookBackoffMs?: number;
  /** The review desk's record of a run, for each delta and new-HITs notice; absent: no desk here. */
  readonly deskRecordOf?: (runId: string) => Promise<RunDeskRecord | undefined>;
}): Promise<ScheduleWorker> {
  const stopping = new AbortController();
  const log = host.log.child({ queue: 'schedules' });
  const { redis } = host.runtime;
  const { prefix, webhookUrl, webhookSecret } = host.config;
  // The worker that fires schedules also delivers their notices, with the URL and secret of its own config.
  const webhook =
    webhookUrl && webhookSecret
      ? await startWebhookWorker({
          redis,
          prefix,
          log: host.log,
          target: { url: webhookUrl, secret: webhookSecret },
        })
      : undefined;
  const worker = await startScheduleWorker({
    redis,
    prefix,
    log,
    ...(host.concurrency ? { concurrency: host.concurrency } : {}),
    ...(webhook
      ? {
          notifyNewHits: (notice) => enqueueNewHits(redis, prefix, notice, host.webhookBackoffMs),
          notifyFiringFailed: (notice) => enqueueFiringFailed(redis, prefix, notice, host.webhookBackoffMs),
        }
      : {}),
    ...(host.deskRecordOf ? { deskRecordOf: host.deskRecordOf } : {}),
    runScheduled: (request, resume) => runHeadless(host, log, stopping.signal, request, resume),
  });
  return {
    async close() {
      stopping.abort();
      await worker.close();
      await webhook?.close();
    },
  };
}

interface AddOptions extends RunOptions {
  cron: string;
  input: string;
  tz?: string;
  name?: string;
}

function describe(info: ScheduleInfo): string {
  const next = info.next === undefined ? 'none' : `${datedName(info.next, info.tz || 'UTC')} ${info.tz}`;
  const data = info.data;
  const lines = [`${info.name}  ${info.cron}  (${info.tz})  next: ${next}`];
  if (data) {
    const run = data.request;
    lines.push(`  input: ${run.input ?? ''}`, `  out-dir: ${data.outDir}/YYYY-MM-DD_HHMM/`);
    if (run.whitelist) lines.push(`  whitelist: ${run.whitelist}`);
    if (run.upstreamProfile) lines.push(`  upstream profile: ${run.upstreamProfile}`);
    lines.push(`  priority: ${run.priority}`);
    if (run.attempts !== undefined) lines.push(`  attempts: ${run.attempts}`);
    if (run.cacheRows !== undefined) lines.push(`  cache rows: ${run.cacheRows}`);
    if (run.maxAge !== undefined) lines.push(`  max age: ${run.maxAge}`);
  }
  return lines.join('\n');
}

function defaultName(input: string): string {
  const base = input.replace(/^.*[\\/]/u, '').replace(/\.[^.]*$/u, '');
  const name = base.replace(/[^A-Za-z0-9_.]+/gu, '_').slice(0, 40);
  return name || 'nightly';
}

/** Flags of `run` that a schedule decides itself, or that make no sense for a run nobody watches. */
const NOT_SCHEDULABLE = [
  'out',
  'evidence',
  'manifest',
  'runId',
  'resume',
  'workers',
  'progress',
  'progressInterval',
  'logFile',
  'metricsPort',
  'metricsHost',
] as const;

/** The run request of `schedule add`: its flags, without those the schedule or the worker decides. */
function scheduleRequestOf(command: Command, options: AddOptions): RunRequest {
  for (const [key, why] of Object.entries(WORKER_DECIDES)) {
    if (command.getOptionValueSource(key) === 'cli')
      throw new KycError('KYC_ERR_USAGE', `a schedule cannot keep --${key}: ${why}`);
  }
  for (const key of NOT_SCHEDULABLE) {
    if (command.getOptionValueSource(key) === 'cli')
      throw new KycError(
        'KYC_ERR_USAGE',
        `a schedule decides --${key.replace(/[A-Z]/gu, (c) => `-${c.toLowerCase()}`)} itself`,
      );
  }
  return scheduledRequest(requestOf(options.input, options));
}

async function withConfigRedis<T>(
  stateDir: string | undefined,
  use: (config: Config, session: Awaited<ReturnType<typeof openRedis>>) => Promise<T>,
  upstream?: { readonly emulator: boolean },
) {
  const config = loadConfig(environment(), configOverrides({ stateDir, emulator: upstream?.emulator }));
  // A schedule whose nightly runs would screen against nothing (or, silently, the emulator) is refused.
  if (upstream) requireUpstream(config);
  const session = await openRedis(config);
  try {
    return await use(config, session);
  } finally {
    await session.close();
  }
}

/** `schedule add`: the run options of `run`, less those a schedule or its worker decides. */
function registerAdd(schedule: Command): void {
  const add = schedule
    .command('add')
    .description(
      'add (or replace, by name) a schedule; a kyc-screen worker serving the schedules queue fires it',
    )
    .requiredOption(
      '--cron <pattern>',
      'cron pattern, e.g. "0 2 * * *" (a sixth leading field counts seconds)',
    )
    .requiredOption('--input <path>', 'the client CSV each run reads (as it is at firing time)')
    .option(
      '--tz <zone>',
      'IANA time zone of the pattern and of the directory names (default: this machine’s)',
    )
    .option('--name <name>', 'schedule name: letters, digits, _ and . (default: from the input file name)');
  addRunOptions(add);
  for (const option of add.options) {
    const key = option.attributeName();
    if (key === 'outDir')
      option.description = 'base directory: each run writes into <out-dir>/YYYY-MM-DD_HHMM/ (required)';
    else if (key === 'emulator')
      option.description =
        'register the schedule without KYC_API_URL: its runs screen against the emulator of the worker ' +
        'that fires them (that worker needs the same opt-in)';
    else if ((NOT_SCHEDULABLE as readonly string[]).includes(key)) option.hideHelp();
    else if (key in WORKER_DECIDES) option.hideHelp();
  }
  add.action(async (options: AddOptions) => {
    if (!options.outDir) throw new KycError('KYC_ERR_USAGE', 'schedule add needs --out-dir');
    const request = scheduleRequestOf(add, options);
    const data: ScheduleJobData = {
      version: SCHEDULE_DATA_VERSION,
      name: checkScheduleName(options.name ?? defaultName(resolve(options.input))),
      outDir: resolve(options.outDir),
      tz: checkTimeZone(options.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone),
      request,
    };
    await withConfigRedis(
      options.stateDir,
      async (config, { redis }) => {
        // The input, whitelist and profile are checked before anything is stored (schedule/validate.ts).
        const info = await addSchedule(redis, config.prefix, options.cron, data);
        process.stdout.write(`${describe(info)}\n`);
      },
      { emulator: options.emulator === true },
    );
  });
}

/** `schedule list` and `schedule history`. */
function registerQueries(schedule: Command): void {
  schedule
    .command('list')
    .description('list the schedules with their next firing')
    .option('--json', 'print JSON')
    .option(
      '--state-dir <dir>',
      'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)',
    )
    .action(async (options: { json?: boolean; stateDir?: string }) => {
      await withConfigRedis(options.stateDir, async (config, { redis }) => {
        const schedules = await listSchedules(redis, config.prefix);
        if (options.json) process.stdout.write(`${JSON.stringify(schedules, null, 2)}\n`);
        else if (schedules.length === 0) process.stdout.write('No schedules.\n');
        else process.stdout.write(`${schedules.map(describe).join('\n')}\n`);
      });
    });

  schedule
    .command('history')
    .description(
      'recent firings of a schedule: run id and outcome (exit 8: its delta has new HITs, 4: INCOMPLETE rows)',
    )
    .argument('<name>', 'the schedule')
    .option('--limit <n>', 'firings to show, newest first', positiveInt('--limit'), 20)
    .option('--json', 'print JSON')
    .option(
      '--state-dir <dir>',
      'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)',
    )
    .action(async (name: string, options: { limit: number; json?: boolean; stateDir?: string }) => {
      checkScheduleName(name);
      await withConfigRedis(options.stateDir, async (config, { redis }) => {
        const firings = await listFirings(redis, config.prefix, name, options.limit);
        const tz = (await listSchedules(redis, config.prefix)).find((s) => s.name === name)?.tz || 'UTC';
        if (options.json) process.stdout.write(`${JSON.stringify(firings, null, 2)}\n`);
        else if (firings.length === 0) process.stdout.write(`No firings of ${name} recorded.\n`);
        else process.stdout.write(`${firings.map((f) => firingLine(f, tz)).join('\n')}\n`);
      });
    });
}

/** `schedule run` and `schedule remove`. */
function registerActions(schedule: Command): void {
  schedule
    .command('run')
    .description(
      'fire a schedule now, as its cron would (a worker serving the schedules queue runs it); see schedule history',
    )
    .argument('<name>', 'the schedule')
    .option(
      '--state-dir <dir>',
      'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)',
    )
    .action(async (name: string, options: { stateDir?: string }) => {
      checkScheduleName(name);
      await withConfigRedis(options.stateDir, async (config, { redis }) => {
        const firedAt = await fireNow(redis, config.prefix, name);
        const tz = (await listSchedules(redis, config.prefix)).find((s) => s.name === name)?.tz || 'UTC';
        process.stdout.write(
          `Firing of ${name} queued (${datedName(firedAt, tz)} ${tz}); a worker serving the schedules ` +
            `queue runs it: kyc-screen schedule history ${name}\n`,
        );
      });
    });

  schedule
    .command('remove')
    .description('remove a schedule (runs already fired go on; their outputs stay)')
    .argument('<name>', 'the schedule to remove')
    .option(
      '--state-dir <dir>',
      'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)',
    )
    .action(async (name: string, options: { stateDir?: string }) => {
      await withConfigRedis(options.stateDir, async (config, { redis }) => {
        await removeSchedule(redis, config.prefix, name);
        process.stdout.write(`Schedule ${name} removed.\n`);
      });
    });
}

/** `kyc-screen schedule add|list|history|run|remove`: nightly rescreening as BullMQ job schedulers. */
export function registerScheduleCommand(program: Command): void {
  const schedule = program
    .command('schedule')
    .description(
      'rescreen a client file on a cron schedule: dated outputs and a delta against the previous run',
    );
  registerAdd(schedule);
  registerQueries(schedule);
  registerActions(schedule);
}
