import { createHash } from 'node:crypto';
import { hasReuse } from '../settings/answer-policy.js';
import { lstat, readFile, stat, unlink } from 'node:fs/promises';
import type { FlowProducer } from 'bullmq';
import type { Redis } from 'ioredis';
import type { CheckKind } from '../domain/check.js';
import { KycError } from '../errors.js';
import { bomBytes, encodeCsvRecord, type CsvFormat } from '../export/csv-format.js';
import { fileDigest } from '../infra/file-digest.js';
import { buildManifest } from '../export/manifest.js';
import { verdictColumns } from '../export/verdict-row.js';
import type { WorkbookLimits } from '../settings/input-limits.js';
import { openClientFile, type ClientFile } from '../ingest/index.js';
import { inputOptionsOf } from './state/input-options.js';
import type { Logger } from '../log.js';
import { SCORING_VERSION } from '../verdict/index.js';
import { VERSION } from '../version.js';
import { abandonRun, RunCancelled } from './cancel.js';
import { OutputFiles, type FileOffsets } from './output-files.js';
import { bodiesPathOf } from '../export/evidence-bodies.js';
import {
  settleForeignAgentStrategy,
  type MirrorSource,
  type SettledStrategy,
} from '../mirror/fa-strategy.js';
import type { FlowContext } from './flow-plan.js';
import { MirrorStore } from '../mirror/store.js';
import { countedMirrorSource } from '../mirror/counted-source.js';
import { noteMirrorCounts, notePhase } from './state/run-progress.js';
import { KeptMirrorStore } from '../mirror/kept-store.js';
import type { KeptMirrorPolicy } from '../mirror/kept-strategy.js';
import { registerChangeOf } from '../mirror/register-change.js';
import { OrderedWriter } from './ordered-writer.js';
import { createPart, placePart } from '../infra/part-files.js';
import { partPath } from './output-paths.js';
import { DEFAULT_OUTPUT_MODE } from '../settings/output-mode.js';
import { verdictCounts } from '../domain/run-counters.js';
import { RowWindow, RunControl } from './control.js';
import { interruption } from './interrupted.js';
import type { RunLifecycle } from './lifecycle.js';
import { RunLease } from './lease.js';
import { RunReader } from './reader.js';
import type { RunState } from './state/run-store.js';
import type { RunStore } from './state/run-store.js';
import { DEFAULT_CACHE_ROWS } from '../settings/defaults.js';
import { compactAppendOnlyFile, purgeRunJobs } from './state/retention.js';
import { PRIORITY, queuesOf, runKeys } from './state/topology.js';

export interface CoordinatorDeps {
  readonly redis: Redis;
  readonly flow: FlowProducer;
  readonly store: RunStore;
  readonly prefix: string;
  readonly log: Logger;
  /** Attempts of a check job (5xx, timeouts and network errors are retried). */
  readonly attempts: number;
  /** Base delay of the exponential backoff between attempts. */
  readonly backoffMs: number;
  /** Flows per addBulk call. */
  readonly chunkSize?: number;
  /** The Lookup Service as a whole: checked before the first dispatch, watched while the run waits. */
  readonly upstream?: RunUpstream;
  /**
   * The paced foreign-agent search a mirror of the register is enumerated with (src/mirror/search.ts).
   * Absent: the run searches per client.
   */
  readonly foreignAgentMirror?: (run: RunState, signal?: AbortSignal) => MirrorSource;
  /** The foreign_agent max age of a run, for the kept mirror (absent or undefined: none kept, none read). */
  readonly keptMirror?: KeptMirrorPolicy;
  /**
   * The shared quota: while it is booked ahead, the reader holds back rows the workers could not start yet
   * (src/run/look-ahead.ts).
   */
  readonly quota?: { bookedAheadMs(): Promise<number> };
  /**
   * Called right before every write to the run's files: throws when this coordinator may no longer write
   * (src/run/lease.ts).
   */
  readonly beforeWrite?: () => Promise<void>;
  /** What the product does once the outputs are in place (the run report): see src/run/lifecycle.ts. */
  readonly lifecycle: Pick<RunLifecycle, 'outputsPlaced'>;
  /** The review desk loaded approved false positives into the run's whitelist (src/desk/run-hooks.ts). */
  readonly deskWhitelist?: boolean;
  /** The caps of an Excel workbook input (KYC_XLSX_MAX_*); absent: their defaults. */
  readonly inputLimits?: WorkbookLimits;
  /** Called after every written batch; the CLI and the runs job show it. */
  onProgress?(progress: { written: number; total?: number }): void;
}

export interface RunUpstream {
  /** One cheap authenticated call; throws KYC_ERR_UPSTREAM_AUTH or _UNREACHABLE when the run cannot go on. */
  preflight(): Promise<void>;
  /** Why every call was stopped (the circuit breaker is open), if it was. */
  stopped(): Promise<KycError | undefined>;
}

export { RunInterrupted } from './interrupted.js';

export interface RunSummary {
  readonly runId: string;
  readonly rows: number;
  readonly verdicts: Readonly<Record<string, number>>;
  readonly manifestPath: string;
}

type RunParts = { verdicts: string; evidence: string; bodies: string; manifest: string };

/** What the run opened to screen: the client file from the checkpoint on, and its output part files. */
interface OpenedRun {
  readonly file: ClientFile;
  readonly format: CsvFormat;
  readonly kinds: readonly CheckKind[];
  readonly parts: RunParts;
  readonly mode: number;
  readonly files: OutputFiles;
  readonly firstRow: number;
}

/** How often a screen's coordinator looks for its one verdict: its caller waits for the answer. */
const SCREEN_POLL_MS = 10;

/**
 * Before the first check is dispatched, and again on every resume: the input is the file the run was
 * created with, and the Lookup Service takes the key. Then the run reads as running.
 */
async function startRun(run: RunState, deps: CoordinatorDeps): Promise<void> {
  const { store, log } = deps;
  const runId = run.id;
  const input = await fileDigest(run.input, 'KYC_ERR_INPUT_NOT_FOUND');
  if (input.sha256 !== run.inputSha256) throw new KycError('KYC_ERR_RUN_RESUME_MISMATCH', run.input);
  // A refused key or a dead URL costs one call and a clear error, not every row's attempts.
  await deps.upstream?.preflight().catch((error: unknown) => {
    log.error({ runId, err: error }, `run stopped before its first check: ${String(error)}`);
    throw error;
  });
  await store.update(runId, {
    status: 'running',
    ...(run.startedAt ? {} : { startedAt: new Date().toISOString() }),
  });
}

/** Before any row is dispatched: every foreign-agent job of the run must know whether to use the mirror. */
async function settleStrategy(
  run: RunState,
  deps: CoordinatorDeps,
  signal?: AbortSignal,
): Promise<SettledStrategy | undefined> {
  const maxAgeMs = deps.keptMirror?.(run);
  return settleForeignAgentStrategy({
    run,
    ...(maxAgeMs === undefined
      ? {}
      : { kept: { store: new KeptMirrorStore(deps.redis, deps.prefix), maxAgeMs } }),
    store: deps.store,
    mirrors: new MirrorStore(deps.redis, deps.prefix),
    ...(deps.foreignAgentMirror
      ? { source: countedMirrorSource(deps.foreignAgentMirror(run, signal), mirrorProgress(run, deps)) }
      : {}),
    log: deps.log,
    assertGoing: async () => {
      if (signal?.aborted) throw interruption(run.id, signal);
      if (await deps.store.isCancelled(run.id)) throw new RunCancelled(run.id);
      const stopped = await deps.upstream?.stopped();
      if (stopped) throw stopped;
    },
  }).catch(async (error: unknown) => {
    if (error instanceof RunCancelled) await abandonRun(deps.redis, deps.prefix, run.id);
    throw error;
  });
}

/** The mirror's download as the progress line shows it: the phase and its counts, after every answer. */
function mirrorProgress(run: RunState, deps: CoordinatorDeps) {
  let noted = false;
  return async (counts: { searches: number; records: number }) => {
    if (!noted) await notePhase(deps.redis, deps.prefix, run.id, 'mirror');
    noted = true;
    await noteMirrorCounts(deps.redis, deps.prefix, run.id, counts);
  };
}

/**
 * The output format: the run's choices, else the input's encoding and delimiter. UTF-8 output starts with
 * a byte-order mark unless the run said not to (`--no-out-bom`): without it Russian-locale Excel reads
 * UTF-8 as Windows-1251 and garbles every name.
 */
function outputFormat(run: RunState, file: ClientFile): CsvFormat {
  const outEncoding = run.outEncoding ?? file.header.encoding;
  return {
    encoding: outEncoding,
    bom:
      run.outBom ??
      (outEncoding === 'utf-8' ||
        (outEncoding === file.header.encoding ? file.header.bom : outEncoding === 'utf-16le')),
    delimiter: run.outDelimiter ?? file.header.delimiter,
  };
}

/**
 * Opens the client file after the checkpoint and the output part files cut back to it; a run without a
 * checkpoint writes its header first and commits row 0.
 */
async function openRun(
  run: RunState,
  store: RunStore,
  checkpoint: { row: number; offsets: FileOffsets } | undefined,
  limits: WorkbookLimits | undefined,
): Promise<OpenedRun> {
  const runId = run.id;
  const firstRow = (checkpoint?.row ?? 0) + 1;
  const file = await openClientFile(run.input, { ...inputOptionsOf(run), ...limits, startRow: firstRow });
  const format = outputFormat(run, file);
  const kinds = run.checks;
  const parts = {
    verdicts: partPath(run.out, runId),
    evidence: partPath(run.evidence, runId),
    bodies: partPath(bodiesPathOf(run.evidence), runId),
    manifest: partPath(run.manifest, runId),
  };
  const mode = run.outputMode ?? DEFAULT_OUTPUT_MODE;
  const files = await OutputFiles.open(parts, checkpoint?.offsets, {
    mode,
    finals: { verdicts: run.out, evidence: run.evidence, bodies: bodiesPathOf(run.evidence) },
  });
  if (!checkpoint) {
    await files.append(
      Buffer.concat([
        bomBytes(format),
        encodeCsvRecord(
          [...file.header.columns, ...verdictColumns(kinds, { emulator: run.emulator === true })],
          format,
        ),
      ]),
      Buffer.alloc(0),
    );
    await files.sync();
    await store.commit(runId, 0, files.position, []);
  }
  return { file, format, kinds, parts, mode, files, firstRow };
}

/** How every row of the run is planned (src/run/flow-plan.ts). */
function flowContextOf(
  run: RunState,
  opened: OpenedRun,
  deps: CoordinatorDeps,
  foreignAgent: SettledStrategy | undefined,
): Omit<FlowContext, 'now'> {
  return {
    runId: run.id,
    checksQueue: queuesOf(run.service).checks,
    kinds: opened.kinds,
    optional: { smtp: run.smtp ?? false, cardRiskCountries: run.cardRiskCountries ?? [] },
    // Card numbers are masked in verdicts.csv whatever the checks of the run (docs/optional-checks.md).
    cardColumn: opened.file.header.mapping.card,
    whitelist: run.whitelist !== undefined || deps.deskWhitelist === true,
    cacheRows: run.cacheRows ?? DEFAULT_CACHE_ROWS,
    ...(run.profile ? { profile: run.profile } : {}),
    ...(foreignAgent?.mirrorSha256 ? { faMirror: foreignAgent.mirrorSha256 } : {}),
    ...(hasReuse(run.maxAge) ? { maxAge: run.maxAge } : {}),
    priority: PRIORITY[run.priority],
    attempts: run.attempts ?? deps.attempts,
    backoffMs: deps.backoffMs,
  };
}

/**
 * Reads and writes the run until every row is on disk: the reader dispatches rows while at most `window`
 * are between read and written, the writer writes them in input order. The first error of either stops
 * both and is rethrown; an abort stops both too.
 */
async function screenRows(
  run: RunState,
  opened: OpenedRun,
  deps: CoordinatorDeps,
  foreignAgent: SettledStrategy | undefined,
  signal?: AbortSignal,
): Promise<RowWindow> {
  const { file, firstRow } = opened;
  const rows = new RowWindow(firstRow);
  const control = new RunControl(signal);
  const flowContext = flowContextOf(run, opened, deps, foreignAgent);
  const chunkSize = Math.max(1, Math.min(deps.chunkSize ?? 200, Math.floor(run.window / 2) || 1));
  const readerSetup = { runId: run.id, file, firstRow, window: run.window, chunkSize, flowContext };
  const reader = new RunReader(deps, readerSetup, rows, control);
  const upstream = deps.upstream;
  const writerDeps = {
    ...deps,
    upstreamStopped: upstream ? () => upstream.stopped() : undefined,
    onProgress: deps.onProgress?.bind(deps),
  };
  const writerSetup = {
    runId: run.id,
    firstRow,
    kinds: opened.kinds,
    emulator: run.emulator === true,
    service: run.service?.id,
    lang: run.lang,
    foreignAgent: foreignAgent?.note,
    format: opened.format,
    cardColumn: flowContext.cardColumn,
    width: file.header.columns.length,
    cacheRows: flowContext.cacheRows,
    files: opened.files,
    maxPollMs: run.priority === 'interactive' ? SCREEN_POLL_MS : undefined,
  };
  const writer = new OrderedWriter(writerDeps, writerSetup, rows, control, reader.dispatcher);
  await Promise.all([control.side(() => reader.read()), control.side(() => writer.write())]);
  control.throwFailure();
  return rows;
}

/**
 * The run is on disk: its manifest, the outputs on their final names, the run done, and nothing of its
 * clients left in Redis.
 */
async function finishRun(
  run: RunState,
  opened: OpenedRun,
  rows: number,
  deps: CoordinatorDeps,
  foreignAgent: SettledStrategy | undefined,
): Promise<RunSummary> {
  const { store, redis, log } = deps;
  const runId = run.id;
  const { file, format, parts } = opened;
  const finishedAt = new Date().toISOString();
  await notePhase(redis, deps.prefix, runId, 'writing');
  const registerChange = await registerChangeOf({
    ...{ note: foreignAgent?.note, verdicts: parts.verdicts, columns: run.columns, store, runId },
  });
  const counters = await store.counters(runId);
  const outputs = [
    { path: run.out, ...(await fileDigest(parts.verdicts)) },
    { path: run.evidence, ...(await fileDigest(parts.evidence)) },
    { path: bodiesPathOf(run.evidence), ...(await fileDigest(parts.bodies)) },
  ];
  const finalRun = (await store.get(runId)) ?? run;
  // Said in every run's log (API and scheduled runs too), not only on the command line.
  for (const w of file.header.warnings ?? []) log.warn({ runId, code: w.code }, w.message);
  const manifest = buildManifest({
    run: finalRun,
    finishedAt,
    counters,
    rows,
    input: {
      encoding: file.header.encoding,
      delimiter: file.header.delimiter,
      ...(file.header.workbook ? { sheet: file.header.workbook.sheet } : {}),
      ...(file.header.warnings ? { warnings: file.header.warnings } : {}),
    },
    output: { encoding: format.encoding, bom: bomBytes(format).length > 0 },
    outputs,
    softwareVersion: VERSION,
    scoringVersion: SCORING_VERSION,
    unrecognised: await store.unrecognised(runId),
    ...(foreignAgent ? { foreignAgent: foreignAgent.note } : {}),
    ...(registerChange ? { registerChange } : {}),
  });
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
  await placeOutputs(run, parts, manifestBytes, opened.mode);
  // Before the run reads as done, so that whoever sees it done finds its report.
  await deps.lifecycle.outputsPlaced(run);
  // Logged before the run reads as done, so that whoever follows the run finds the line when it is.
  log.info({ runId, rows, bytes: (await stat(run.out)).size }, 'run finished');
  // Read back: the report, once written, adds its own entry to the manifest (manifest-report-entry.ts).
  const manifestSha256 = createHash('sha256')
    .update(await readFile(run.manifest))
    .digest('hex');
  await store.update(runId, { status: 'done', finishedAt, totalRows: rows, manifestSha256 });
  await store.releaseWorkingData(runId);
  // The outputs are on disk and the run reads as done: nothing of its clients stays in Redis or its AOF.
  await purgeRunJobs(redis, deps.prefix, runId, run.service?.id);
  await compactAppendOnlyFile(redis, log);
  return summaryOf({ ...finalRun, totalRows: rows }, counters);
}

/**
 * The run coordinator: reads the client file, fans every client out as one flow (merge parent, one child
 * per check) while at most `window` rows are between read and written, and writes the results in input
 * order from the next unwritten row, checkpointing after every batch. Runs again from its checkpoint after
 * any crash: output files are cut back to the checkpoint, rows already dispatched are not dispatched again.
 */
export async function coordinateRun(
  runId: string,
  deps: CoordinatorDeps,
  signal?: AbortSignal,
): Promise<RunSummary> {
  const run = await deps.store.require(runId);
  if (run.status === 'done') return summaryOf(run, await deps.store.counters(runId));
  if (run.status === 'cancelled') {
    // Cancelled while no coordinator held it (its coordinator died): abandoned here.
    await abandonRun(deps.redis, deps.prefix, runId);
    throw new RunCancelled(runId);
  }
  const lease = await RunLease.take(deps.redis, runKeys(deps.prefix, runId).lease, runId);
  try {
    return await coordinateLeased(run, deps, lease, signal);
  } finally {
    // A lease that cannot be let go (Redis gone) lapses on its own.
    await lease.release().catch(() => undefined);
  }
}

/** The run in this coordinator's hands: it stops when asked to, or when the lease is found to be another's. */
async function coordinateLeased(
  run: RunState,
  deps: CoordinatorDeps,
  lease: RunLease,
  outerSignal: AbortSignal | undefined,
): Promise<RunSummary> {
  const { store, log } = deps;
  const runId = run.id;
  const signal = outerSignal ? AbortSignal.any([outerSignal, lease.lost]) : lease.lost;
  await notePhase(deps.redis, deps.prefix, runId, 'preflight');
  await startRun(run, deps);
  const foreignAgent = await settleStrategy(run, deps, signal);
  if (signal.aborted) throw interruption(runId, signal);
  const checkpoint = await store.checkpoint(runId);
  await lease.assertHeld();
  await notePhase(deps.redis, deps.prefix, runId, 'screening');
  const opened = await openRun(run, store, checkpoint, deps.inputLimits);
  log.info(
    { runId, firstRow: opened.firstRow, window: run.window },
    checkpoint ? 'run resumed from checkpoint' : 'run started',
  );
  let rows: RowWindow;
  try {
    const leased = { ...deps, beforeWrite: () => lease.assertHeld() };
    rows = await screenRows(run, opened, leased, foreignAgent, signal);
  } catch (error) {
    await opened.files.close();
    if (error instanceof RunCancelled) await abandonRun(deps.redis, deps.prefix, runId);
    throw error;
  }
  await opened.files.close();
  if (signal.aborted) throw interruption(runId, signal);
  // Cancelled after the last row was written: still no output is placed.
  if (await store.isCancelled(runId)) {
    await abandonRun(deps.redis, deps.prefix, runId);
    throw new RunCancelled(runId);
  }
  await lease.assertHeld();
  return finishRun(run, opened, rows.lastRead, deps, foreignAgent);
}

/** A manifest this run itself put in place before an interruption (its run id): replaced, not refused. */
async function isOwnManifest(path: string, runId: string): Promise<boolean> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as { run_id?: unknown };
    return (await lstat(path)).isFile() && parsed.run_id === runId;
  } catch {
    return false;
  }
}

/**
 * The completed run's files go onto their final names, the manifest last: whoever sees a manifest sees
 * the outputs it describes. Without --overwrite an existing name fails the run here (KYC_ERR_OUTPUT_EXISTS)
 * and the part files stay for a resume once the name is free.
 */
async function placeOutputs(run: RunState, parts: RunParts, manifest: Buffer, mode: number): Promise<void> {
  const overwrite = run.overwrite === true;
  const handle = await createPart(parts.manifest, mode);
  try {
    await handle.writeFile(manifest);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  if (!overwrite && (await isOwnManifest(run.manifest, run.id))) await unlink(run.manifest);
  await placePart(parts.verdicts, run.out, overwrite);
  // The bodies before the evidence that refers to them.
  await placePart(parts.bodies, bodiesPathOf(run.evidence), overwrite);
  await placePart(parts.evidence, run.evidence, overwrite);
  await placePart(parts.manifest, run.manifest, overwrite);
}

function summaryOf(run: RunState, counters: Readonly<Record<string, number>>): RunSummary {
  const verdicts = verdictCounts(counters);
  return { runId: run.id, rows: run.totalRows ?? run.written, verdicts, manifestPath: run.manifest };
}
