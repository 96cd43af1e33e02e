import { resolve } from 'node:path';
import { environment, setting } from '../settings/environment.js';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { resolveLang } from '../i18n/lang.js';
import { loadConfig, type Config } from '../config.js';
import { workerWiring } from '../runs/wiring.js';
import { dashboardUrlOf } from '../settings/dashboard-url.js';
import { KycError } from '../errors.js';
import type { Logger } from '../log.js';
import { WorkerMetrics } from '../metrics/worker-metrics.js';
import { progressDisplay } from '../cli-ui/progress.js';
import { progressLog } from '../cli-ui/progress-log.js';
import { stderrIsTerminal, type Announce } from '../cli-ui/notices.js';
import { deskNotAppliedLine, inputWarningLines, summaryFields, summaryTable } from '../cli-ui/summary.js';
import { requireDeskOf } from '../settings/require-desk.js';
import type { FileWarning } from '../ingest/index.js';
import { DESK_ABSENCE_TEXT } from '../run/state/run-store.js';
import { PRIVATE_DIR_MODE } from '../infra/private-files.js';
import { ensureWritableLogFile, ensureWritableStateDir } from '../infra/writable.js';
import { configFor, sessionOf, type RunHost } from '../runs/execute.js';
import { awaitRun, type RunOutcome } from '../runs/outcome.js';
import { prepareRun, checkRequestSettings, type PreparedRun } from '../runs/prepare.js';
import { runRequest, type RunRequest, type RunRequestFields } from '../runs/request.js';
import { resumeHint } from '../runs/resume-hint.js';
import { requireUpstream, startRuntime, type Runtime } from '../runs/runtime.js';
import { checkUpstream, resumeRun, startRun, upstreamStateOf } from '../runs/start.js';
import type { FollowTick } from '../runs/submit.js';
import { checkRunId, type Priority } from '../run/state/topology.js';
import { DEFAULT_WORKER_SETTINGS, startWorkers } from '../workers/workers.js';
import { bodiesPathOf } from '../export/evidence-bodies.js';
import { parseDelimiter } from '../ingest/index.js';
import { EMULATOR_RATE } from '../settings/defaults.js';
import { openCommandDesk, type CommandDesk } from '../desk/command-desk.js';
import {
  commandLogFile,
  configOverrides,
  emulatorOption,
  hostedWorkerOptions,
  logFileOption,
  openCommandLog,
  nonNegativeInt,
  positiveInt,
  upstreamProfileOption,
  workerSettings,
} from './shared-options.js';

export type { RunHost } from '../runs/execute.js';

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
  /** `--max-age debtor=30d,…`: answers of earlier runs this young are used instead of a call (src/answers). */
  maxAge?: string;
  priority: Priority;
  runId?: string;
  resume?: string;
  workers: boolean;
  encoding?: 'utf-8' | 'windows-1251' | 'utf-16le';
  delimiter?: string;
  columns?: string;
  /** `--sheet`: the sheet of an Excel workbook input. */
  sheet?: string;
  outEncoding?: 'utf-8' | 'windows-1251' | 'utf-16le';
  outDelimiter?: string;
  /** Start verdicts.csv with a byte-order mark (UTF-8 that Excel opens correctly). */
  outBom?: boolean;
  /** `--no-report`: false when the run must not write report.html beside its manifest. */
  report?: boolean;
  /** The language of report.html (`--lang`; default KYC_LANG, else ru). */
  lang?: string;
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
  /** `--require-desk`: fail rather than screen without the review desk's decisions (default: KYC_REQUIRE_DESK). */
  requireDesk?: boolean;
}

function delimiterOption(value: string): string {
  const named: Record<string, string> = { comma: ',', semicolon: ';', tab: '\t', pipe: '|', '\\t': '\t' };
  const d = named[value] ?? value;
  if (![',', ';', '\t', '|'].includes(d)) throw new InvalidArgumentError('use , ; tab or |');
  return d;
}

/** `--delimiter`: any one character (the reader's own check), refused here before anything is queued. */
function inputDelimiterOption(value: string): string {
  try {
    return parseDelimiter(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

const ENCODINGS = ['utf-8', 'windows-1251', 'utf-16le'] as const;

/** Where and how a run writes: the three outputs, their mode and what may be replaced; the whitelist. */
function outputOptions(command: Command): Command {
  return command
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
      '--require-desk',
      "fail (KYC_ERR_DESK_REQUIRED) rather than screen without the review desk's approved false positives, e.g. when another process holds the embedded desk (default: KYC_REQUIRE_DESK)",
    );
}

export function addRunOptions(command: Command): Command {
  outputOptions(command)
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
    .option(
      '--max-age <policy>',
      'use answers of earlier runs younger than this per check instead of a call, e.g. debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d (default: KYC_MAX_AGE or none)',
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
    .option(
      '--delimiter <d>',
      'input column delimiter, one character or tab, comma, semicolon, pipe (default: detected among ; , tab |)',
      inputDelimiterOption,
    )
    .option('--columns <map>', 'header mapping override, e.g. name=ФИО,inn=ИНН')
    .option(
      '--sheet <name|n>',
      'the sheet of an Excel workbook (.xlsx) to read (default: the first visible one)',
    )
    .addOption(
      new Option('--out-encoding <enc>', 'output encoding (default: the input one)').choices(ENCODINGS),
    )
    .option('--out-bom', 'start verdicts.csv with a byte-order mark (the default for UTF-8 output)')
    .option('--no-out-bom', 'UTF-8 output without a byte-order mark (for tools that do not skip one)')
    .option('--no-report', 'do not write report.html beside the manifest (written by default)')
    .option('--lang <lang>', 'language of report.html: ru or en (default: KYC_LANG, else ru)')
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

/** A path of the command line made absolute, so that a stored request means the same file anywhere. */
function absolute(path: string | undefined): string | undefined {
  return path === undefined ? undefined : resolve(path);
}

/** The run's request from the command's flags (what a schedule stores; the API builds its own). */
export function requestOf(input: string | undefined, options: RunOptions): RunRequest {
  return runRequest({
    input: absolute(input),
    runId: options.runId,
    outDir: absolute(options.outDir),
    out: absolute(options.out),
    evidence: absolute(options.evidence),
    manifest: absolute(options.manifest),
    overwrite: options.overwrite,
    outputMode: options.outputMode,
    faStrategy: options.faStrategy,
    whitelist: absolute(options.whitelist),
    rate: options.rate,
    concurrency: options.concurrency,
    priority: options.priority,
    window: options.window,
    cacheRows: options.cacheRows,
    attempts: options.attempts,
    encoding: options.encoding,
    delimiter: options.delimiter,
    columns: options.columns,
    sheet: options.sheet,
    outEncoding: options.outEncoding,
    outDelimiter: options.outDelimiter,
    outBom: options.outBom,
    checks: options.checks,
    smtp: options.smtp,
    cardRiskCountries: options.cardRiskCountries,
    upstreamProfile: absolute(options.upstreamProfile),
    emulator: options.emulator,
    schedule: options.schedule,
    maxAge: options.maxAge,
    report: options.report === false ? false : undefined,
    requireDesk: options.requireDesk === true || requireDeskOf(environment()) ? true : undefined,
    // A bad --lang fails here, before anything is queued.
    lang: options.report === false ? undefined : resolveLang(options.lang),
  });
}

/** Settings of the process that hosts a run, which a resume takes back from the run unless given again. */
const RESUMABLE_FLAGS = ['rate', 'concurrency'] as const;

/**
 * What `--resume` overrides of the run's stored request: the flags the operator typed (`explicit`, from
 * commander), or, called without a command line, the ones set.
 */
function resumeOverrides(options: RunOptions, explicit?: ReadonlySet<string>): RunRequestFields {
  const given = (flag: (typeof RESUMABLE_FLAGS)[number]) =>
    explicit ? explicit.has(flag) : options[flag] !== undefined;
  return Object.fromEntries(RESUMABLE_FLAGS.filter(given).map((flag) => [flag, options[flag]]));
}

/** The command's own config (flags over the environment), or a host's with the request's profile. */
function commandConfig(request: RunRequest, options: RunOptions, host?: RunHost): Config {
  if (host) return configFor(host.config, request);
  return loadConfig(environment(), configOverrides({ ...options, upstreamProfile: request.upstreamProfile }));
}

/** Where the command's log, notices, last error line and summary go. */
interface CommandIo {
  readonly log: Logger;
  readonly announce: Announce;
  /** The one line a failed run ends with. */
  readonly fail: (message: string) => void;
  readonly showProgress: boolean;
  /** A person reads stdout: the summary table goes there. */
  readonly printSummary: boolean;
}

function openIo(config: Config, options: RunOptions, protect: string[], host?: RunHost): CommandIo {
  if (host)
    return {
      log: host.log,
      announce: host.announce,
      fail: (message) => host.log.error(message),
      showProgress: false,
      printSummary: false,
    };
  // On a terminal the JSON log goes to a file, never between the notices and the bar (cli-ui/notices.ts).
  const terminal = stderrIsTerminal();
  const logFile = commandLogFile(config, options.logFile, terminal);
  // The embedded Redis keeps its data in the state directory; the log file may be there too.
  if (!config.redisUrl || (logFile && !options.logFile))
    ensureWritableStateDir(config.stateDir, { mode: PRIVATE_DIR_MODE });
  if (logFile) ensureWritableLogFile(logFile, { protect });
  const { log, announce } = openCommandLog(config, logFile, terminal);
  return {
    log,
    announce,
    // Plain on stderr, like an error that ends any command.
    fail: (message) => process.stderr.write(`${message}\n`),
    showProgress: options.progress && terminal,
    printSummary: true,
  };
}

/** Files the command's own log file may never be: the input, the outputs, the whitelist. */
function protectedFiles(prepared: PreparedRun | undefined, request: RunRequest): string[] {
  const outputs = prepared?.outputs;
  return [
    ...(prepared ? [prepared.input] : []),
    ...(outputs ? [outputs.out, outputs.evidence, bodiesPathOf(outputs.evidence), outputs.manifest] : []),
    ...(request.whitelist ? [request.whitelist] : []),
  ];
}

/** How this process hosts the workers of its run (a resume: with the run's own rate). */
interface Hosting {
  readonly config: Config;
  readonly concurrency: number | undefined;
}

/** The run this command follows, and how this process hosts it. */
interface Started extends Hosting {
  readonly runId: string;
}

/** A new run is hosted as its request says, known before it is submitted. */
function newRunHosting(config: Config, prepared: PreparedRun): Hosting {
  return { config, concurrency: prepared.request.concurrency };
}

async function submitOrResume(
  config: Config,
  runtime: Runtime,
  io: CommandIo,
  prepared: PreparedRun | undefined,
  resume: { readonly runId: string; readonly overrides: RunRequestFields },
): Promise<Started> {
  const session = sessionOf(config, runtime);
  const check = () => checkUpstream(runtime.registry, io.log, upstreamStateOf(session));
  if (prepared) {
    const settings = await startRun(session, prepared, { beforeSubmit: check });
    io.announce(`Run ${settings.id} submitted (${settings.priority} priority): ${settings.input}`);
    return { runId: settings.id, ...newRunHosting(config, prepared) };
  }
  const { run, request } = await resumeRun(session, resume.runId, resume.overrides, check);
  const rate = request.rate ?? config.rate;
  io.announce(`Resuming run ${run.id} from row ${run.written + 1} at ${rate} calls/s`);
  return { runId: run.id, config: { ...config, rate }, concurrency: request.concurrency };
}

/**
 * The review desk of the workers this process hosts, opened before the run is submitted: a desk that cannot
 * be opened (KYC_ERR_DB_CONNECT) ends the command with nothing queued for another process to pick up.
 */
async function openRunDesk(
  config: Config,
  runtime: Runtime,
  io: CommandIo,
): Promise<CommandDesk | undefined> {
  return openCommandDesk({
    stateDir: config.stateDir,
    prefix: config.prefix,
    redis: runtime.redis,
    log: io.log,
    required: false,
    dashboardUrl: dashboardUrlOf(environment()),
    warm: true,
  });
}

/**
 * The embedded desk is another process's (openCommandDesk returns nothing else): a run that needs it ends
 * here, with nothing queued; any other is told, before it starts, that the decisions will not be applied.
 */
function deskNotOpen(request: RunRequest, io: CommandIo): void {
  const why = `DESK_DB_BUSY: ${DESK_ABSENCE_TEXT.DESK_DB_BUSY}`;
  if (request.requireDesk) throw new KycError('KYC_ERR_DESK_REQUIRED', why);
  io.announce(
    `!!! Review desk decisions will NOT be applied to this run (${why}): approved false positives stay flagged. Set DATABASE_URL to share the desk, or --require-desk to refuse such a run.`,
    'warn',
  );
}

/** The workers of this process (unless --no-workers), and its Prometheus endpoint when asked. */
async function hostWorkers(
  options: RunOptions,
  started: Hosting,
  runtime: Runtime,
  io: CommandIo,
  desk: CommandDesk | undefined,
): Promise<() => Promise<void>> {
  const metrics = options.metricsPort === undefined ? undefined : new WorkerMetrics();
  const served =
    metrics && (await metrics.serve(options.metricsPort ?? 0, options.metricsHost ?? '127.0.0.1'));
  if (served) io.announce(`Prometheus metrics of this process at ${served.url}/metrics`);
  try {
    const workers = await startWorkers({
      ...(metrics ? { metrics } : {}),
      ...(runtime.answersRedis ? { answersRedis: runtime.answersRedis } : {}),
      redis: runtime.redis,
      prefix: started.config.prefix,
      registry: runtime.registry,
      service: runtime.service,
      log: io.log,
      ...workerWiring({
        redis: runtime.redis,
        prefix: started.config.prefix,
        log: io.log,
        desk: desk?.hooks,
        deskAbsence: 'DESK_DB_BUSY',
      }),
      settings: workerSettings(started.config, {
        checksConcurrency: started.concurrency ?? options.concurrency,
        attempts: options.attempts,
      }),
    });
    return async () => {
      await workers.close();
      await served?.close();
    };
  } catch (error) {
    await served?.close();
    throw error;
  }
}

/** Follows the run with a progress bar on a terminal, else progress log lines now and then. */
async function follow(
  runtime: Runtime,
  started: Started,
  io: CommandIo,
  options: RunOptions,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const display = io.showProgress ? progressDisplay(process.stderr) : undefined;
  const logged = io.showProgress ? undefined : progressLog(io.log, (options.progressInterval ?? 30) * 1_000);
  const onTick = (tick: FollowTick) => (display ? display.update(tick) : logged?.update(tick));
  try {
    return await awaitRun(runtime.redis, started.config.prefix, started.runId, { signal, onTick });
  } finally {
    display?.stop();
  }
}

/** What the operator reads at the end: the summary, or why the run stopped and how to resume it. */
function render(
  outcome: RunOutcome,
  runId: string,
  io: CommandIo,
  inputWarnings: readonly FileWarning[] = [],
): number {
  if (outcome.kind === 'interrupted') {
    io.announce(`Interrupted. Resume with: ${resumeHint(runId)}`, 'warn');
    return outcome.exitCode;
  }
  if (outcome.kind === 'failed') {
    if (outcome.resumable === 'desk')
      io.announce(
        `The run is kept. Share the desk (DATABASE_URL) or stop the process that holds it, then: ${resumeHint(runId)}`,
        'warn',
      );
    if (outcome.resumable === 'free-the-name')
      io.announce(`Free the name and resume: ${resumeHint(runId)}`, 'warn');
    if (outcome.resumable === 'upstream')
      io.announce(`The run is kept. Resume with: ${resumeHint(runId)}`, 'warn');
    io.fail(outcome.error);
    return outcome.exitCode;
  }
  const { run, counters, unrecognised } = outcome;
  // The log gets the summary as fields (one line a log search can read); a person gets the table.
  io.log.info(summaryFields(run, counters, unrecognised), 'run summary');
  if (io.printSummary)
    process.stdout.write(`${summaryTable(run, counters, unrecognised)}${inputWarningLines(inputWarnings)}\n`);
  const notApplied = deskNotAppliedLine(run);
  if (notApplied) io.announce(notApplied, 'warn');
  return outcome.exitCode;
}

/** Stops following on SIGINT/SIGTERM (or when the host stops); the run itself goes on. */
function interruption(host?: RunHost): { readonly signal: AbortSignal; dispose(): void } {
  const interrupted = new AbortController();
  const onSignal = () => interrupted.abort();
  if (host) host.signal.addEventListener('abort', onSignal, { once: true });
  else {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return {
    signal: interrupted.signal,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      host?.signal.removeEventListener('abort', onSignal);
    },
  };
}

/**
 * `kyc-screen run`: flags → RunRequest → the runs service (src/runs/) → what the operator reads. Hosts
 * the workers unless --no-workers; a host (tests, formerly the scheduler) lends its runtime instead.
 * `explicit`: the flags typed on the command line, which a resume takes over the run's stored settings.
 */
export async function runAction(
  input: string | undefined,
  flags: RunOptions,
  host?: RunHost,
  explicit?: ReadonlySet<string>,
): Promise<number> {
  const options = withEmulatorRate(flags, host);
  const request = requestOf(input, options);
  const config = commandConfig(request, options, host);
  // A host (the schedules worker) has its upstream already; a command of its own must say which one.
  if (!host) requireUpstream(config);
  if (!input && !options.resume)
    throw new KycError('KYC_ERR_USAGE', 'give an input file, or --resume <runId>');
  checkRequestSettings(request);
  if (options.resume !== undefined) checkRunId(options.resume, '--resume');
  const prepared = options.resume ? undefined : await prepareRun(request, config);
  const io = openIo(config, options, protectedFiles(prepared, request), host);
  for (const warning of prepared?.inputWarnings ?? []) {
    io.log.warn({ code: warning.code }, warning.message);
    io.announce(`${warning.code}: ${warning.message}`, 'warn');
  }
  const runtime = host?.runtime ?? (await startRuntime(config, io.log, { announce: io.announce }));
  const interrupted = interruption(host);
  let closeWorkers: (() => Promise<void>) | undefined;
  let desk: CommandDesk | undefined;
  try {
    if (options.workers) {
      desk = await openRunDesk(config, runtime, io);
      if (!desk) deskNotOpen(request, io);
    }
    // A new run's workers are ready before its preflight call, so that its first checks follow that call
    // at once; a resumed run's come after it, at the rate stored with the run.
    if (options.workers && prepared)
      closeWorkers = await hostWorkers(options, newRunHosting(config, prepared), runtime, io, desk);
    const resume = { runId: options.resume ?? '', overrides: resumeOverrides(options, explicit) };
    const started = await submitOrResume(config, runtime, io, prepared, resume);
    if (options.workers && !closeWorkers)
      closeWorkers = await hostWorkers(options, started, runtime, io, desk);
    const outcome = await follow(runtime, started, io, options, interrupted.signal);
    return render(outcome, started.runId, io, prepared?.inputWarnings);
  } finally {
    interrupted.dispose();
    await closeWorkers?.();
    await desk?.close();
    if (!host) await runtime.close();
  }
}

/** A run its own built-in emulator serves goes at the emulator's pace unless a rate was given. */
function withEmulatorRate(options: RunOptions, host?: RunHost): RunOptions {
  const ownEmulator = options.emulator === true && !host && !setting('KYC_API_URL')?.trim();
  if (!ownEmulator || options.rate !== undefined || setting('KYC_RATE')?.trim()) return options;
  return { ...options, rate: EMULATOR_RATE };
}

/** The flags typed on the command line (not defaults), by their attribute names. */
export function explicitFlags(command: Command): ReadonlySet<string> {
  return new Set(
    command.options
      .map((option) => option.attributeName())
      .filter((name) => command.getOptionValueSource(name) === 'cli'),
  );
}

export function registerRunCommand(program: Command): void {
  addRunOptions(
    program
      .command('run')
      .description(
        'screen a client file (CSV or .xlsx): one verdict row per input row, in input order, with evidence and a manifest',
      )
      .argument(
        '[input]',
        'client file: CSV (UTF-8, Windows-1251 or UTF-16; , ; tab or | delimited) or an Excel workbook (.xlsx)',
      ),
  ).action(async (input: string | undefined, options: RunOptions, command: Command) => {
    process.exitCode = await runAction(input, options, undefined, explicitFlags(command));
  });
}
