import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { defaultChecks, parseChecksOption, parseRiskCountries } from '../checks/select-checks.js';
import { EMULATOR_URL, loadConfig, withUpstreamProfile, type Config } from '../config.js';
import type { CheckKind } from '../domain/check.js';
import { verdictCount } from '../domain/run-counters.js';
import { CATALOG, EXIT, KycError } from '../errors.js';
import { encodeFailure } from '../failure.js';
import { openClientFile, parseColumnsOption, type IngestHeader } from '../ingest/index.js';
import type { Logger } from '../log.js';
import { WorkerMetrics } from '../metrics/worker-metrics.js';
import { readWhitelist } from '../whitelist/file.js';
import { WhitelistStore } from '../whitelist/store.js';
import { progressDisplay } from '../cli-ui/progress.js';
import { progressLog } from '../cli-ui/progress-log.js';
import { stderrIsTerminal, type Announce } from '../cli-ui/notices.js';
import { summaryFields, summaryTable } from '../cli-ui/summary.js';
import { PRIVATE_DIR_MODE } from '../infra/private-files.js';
import { ensureWritableDir, ensureWritableLogFile, ensureWritableParent } from '../infra/writable.js';
import { preflight, preflightCounts } from '../upstream/preflight.js';
import { RunStore, runExists } from '../run/state/run-store.js';
import { newRunSettings } from '../run/state/run-settings.js';
import { requireUpstream, startRuntime, type Runtime } from '../runs/runtime.js';
import { followRun, requeueRun, submitRun, type FollowTick } from '../runs/submit.js';
import { parseFaStrategy } from '../mirror/strategy.js';
import { checkOutputTargets, parseOutputMode } from '../run/output-paths.js';
import { checkRunId, newRunId, type Priority } from '../run/topology.js';
import { DEFAULT_WORKER_SETTINGS, startWorkers } from '../workers/workers.js';
import {
  commandLogFile,
  emulatorOption,
  hostedWorkerOptions,
  logFileOption,
  openCommandLog,
  nonNegativeInt,
  positiveInt,
  upstreamProfileOption,
  workerSettings,
} from './shared-options.js';

export interface RunOptions {
  out?: string;
  evidence?: string;
  manifest?: string;
  outDir?: string;
  rate?: number;
  /** Check jobs at once in this process; a `--no-workers` run (and so a scheduled one) has none. */
  concurrency?: number;
  window: number;
  cacheRows?: number;
  priority: Priority;
  runId?: string;
  resume?: string;
  workers: boolean;
  encoding?: 'utf-8' | 'windows-1251' | 'utf-16le';
  columns?: string;
  outEncoding?: 'utf-8' | 'windows-1251' | 'utf-16le';
  outDelimiter?: string;
  /** Start verdicts.csv with a byte-order mark (UTF-8 that Excel opens correctly). */
  outBom?: boolean;
  stateDir?: string;
  /** Attempts of each check job of the run; stored with it, so whichever worker coordinates it uses them. */
  attempts?: number;
  /** Reviewed false positives to suppress (src/whitelist). */
  whitelist?: string;
  metricsPort?: number;
  metricsHost?: string;
  /** Set by the schedules worker: the schedule that fired this run. */
  schedule?: string;
  logFile?: string;
  progress: boolean;
  /** Seconds between progress log lines when there is no progress bar (no TTY, or --no-progress). */
  progressInterval?: number;
  /** Comma-separated check kinds; default: the core checks and the optional ones whose column the input has. */
  checks?: string;
  smtp?: boolean;
  cardRiskCountries?: string;
  /** The upstream profile file (instead of KYC_UPSTREAM_PROFILE); a schedule stores it, absolute. */
  upstreamProfile?: string;
  /** Completed outputs may replace existing files (never the input, never each other). */
  overwrite?: boolean;
  /** Octal mode of the output files (default: KYC_OUTPUT_MODE or 0600). */
  outputMode?: string;
  /** How the foreign-agent check finds candidates: auto, mirror or search (default: KYC_FA_STRATEGY or auto). */
  faStrategy?: string;
  /** `--emulator`: screen against the built-in emulator (synthetic registers; every output is marked). */
  emulator?: boolean;
}

function delimiterOption(value: string): string {
  const named: Record<string, string> = { comma: ',', semicolon: ';', tab: '\t', pipe: '|', '\\t': '\t' };
  const d = named[value] ?? value;
  if (![',', ';', '\t', '|'].includes(d)) throw new InvalidArgumentError('use , ; tab or |');
  return d;
}

const ENCODINGS = ['utf-8', 'windows-1251', 'utf-16le'] as const;

export function addRunOptions(command: Command): Command {
  command
    .option('--out <file>', 'verdicts CSV (default: <out-dir>/verdicts.csv)')
    .option('--evidence <file>', 'evidence JSONL (default: <out-dir>/evidence.jsonl)')
    .option('--manifest <file>', 'manifest JSON (default: <out-dir>/manifest.json)')
    .option('--out-dir <dir>', 'directory of the three outputs (default: out/<run-id>)')
    .option(
      '--overwrite',
      'replace existing output files when the run completes (default: refuse them); never the input',
    )
    .option(
      '--output-mode <octal>',
      'file mode of the outputs, e.g. 0640 (default: KYC_OUTPUT_MODE or 0600; 0666 leaves it to the umask)',
    )
    .option(
      '--fa-strategy <strategy>',
      'foreign-agent check: search per client, mirror the register once, or auto by cost (default: KYC_FA_STRATEGY or auto)',
    )
    .option(
      '--whitelist <file>',
      'CSV of reviewed false positives: their matches are SUPPRESSED (docs/operations.md)',
    )
    .option(
      '--metrics-port <n>',
      'serve Prometheus /metrics of the workers in this process (check latency) on this port',
      nonNegativeInt('--metrics-port'),
    )
    .option('--metrics-host <address>', 'address of --metrics-port', '127.0.0.1')
    .option(
      '--window <n>',
      'clients between read and written at most (memory bound)',
      positiveInt('--window'),
      1000,
    )
    .option(
      '--cache-rows <n>',
      'a request repeated within this many rows of its last use costs no call; Redis holds about 1.25 × this many rows of answers (default: KYC_CACHE_ROWS or 10000)',
      positiveInt('--cache-rows'),
    )
    .addOption(
      new Option('--priority <p>', 'priority of the run; its checks inherit it')
        .choices(['high', 'normal', 'low'])
        .default('normal'),
    )
    .option('--run-id <id>', 'run id (default: generated, r<date>_<random>)')
    .option('--resume <runId>', 'continue a run from its checkpoint after a crash or an interruption')
    .option('--no-workers', 'only submit the run and follow it; workers run elsewhere (kyc-screen worker)')
    .addOption(new Option('--encoding <enc>', 'input encoding (default: detected)').choices(ENCODINGS))
    .option('--columns <map>', 'header mapping override, e.g. name=ФИО,inn=ИНН')
    .addOption(
      new Option('--out-encoding <enc>', 'output encoding (default: the input one)').choices(ENCODINGS),
    )
    .option('--out-bom', 'start verdicts.csv with a byte-order mark (the default for UTF-8 output)')
    .option('--no-out-bom', 'UTF-8 output without a byte-order mark (for tools that do not skip one)')
    .option('--out-delimiter <d>', 'output delimiter: , ; tab | (default: the input one)', delimiterOption)
    .option('--state-dir <dir>', 'embedded Redis data (AOF) and logs (default: KYC_STATE_DIR or .state)')
    .option(
      '--attempts <n>',
      `attempts of a check on 5xx, timeouts and network errors, kept with the run (default: ${DEFAULT_WORKER_SETTINGS.attempts}; ` +
        'with --no-workers: those of the worker that coordinates it)',
      positiveInt('--attempts'),
    )
    .option('--no-progress', 'no progress bar even on a TTY')
    .option(
      '--progress-interval <seconds>',
      'without a progress bar, log a progress line (rows, total, rates, ETA, 429s) this often',
      positiveInt('--progress-interval'),
      30,
    )
    .option(
      '--checks <kinds>',
      'checks to run, e.g. foreign_agent,sanctions,email (default: the four core checks plus email, card and ' +
        'cadastral when the input has their column)',
    )
    .option('--smtp', 'e-mail check: ask the service to check the domain’s mail exchangers (default: off)')
    .option(
      '--card-risk-countries <codes>',
      'card check: ISO 3166 alpha-3 issuing countries that flag a card, e.g. CYP,TUR (default: none)',
    );
  return emulatorOption(
    upstreamProfileOption(logFileOption(hostedWorkerOptions(command))),
    'screen against the built-in emulator of the Lookup Service (synthetic registers; outputs marked EMULATOR)',
  );
}

/**
 * File-level problems (not found, empty, binary, no header, no name or identifier column) stop the command
 * here, with their own code and exit code, before Redis or the emulator start and before anything is queued.
 */
async function probeInput(path: string, options: RunOptions): Promise<IngestHeader> {
  const probe = await openClientFile(path, {
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(options.columns ? { columns: parseColumnsOption(options.columns) } : {}),
  });
  await probe.rows[Symbol.asyncIterator]().return?.();
  return probe.header;
}

/** A run stopped because the service refused the key or was out of reach: fixed, it resumes. */
function isUpstreamStop(code: string): boolean {
  return code === 'KYC_ERR_UPSTREAM_AUTH' || code === 'KYC_ERR_UPSTREAM_UNREACHABLE';
}

/** A process that already has a runtime (the schedules worker): the run uses it and starts nothing of its own. */
export interface RunHost {
  readonly config: Config;
  readonly log: Logger;
  readonly runtime: Runtime;
  /** Stops following the run (the run itself goes on in the workers). */
  readonly signal: AbortSignal;
  /** Where notices go instead of stderr; the summary is logged as fields. */
  readonly announce: Announce;
}

/** Final paths of a new run's outputs: --out, --evidence, --manifest, else in --out-dir (default out/<runId>). */
function outputTargets(options: RunOptions, runId: string) {
  const outDir = resolve(options.outDir ?? join('out', runId));
  return {
    outDir,
    out: resolve(options.out ?? join(outDir, 'verdicts.csv')),
    evidence: resolve(options.evidence ?? join(outDir, 'evidence.jsonl')),
    manifest: resolve(options.manifest ?? join(outDir, 'manifest.json')),
  };
}

/**
 * Every place a new run writes must take a file before anything starts (docs/operations.md, "Output
 * files"). The default out/<runId> is left to be created with the run: only out/ is proved, so a command
 * that fails later (Redis down) leaves no empty run directory behind.
 */
function checkWritable(options: RunOptions, targets: ReturnType<typeof outputTargets>): void {
  ensureWritableDir(options.outDir ? targets.outDir : dirname(targets.outDir));
  for (const file of [targets.out, targets.evidence, targets.manifest])
    if (dirname(file) !== targets.outDir) ensureWritableParent(file);
}

/** `kyc-screen run`: submit (or resume) a run, host the workers unless --no-workers, follow it to the end. */
export async function runAction(
  input: string | undefined,
  options: RunOptions,
  host?: RunHost,
): Promise<number> {
  const profilePath = options.upstreamProfile ? resolve(options.upstreamProfile) : undefined;
  const loaded =
    host?.config ??
    loadConfig(process.env, {
      ...(options.rate !== undefined ? { rate: options.rate } : {}),
      ...(options.cacheRows !== undefined ? { cacheRows: options.cacheRows } : {}),
      ...(options.stateDir ? { stateDir: options.stateDir } : {}),
      ...(profilePath ? { upstreamProfilePath: profilePath } : {}),
      ...(options.outputMode ? { outputMode: options.outputMode } : {}),
      ...(options.faStrategy ? { faStrategy: options.faStrategy } : {}),
      ...(options.emulator ? { apiUrl: EMULATOR_URL } : {}),
    });
  // A scheduled run reads by the profile stored with its schedule, not by the worker's.
  const config = host && profilePath ? withUpstreamProfile(loaded, profilePath) : loaded;
  // A host (the schedules worker) has its upstream already; a command of its own must say which one.
  if (!host) requireUpstream(config);
  if (!input && !options.resume)
    throw new KycError('KYC_ERR_USAGE', 'give an input file, or --resume <runId>');
  if (options.runId !== undefined) checkRunId(options.runId, '--run-id');
  if (options.resume !== undefined) checkRunId(options.resume, '--resume');
  const outputMode = options.outputMode ? parseOutputMode(options.outputMode) : config.outputMode;
  const faStrategy = options.faStrategy ? parseFaStrategy(options.faStrategy) : config.faStrategy;
  // A scheduled run keeps its own: the host's config is the worker's.
  const cacheRows = options.cacheRows ?? config.cacheRows;
  if (options.columns) parseColumnsOption(options.columns);
  if (options.outBom === true && options.outEncoding === 'windows-1251')
    throw new KycError('KYC_ERR_USAGE', '--out-bom: windows-1251 has no byte-order mark');
  const whitelist =
    options.whitelist && !options.resume ? await readWhitelist(resolve(options.whitelist)) : undefined;
  const cardRiskCountries = parseRiskCountries(options.cardRiskCountries ?? '');
  let checks: CheckKind[] = [];
  if (input && !options.resume) {
    const { mapping } = await probeInput(resolve(input), options);
    checks =
      options.checks === undefined ? defaultChecks(mapping) : parseChecksOption(options.checks, mapping);
  }
  const freshRunId = options.resume ? undefined : (options.runId ?? newRunId());
  const targets = freshRunId ? outputTargets(options, freshRunId) : undefined;
  if (targets) checkWritable(options, targets);
  // On a terminal the JSON log goes to a file, never between the notices and the bar (cli-ui/notices.ts).
  const terminal = !host && stderrIsTerminal();
  const showProgress = options.progress && terminal;
  const logFile = host ? undefined : commandLogFile(config, options.logFile, terminal);
  // The embedded Redis keeps its data in the state directory; the log file may be there too.
  if (!host && (!config.redisUrl || (logFile && !options.logFile)))
    ensureWritableDir(config.stateDir, { mode: PRIVATE_DIR_MODE });
  if (logFile)
    ensureWritableLogFile(logFile, {
      protect: [
        ...(input ? [resolve(input)] : []),
        ...(targets ? [targets.out, targets.evidence, targets.manifest] : []),
        ...(options.whitelist ? [resolve(options.whitelist)] : []),
      ],
    });
  const { log, announce } = host ?? openCommandLog(config, logFile, terminal);
  /** The one line a failed run ends with: plain on stderr, like an error that ends any command. */
  const fail = host
    ? (message: string) => log.error(message)
    : (message: string) => process.stderr.write(`${message}\n`);
  const runtime = host?.runtime ?? (await startRuntime(config, log, { announce }));
  const interrupted = new AbortController();
  const onSignal = () => interrupted.abort();
  if (host) host.signal.addEventListener('abort', onSignal, { once: true });
  else {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
  let metricsServer: { close(): Promise<void> } | undefined;
  try {
    const store = new RunStore(runtime.redis, config.prefix);
    // Before the outputs are checked and the whitelist is loaded under the id: neither may touch that run.
    if (freshRunId && (await store.get(freshRunId))) throw runExists(freshRunId);
    const resumed = options.resume ? await store.require(options.resume) : undefined;
    // A resumed run's outputs are known only now, from Redis: still before any call is made.
    if (resumed && resumed.status !== 'done')
      for (const file of new Set([resumed.out, resumed.evidence, resumed.manifest]))
        ensureWritableParent(file);
    // Fail fast, before anything is queued: a refused key or a dead URL is one call and exit 5 here (the
    // coordinator checks again before its first dispatch, for runs that are queued by other means).
    const preflightCalls: (number | string)[] = [];
    if (resumed?.status !== 'done') {
      const { note } = await preflight(runtime.registry, { onCall: (status) => preflightCalls.push(status) });
      if (note) log.warn({ note }, 'preflight call: the Lookup Service answered with an error; going on');
    }
    let runId: string;
    if (resumed) {
      const run = resumed;
      runId = run.id;
      // Counted under the run, before it is queued again: its manifest counts every call it made.
      await store.incr(runId, preflightCounts(preflightCalls));
      if (run.status !== 'done') await requeueRun(runtime.redis, config.prefix, run);
      announce(`Resuming run ${runId} from row ${run.written + 1}`);
    } else {
      if (!freshRunId || !targets) throw new KycError('KYC_ERR_INTERNAL', 'a new run without a run id');
      runId = freshRunId;
      const inputPath = resolve(input ?? '');
      const { outDir, ...files } = targets;
      await checkOutputTargets(
        {
          input: inputPath,
          outputs: { '--out': files.out, '--evidence': files.evidence, '--manifest': files.manifest },
        },
        options.overwrite === true,
      );
      mkdirSync(outDir, { recursive: true });
      const settings = await newRunSettings(config, runtime, {
        id: runId,
        input: inputPath,
        ...files,
        ...(options.overwrite ? { overwrite: true } : {}),
        outputMode,
        faStrategy,
        priority: options.priority,
        window: options.window,
        cacheRows,
        ...(options.attempts !== undefined ? { attempts: options.attempts } : {}),
        checks,
        ...(options.smtp ? { smtp: true } : {}),
        cardRiskCountries,
        ...(options.encoding ? { encoding: options.encoding } : {}),
        ...(options.columns ? { columns: options.columns } : {}),
        ...(options.outEncoding ? { outEncoding: options.outEncoding } : {}),
        ...(options.outDelimiter ? { outDelimiter: options.outDelimiter } : {}),
        ...(options.outBom === undefined ? {} : { outBom: options.outBom }),
        ...(whitelist
          ? {
              whitelist: {
                path: whitelist.path,
                sha256: whitelist.sha256,
                entries: whitelist.entries.length,
              },
            }
          : {}),
        ...(options.schedule ? { schedule: options.schedule } : {}),
      });
      if (whitelist) await new WhitelistStore(runtime.redis, config.prefix).load(runId, whitelist);
      await submitRun(runtime.redis, config.prefix, settings);
      await store.incr(runId, preflightCounts(preflightCalls));
      announce(`Run ${runId} submitted (${options.priority} priority): ${inputPath}`);
    }
    if (options.workers) {
      const metrics = options.metricsPort === undefined ? undefined : new WorkerMetrics();
      if (metrics && options.metricsPort !== undefined) {
        const served = await metrics.serve(options.metricsPort, options.metricsHost ?? '127.0.0.1');
        metricsServer = served;
        announce(`Prometheus metrics of this process at ${served.url}/metrics`);
      }
      workers = await startWorkers({
        ...(metrics ? { metrics } : {}),
        redis: runtime.redis,
        prefix: config.prefix,
        registry: runtime.registry,
        log,
        settings: workerSettings(config, {
          checksConcurrency: options.concurrency,
          attempts: options.attempts,
        }),
      });
    }
    const display = showProgress ? progressDisplay(process.stderr) : undefined;
    const logged = showProgress ? undefined : progressLog(log, (options.progressInterval ?? 30) * 1_000);
    const onTick = (tick: FollowTick) => (display ? display.update(tick) : logged?.update(tick));
    const final = await followRun(runtime.redis, config.prefix, runId, onTick, {
      signal: interrupted.signal,
      onIdle: async () => {
        const run = await store.get(runId);
        if (run && run.status !== 'done' && run.status !== 'failed')
          await requeueRun(runtime.redis, config.prefix, run);
      },
    });
    display?.stop();
    const counters = await store.counters(runId);
    if (interrupted.signal.aborted && final.status !== 'done') {
      announce(`Interrupted. Resume with: kyc-screen run --resume ${runId}`, 'warn');
      return 130;
    }
    if (final.status === 'failed') {
      const error = final.error ?? encodeFailure({ code: 'KYC_ERR_INTERNAL', message: 'run failed' });
      const code = final.errorCode ?? 'KYC_ERR_INTERNAL';
      if (code === 'KYC_ERR_OUTPUT_EXISTS')
        announce(`Free the name and resume: kyc-screen run --resume ${runId}`, 'warn');
      if (isUpstreamStop(code))
        announce(`The run is kept. Resume with: kyc-screen run --resume ${runId}`, 'warn');
      fail(error);
      return CATALOG[code].exit;
    }
    const unrecognised = await store.unrecognised(runId);
    // The log gets the summary as fields (one line a log search can read); a person gets the table.
    log.info(summaryFields(final, counters, unrecognised), 'run summary');
    if (!host) process.stdout.write(`${summaryTable(final, counters, unrecognised)}\n`);
    return verdictCount(counters, 'INCOMPLETE') > 0 ? EXIT.INCOMPLETE : EXIT.OK;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    host?.signal.removeEventListener('abort', onSignal);
    await workers?.close();
    await metricsServer?.close();
    if (!host) await runtime.close();
  }
}

export function registerRunCommand(program: Command): void {
  addRunOptions(
    program
      .command('run')
      .description(
        'screen a client CSV: one verdict row per input row, in input order, with evidence and a manifest',
      )
      .argument('[input]', 'client CSV (UTF-8, Windows-1251 or UTF-16; , ; tab or | delimited)'),
  ).action(async (input: string | undefined, options: RunOptions) => {
    process.exitCode = await runAction(input, options);
  });
}
