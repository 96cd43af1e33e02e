import { Option, type Command } from 'commander';
import { environment } from '../settings/environment.js';
import { loadConfig } from '../config.js';
import { stderrIsTerminal, type Announce } from '../cli-ui/notices.js';
import { requireDeskOf } from '../settings/require-desk.js';
import { PRIVATE_DIR_MODE } from '../infra/private-files.js';
import { requireUpstream, startRuntime } from '../runs/runtime.js';
import { ensureWritableLogFile, ensureWritableStateDir } from '../infra/writable.js';
import { DEFAULT_WORKER_SETTINGS, startWorkers } from '../workers/workers.js';
import { openCommandDesk } from '../desk/command-desk.js';
import { databaseUrlOf } from '../desk/db/open.js';
import { WorkerMetrics } from '../metrics/worker-metrics.js';
import {
  commandLogFile,
  nonNegativeInt,
  positiveInt,
  positiveNumber,
  configOverrides,
  emulatorOption,
  logFileOption,
  openCommandLog,
  upstreamProfileOption,
  workerSettings,
} from './shared-options.js';
import { pipelineQueuesOf, startScheduledRuns } from './schedule.js';
import { workerWiring } from '../runs/wiring.js';
import { dashboardUrlOf } from '../settings/dashboard-url.js';

interface WorkerOptions {
  concurrency: number;
  mergeConcurrency: number;
  runsConcurrency: number;
  attempts: number;
  rate?: number;
  queues: string;
  stateDir?: string;
  logFile?: string;
  metricsPort?: number;
  metricsHost: string;
  upstreamProfile?: string;
  emulator?: boolean;
  requireDesk?: boolean;
}

/** `kyc-screen worker`: checks, merge and runs workers; any number of them on any number of machines. */
export function registerWorkerCommand(program: Command): void {
  const command = program
    .command('worker')
    .description('process checks, merges and runs from Redis until SIGTERM (then drain gracefully)')
    .option(
      '--concurrency <n>',
      'check jobs in progress at once',
      positiveInt('--concurrency'),
      DEFAULT_WORKER_SETTINGS.checksConcurrency,
    )
    .option(
      '--merge-concurrency <n>',
      'merge jobs at once',
      positiveInt('--merge-concurrency'),
      DEFAULT_WORKER_SETTINGS.mergeConcurrency,
    )
    .option(
      '--runs-concurrency <n>',
      'runs coordinated at once',
      positiveInt('--runs-concurrency'),
      DEFAULT_WORKER_SETTINGS.runsConcurrency,
    )
    .option(
      '--attempts <n>',
      'attempts of a check on 5xx, timeouts and network errors, in runs coordinated here that keep none of their own',
      positiveInt('--attempts'),
      DEFAULT_WORKER_SETTINGS.attempts,
    )
    .option(
      '--rate <n>',
      'upstream calls per second for all workers together (default: KYC_RATE or 10); give every worker the same',
      positiveNumber('--rate'),
    )
    .addOption(
      new Option('--queues <list>', 'which workers to run (schedules: fire scheduled runs)').default(
        'checks,verdicts,runs,schedules',
      ),
    )
    .option(
      '--metrics-port <n>',
      'serve Prometheus /metrics of this process (check and merge latency) on this port',
      nonNegativeInt('--metrics-port'),
    )
    .option('--metrics-host <address>', 'address of --metrics-port', '127.0.0.1')
    .option(
      '--state-dir <dir>',
      'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)',
    )
    .option(
      '--require-desk',
      "runs coordinated here (scheduled ones too) fail with KYC_ERR_DESK_REQUIRED rather than screen without the review desk's decisions: without DATABASE_URL a worker has no desk (default: KYC_REQUIRE_DESK)",
    );
  emulatorOption(
    upstreamProfileOption(logFileOption(command)),
    'call a built-in emulator of the Lookup Service in this process (synthetic registers)',
  ).action(runWorker);
}

/**
 * A worker without DATABASE_URL leaves the embedded desk to the one process that may hold it (`serve`,
 * a `run`, the dashboard): the runs it coordinates are screened without the desk's decisions, and say so.
 */
function announceNoDesk(announce: Announce, requireDesk: boolean): void {
  announce(
    requireDesk
      ? '!!! No review desk in this worker (DATABASE_URL is not set): runs it coordinates fail with KYC_ERR_DESK_REQUIRED (--require-desk).'
      : '!!! No review desk in this worker (DATABASE_URL is not set): runs it coordinates (scheduled ones too) do NOT apply the desk’s decisions, and their summary, manifest and report say so. Set DATABASE_URL to share the desk.',
    'warn',
  );
}

/** The worker process: its workers (and the schedules' firing) until SIGTERM or Ctrl-C, then a drain. */
async function runWorker(options: WorkerOptions): Promise<void> {
  const config = loadConfig(environment(), configOverrides(options));
  // Refused before a log file or state directory is touched.
  requireUpstream(config);
  // The rule of every command that logs (cli-ui/notices.ts): on a terminal the log goes to a file.
  const terminal = stderrIsTerminal();
  const logFile = commandLogFile(config, options.logFile, terminal);
  if (!config.redisUrl || (logFile && !options.logFile))
    ensureWritableStateDir(config.stateDir, { mode: PRIVATE_DIR_MODE });
  if (logFile) ensureWritableLogFile(logFile);
  const { log, announce } = openCommandLog(config, logFile, terminal);
  const runtime = await startRuntime(config, log, { announce });
  const { only, schedules } = pipelineQueuesOf(options.queues);
  const metrics = options.metricsPort === undefined ? undefined : new WorkerMetrics();
  const metricsServer =
    metrics && options.metricsPort !== undefined
      ? await metrics.serve(options.metricsPort, options.metricsHost)
      : undefined;
  if (metricsServer) announce(`Prometheus metrics at ${metricsServer.url}/metrics`);
  // Coordinators record runs at the desk, schedules read what it holds of them for their deltas; the embedded
  // database is one process's (serve's, or a run's): a worker joins a desk on a server only.
  const dashboardUrl = dashboardUrlOf(environment());
  const desk =
    databaseUrlOf(environment()) && (only.includes('runs') || schedules)
      ? await openCommandDesk({
          stateDir: config.stateDir,
          prefix: config.prefix,
          redis: runtime.redis,
          log,
          required: true,
          dashboardUrl,
        })
      : undefined;
  const requireDesk = options.requireDesk === true || requireDeskOf(environment());
  if (!desk && only.includes('runs')) announceNoDesk(announce, requireDesk);
  const host = await startWorkers({
    ...workerWiring({
      redis: runtime.redis,
      prefix: config.prefix,
      log,
      desk: desk?.hooks,
      deskAbsence: 'DESK_NOT_SHARED',
      requireDesk,
    }),
    ...(metrics ? { metrics } : {}),
    ...(runtime.answersRedis ? { answersRedis: runtime.answersRedis } : {}),
    redis: runtime.redis,
    prefix: config.prefix,
    registry: runtime.registry,
    service: runtime.service,
    log,
    only,
    settings: workerSettings(config, {
      checksConcurrency: options.concurrency,
      mergeConcurrency: options.mergeConcurrency,
      runsConcurrency: options.runsConcurrency,
      attempts: options.attempts,
    }),
  });
  const deskRecordOf = desk ? (runId: string) => desk.desk.runRecord(runId, dashboardUrl) : undefined;
  const scheduled = schedules
    ? await startScheduledRuns({ config, log, runtime, ...(deskRecordOf ? { deskRecordOf } : {}) })
    : undefined;
  const queues = [...only, ...(schedules ? ['schedules'] : [])];
  log.info({ queues, concurrency: options.concurrency }, 'worker started');
  if (terminal) announce(`Worker started (${queues.join(', ')}); SIGTERM or Ctrl-C drains and stops.`);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  announce('Draining: finishing jobs in progress…');
  await scheduled?.close();
  await host.close();
  await desk?.close();
  await metricsServer?.close();
  await runtime.close();
  log.info('worker stopped');
}
