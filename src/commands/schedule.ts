import { parseMaxAge } from '../answers/policy.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { EMULATOR_URL, loadConfig, type Config } from '../config.js';
import { KycError } from '../errors.js';
import type { Logger } from '../log.js';
import { logNotices } from '../cli-ui/notices.js';
import { openRedis } from '../infra/redis-session.js';
import { datedName } from '../schedule/dated-dir.js';
import {
  NOT_SCHEDULABLE,
  WORKER_DECIDES,
  checkScheduleName,
  checkTimeZone,
  scheduledRunOptions,
  type ScheduleJobData,
  type ScheduledRunOptions,
} from '../schedule/definition.js';
import { firingLine, listFirings } from '../schedule/firings.js';
import { addSchedule, listSchedules, removeSchedule, type ScheduleInfo } from '../schedule/schedules.js';
import { startScheduleWorker, type ScheduleWorker } from '../schedule/worker.js';
import { enqueueNewHits, startWebhookWorker } from '../notify/webhook-queue.js';
import { readWhitelist } from '../whitelist/file.js';
import { loadProfile } from '../upstream/client/profile.js';
import { requireUpstream, type Runtime } from '../runs/runtime.js';
import { addRunOptions, runAction, type RunOptions } from './run.js';
import { positiveInt } from './shared-options.js';

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

/**
 * The schedules worker inside `kyc-screen worker`: each firing is a `kyc-screen run --no-workers` made
 * with this process's config, Redis and logger (runAction with a host), so it starts no emulator or Redis
 * of its own. On shutdown the firings stop following their runs, which go on in the workers.
 */
export async function startScheduledRuns(host: {
  readonly config: Config;
  readonly log: Logger;
  readonly runtime: Runtime;
  readonly concurrency?: number;
  /** First pause before a webhook retry (tests shorten it). */
  readonly webhookBackoffMs?: number;
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
      ? { notifyNewHits: (notice) => enqueueNewHits(redis, prefix, notice, host.webhookBackoffMs) }
      : {}),
    runScheduled: (input, options) =>
      runAction(input, options, {
        config: host.config,
        log,
        runtime: host.runtime,
        signal: stopping.signal,
        announce: logNotices(log),
      }),
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
    lines.push(`  input: ${data.input}`, `  out-dir: ${data.outDir}/YYYY-MM-DD_HHMM/`);
    if (data.run.whitelist) lines.push(`  whitelist: ${data.run.whitelist}`);
    if (data.run.upstreamProfile) lines.push(`  upstream profile: ${data.run.upstreamProfile}`);
    lines.push(`  priority: ${data.run.priority}`);
    if (data.run.attempts !== undefined) lines.push(`  attempts: ${data.run.attempts}`);
    if (data.run.cacheRows !== undefined) lines.push(`  cache rows: ${data.run.cacheRows}`);
    if (data.run.maxAge !== undefined) lines.push(`  max age: ${data.run.maxAge}`);
  }
  return lines.join('\n');
}

function defaultName(input: string): string {
  const base = input.replace(/^.*[\\/]/u, '').replace(/\.[^.]*$/u, '');
  const name = base.replace(/[^A-Za-z0-9_.]+/gu, '_').slice(0, 40);
  return name || 'nightly';
}

/** Run options that `schedule add` takes for itself rather than refusing them. */
const SCHEDULE_OWN: ReadonlySet<string> = new Set(['outDir', 'stateDir', 'emulator']);

/** The run options the user gave to `schedule add`, without those the schedule decides itself. */
function runOptionsOf(command: Command, options: AddOptions): ScheduledRunOptions {
  for (const [key, why] of Object.entries(WORKER_DECIDES)) {
    if (command.getOptionValueSource(key) === 'cli')
      throw new KycError('KYC_ERR_USAGE', `a schedule cannot keep --${key}: ${why}`);
  }
  for (const key of NOT_SCHEDULABLE) {
    if (!SCHEDULE_OWN.has(key) && command.getOptionValueSource(key) === 'cli')
      throw new KycError(
        'KYC_ERR_USAGE',
        `a schedule decides --${key.replace(/[A-Z]/gu, (c) => `-${c.toLowerCase()}`)} itself`,
      );
  }
  const rest: Record<string, unknown> = { ...options };
  for (const key of [...NOT_SCHEDULABLE, 'cron', 'input', 'tz', 'name']) delete rest[key];
  const run = scheduledRunOptions(rest as unknown as ScheduledRunOptions);
  return {
    ...run,
    ...(run.whitelist ? { whitelist: resolve(run.whitelist) } : {}),
    ...(run.upstreamProfile ? { upstreamProfile: resolve(run.upstreamProfile) } : {}),
  };
}

async function withConfigRedis<T>(
  stateDir: string | undefined,
  use: (config: Config, session: Awaited<ReturnType<typeof openRedis>>) => Promise<T>,
  upstream?: { readonly emulator: boolean },
) {
  const config = loadConfig(process.env, {
    ...(stateDir ? { stateDir } : {}),
    ...(upstream?.emulator ? { apiUrl: EMULATOR_URL } : {}),
  });
  // A schedule whose nightly runs would screen against nothing (or, silently, the emulator) is refused.
  if (upstream) requireUpstream(config);
  const session = await openRedis(config);
  try {
    return await use(config, session);
  } finally {
    await session.close();
  }
}

/** `kyc-screen schedule add|list|remove`: nightly rescreening as BullMQ job schedulers. */
export function registerScheduleCommand(program: Command): void {
  const schedule = program
    .command('schedule')
    .description(
      'rescreen a client file on a cron schedule: dated outputs and a delta against the previous run',
    );

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
    const key = option.attributeName() as (typeof NOT_SCHEDULABLE)[number];
    if (key === 'outDir')
      option.description = 'base directory: each run writes into <out-dir>/YYYY-MM-DD_HHMM/ (required)';
    else if (key === 'emulator')
      option.description =
        'register the schedule without KYC_API_URL: its runs screen against the emulator of the worker ' +
        'that fires them (that worker needs the same opt-in)';
    else if (key !== 'stateDir' && (NOT_SCHEDULABLE as readonly string[]).includes(key)) option.hideHelp();
    else if (key in WORKER_DECIDES) option.hideHelp();
  }
  add.action(async (options: AddOptions) => {
    if (!options.outDir) throw new KycError('KYC_ERR_USAGE', 'schedule add needs --out-dir');
    const input = resolve(options.input);
    const run = runOptionsOf(add, options);
    if (run.whitelist && existsSync(run.whitelist)) await readWhitelist(run.whitelist);
    // A broken profile fails here, not at 2 a.m.; the file is read again at every firing.
    if (run.upstreamProfile) loadProfile(run.upstreamProfile);
    if (run.maxAge !== undefined) parseMaxAge(run.maxAge, '--max-age');
    const data: ScheduleJobData = {
      name: checkScheduleName(options.name ?? defaultName(input)),
      input,
      outDir: resolve(options.outDir),
      tz: checkTimeZone(options.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone),
      run,
    };
    await withConfigRedis(
      options.stateDir,
      async (config, { redis }) => {
        const info = await addSchedule(redis, config.prefix, options.cron, data);
        process.stdout.write(`${describe(info)}\n`);
        for (const path of [input, run.whitelist])
          if (path && !existsSync(path)) process.stderr.write(`Warning: ${path} does not exist (yet)\n`);
      },
      { emulator: options.emulator === true },
    );
  });

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
