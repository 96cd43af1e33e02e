import { Option, type Command } from 'commander';
import { loadConfig } from '../config.js';
import { createLogger } from '../log.js';
import { startRuntime } from '../pipeline/runtime.js';
import { DEFAULT_WORKER_SETTINGS, startWorkers } from '../pipeline/workers.js';
import { positiveInt, positiveNumber } from './run.js';

interface WorkerOptions {
  concurrency: number;
  mergeConcurrency: number;
  runsConcurrency: number;
  attempts: number;
  rate?: number;
  queues: string;
  stateDir?: string;
  logFile?: string;
}

/** `kyc-screen worker`: checks, merge and runs workers; any number of them on any number of machines. */
export function registerWorkerCommand(program: Command): void {
  program
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
      'attempts of a check on 5xx, timeouts and network errors',
      positiveInt('--attempts'),
      DEFAULT_WORKER_SETTINGS.attempts,
    )
    .option(
      '--rate <n>',
      'upstream calls per second for all workers together (default: KYC_RATE or 10); give every worker the same',
      positiveNumber('--rate'),
    )
    .addOption(new Option('--queues <list>', 'which workers to run').default('checks,verdicts,runs'))
    .option(
      '--state-dir <dir>',
      'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)',
    )
    .option('--log-file <file>', 'pino JSON logs to this file (default: stderr)')
    .action(async (options: WorkerOptions) => {
      const config = loadConfig(process.env, {
        ...(options.rate !== undefined ? { rate: options.rate } : {}),
        ...(options.stateDir ? { stateDir: options.stateDir } : {}),
      });
      const log = createLogger({
        level: config.logLevel,
        secrets: config.apiKey ? [config.apiKey] : [],
        ...(options.logFile ? { file: options.logFile } : {}),
      });
      const runtime = await startRuntime(config, log, { announce: (m) => process.stderr.write(`${m}\n`) });
      const only = options.queues.split(',').map((q) => q.trim()) as ('checks' | 'verdicts' | 'runs')[];
      const host = await startWorkers({
        redis: runtime.redis,
        prefix: config.prefix,
        registry: runtime.registry,
        log,
        only,
        settings: {
          ...DEFAULT_WORKER_SETTINGS,
          rate: config.rate,
          checksConcurrency: options.concurrency,
          mergeConcurrency: options.mergeConcurrency,
          runsConcurrency: options.runsConcurrency,
          attempts: options.attempts,
        },
      });
      log.info({ queues: only, concurrency: options.concurrency }, 'worker started');
      process.stderr.write(`Worker started (${only.join(', ')}); SIGTERM or Ctrl-C drains and stops.\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGTERM', resolve);
        process.once('SIGINT', resolve);
      });
      process.stderr.write('Draining: finishing jobs in progress…\n');
      await host.close();
      await runtime.close();
      log.info('worker stopped');
    });
}
