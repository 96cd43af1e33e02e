import { lstat, readFile, stat, unlink } from 'node:fs/promises';
import type { FlowJob, FlowProducer } from 'bullmq';
import type { Redis } from 'ioredis';
import { maskCardColumn } from '../checks/card-number.js';
import { prepareOptionalChecks } from '../checks/optional-plan.js';
import { planCheck } from '../checks/plan.js';
import type { CheckKind, CheckResult } from '../domain/check.js';
import { CORE_CHECK_KINDS, OPTIONAL_CHECK_KINDS, type OptionalCheckKind } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import { KycError } from '../errors.js';
import {
  bomBytes,
  encodeCsvRecord,
  encodeCsvRecordChecked,
  type CsvFormat,
  type OutputEncoding,
} from '../export/csv-format.js';
import { encodeEvidenceLine, evidenceLine } from '../export/evidence.js';
import { fileDigest } from '../export/file-digest.js';
import { buildManifest, type OutputFileInfo } from '../export/manifest.js';
import { verdictColumns, verdictRow, withReason } from '../export/verdict-row.js';
import { openClientFile, parseColumnsOption, type IngestItem } from '../ingest/index.js';
import { clientKeyOf } from '../ops/client-key.js';
import type { Logger } from '../log.js';
import {
  decideVerdict,
  failedCheck,
  invalidVerdict,
  SCORING_VERSION,
  skippedCheck,
} from '../verdict/index.js';
import { VERSION } from '../version.js';
import { clientForJobs, type CheckJobData, type MergeJobData, type StoredResult } from './job-data.js';
import { OutputFiles } from './output-files.js';
import { settleForeignAgentStrategy, type MirrorSource } from './fa-strategy.js';
import { MirrorStore } from './mirror-store.js';
import { verdictCounts } from './run-counters.js';
import { HOLD_POLL_MS, STEADY_CHUNK_ROWS, holdDispatch } from './look-ahead.js';
import { createPart, DEFAULT_OUTPUT_MODE, partPath, placePart } from './output-paths.js';
import { unrecognisedField, type RunState, type RunStore } from './run-store.js';
import { DEFAULT_CACHE_ROWS, cacheWindowOf, lastDroppableGeneration } from './request-cache.js';
import { ABANDONED_JOB_AGE_S, compactAppendOnlyFile, purgeRunJobs } from './retention.js';
import { PRIORITY, QUEUES, checkJobId, jobKey, mergeJobId, waitingKeys } from './topology.js';

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
   * The paced foreign-agent search a mirror of the register is enumerated with (src/pipeline/mirror-search.ts).
   * Absent: the run searches per client.
   */
  readonly foreignAgentMirror?: (run: RunState, signal?: AbortSignal) => MirrorSource;
  /**
   * The shared quota: while it is booked ahead, the reader holds back rows the workers could not start yet
   * (src/pipeline/look-ahead.ts).
   */
  readonly quota?: { bookedAheadMs(): Promise<number> };
  /** Called after every written batch; the CLI and the runs job show it. */
  onProgress?(progress: { written: number; total?: number }): void;
}

export interface RunUpstream {
  /** One cheap authenticated call; throws KYC_ERR_UPSTREAM_AUTH or _UNREACHABLE when the run cannot go on. */
  preflight(): Promise<void>;
  /** Why every call was stopped (the circuit breaker is open), if it was. */
  stopped(): Promise<KycError | undefined>;
}

/** How often a waiting writer asks whether the circuit breaker stopped the calls. */
const UPSTREAM_CHECK_MS = 1_000;

/** Thrown when the coordinator was asked to stop: output is consistent with the checkpoint; resume later. */
export class RunInterrupted extends Error {
  constructor(readonly runId: string) {
    super(`run ${runId} interrupted; it resumes from its checkpoint`);
    this.name = 'RunInterrupted';
  }
}

export interface RunSummary {
  readonly runId: string;
  readonly rows: number;
  readonly verdicts: Readonly<Record<string, number>>;
  readonly manifestPath: string;
}

/** Resolves when notified; lets the reader wait for the writer to make room without polling. */
class Signal {
  private waiters: (() => void)[] = [];
  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

async function sha256File(path: string): Promise<OutputFileInfo> {
  return { path, ...(await fileDigest(path)) };
}

function byKind(results: readonly CheckResult[]): Partial<Record<CheckKind, CheckResult>> {
  const out: Partial<Record<CheckKind, CheckResult>> = {};
  for (const r of results) out[r.kind] = r;
  return out;
}

function add(counts: Record<string, number>, field: string): void {
  counts[field] = (counts[field] ?? 0) + 1;
}

/** How long the writer waits on one row before it asks what became of that row's flow. */
const STUCK_AFTER_MS = 20_000;
const BATCH_ROWS = 500;
/**
 * After each dispatch the reader rests twice as long as the dispatch took, up to MAX_DISPATCH_REST_MS. A large addBulk keeps
 * Redis and this process busy, and a BullMQ worker fills all its concurrency slots one fetch at a time
 * before it starts the first job: without the rest, the checks of a 1,000-row upload waited until the
 * whole window had been queued (seconds of unused quota at the start of every run).
 */
const MAX_DISPATCH_REST_MS = 500;
const DISPATCH_REST_FACTOR = 2;

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
  const { store, redis, log } = deps;
  const run = await store.require(runId);
  if (run.status === 'done') return summaryOf(run, await store.counters(runId));

  const input = await sha256File(run.input).catch((error: unknown) => {
    throw new KycError('KYC_ERR_INPUT_NOT_FOUND', run.input, { cause: error });
  });
  if (input.sha256 !== run.inputSha256) throw new KycError('KYC_ERR_RUN_RESUME_MISMATCH', run.input);
  // Before the first check is dispatched, and again on every resume: a refused key or a dead URL costs one
  // call and a clear error, not every row's attempts.
  await deps.upstream?.preflight().catch((error: unknown) => {
    log.error({ runId, err: error }, `run stopped before its first check: ${String(error)}`);
    throw error;
  });
  await store.update(runId, {
    status: 'running',
    ...(run.startedAt ? {} : { startedAt: new Date().toISOString() }),
  });

  // Before any row is dispatched: every foreign-agent job of the run must know whether to use the mirror.
  const foreignAgent = await settleForeignAgentStrategy({
    run,
    store,
    mirrors: new MirrorStore(redis, deps.prefix),
    ...(deps.foreignAgentMirror ? { source: deps.foreignAgentMirror(run, signal) } : {}),
    log,
    assertGoing: async () => {
      if (signal?.aborted) throw new RunInterrupted(runId);
      const stopped = await deps.upstream?.stopped();
      if (stopped) throw stopped;
    },
  });

  const checkpoint = await store.checkpoint(runId);
  const firstRow = (checkpoint?.row ?? 0) + 1;
  const file = await openClientFile(run.input, {
    ...(run.encoding ? { encoding: run.encoding as OutputEncoding } : {}),
    ...(run.columns ? { columns: parseColumnsOption(run.columns) } : {}),
    startRow: firstRow,
  });
  const outEncoding = (run.outEncoding as OutputEncoding | undefined) ?? file.header.encoding;
  const format: CsvFormat = {
    encoding: outEncoding,
    bom:
      run.outBom === true ||
      (outEncoding === file.header.encoding ? file.header.bom : outEncoding === 'utf-16le'),
    delimiter: run.outDelimiter ?? file.header.delimiter,
  };
  const kinds = run.checks as CheckKind[];
  const optionalKinds = kinds.filter((k): k is OptionalCheckKind =>
    (OPTIONAL_CHECK_KINDS as readonly string[]).includes(k),
  );
  const optional = { smtp: run.smtp ?? false, cardRiskCountries: run.cardRiskCountries ?? [] };
  // Card numbers are masked in verdicts.csv whatever the checks of the run (docs/optional-checks.md).
  const cardColumn = file.header.mapping.card;
  const width = file.header.columns.length;
  const keys = store.keys(runId);
  const cacheRows = run.cacheRows ?? DEFAULT_CACHE_ROWS;
  // Cache generations below this one are gone (all of them before the first commit of this coordinator).
  let keptGeneration = 0;

  const parts = {
    verdicts: partPath(run.out, runId),
    evidence: partPath(run.evidence, runId),
    manifest: partPath(run.manifest, runId),
  };
  const mode = run.outputMode ?? DEFAULT_OUTPUT_MODE;
  const files = await OutputFiles.open(parts, checkpoint?.offsets, {
    mode,
    finals: { verdicts: run.out, evidence: run.evidence },
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
  log.info(
    { runId, firstRow, window: run.window },
    checkpoint ? 'run resumed from checkpoint' : 'run started',
  );

  const pending = new Map<number, IngestItem>();
  const room = new Signal();
  const priority = PRIORITY[run.priority];
  const chunkSize = Math.max(1, Math.min(deps.chunkSize ?? 200, Math.floor(run.window / 2) || 1));
  let lastRead = firstRow - 1;
  let readerDone = false;
  // Boxed so that whatever was thrown, even a falsy value, still stops the run and is rethrown.
  let failure: { error: unknown } | undefined;

  async function storeDirect(row: number, result: StoredResult): Promise<void> {
    await redis.hsetnx(keys.results, String(row), JSON.stringify(result));
  }

  function flowOf(
    item: Extract<IngestItem, { client: unknown }>,
    decided: CheckResult[],
    children: CheckKind[],
    jobClient: Client,
  ): FlowJob {
    const { row, client } = item;
    // The client key only serves the whitelist lookup: without a whitelist it stays out of Redis.
    const key = run.whitelist ? clientKeyOf(client) : undefined;
    const data: MergeJobData = {
      runId,
      row,
      kinds,
      decided,
      warnings: client.warnings,
      ...(key ? { clientKey: key } : {}),
    };
    const childData: CheckJobData = {
      runId,
      row,
      client: clientForJobs(jobClient, kinds),
      cache: cacheWindowOf(row, cacheRows),
      ...(optionalKinds.length > 0 ? { optional } : {}),
      ...(run.profile ? { profile: run.profile } : {}),
      ...(foreignAgent?.mirrorSha256 ? { faMirror: foreignAgent.mirrorSha256 } : {}),
    };
    return {
      name: 'merge',
      queueName: QUEUES.verdicts,
      data,
      opts: {
        jobId: mergeJobId(runId, row),
        priority,
        attempts: 5,
        backoff: { type: 'exponential', delay: 500 },
        // The merge stores its result under the run first; the job itself (with its children's values)
        // must not stay behind, or Redis would grow with the file. A failed one stays for the watchdog until
        // the run is done (purgeRunJobs), or ages out if the run never finishes.
        removeOnComplete: true,
        removeOnFail: { age: ABANDONED_JOB_AGE_S },
      },
      children: children.map((kind) => ({
        name: kind,
        queueName: QUEUES.checks,
        data: childData,
        opts: {
          jobId: checkJobId(runId, row, kind),
          priority,
          attempts: run.attempts ?? deps.attempts,
          backoff: { type: 'exponential', delay: deps.backoffMs, jitter: 0.5 },
          ignoreDependencyOnFailure: true,
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    };
  }

  /** Rows with a stored result or a live merge job were dispatched before a crash: not again. */
  async function alreadyDispatched(rows: readonly number[]): Promise<Set<number>> {
    const pipeline = redis.pipeline();
    for (const row of rows) {
      pipeline.hexists(keys.results, String(row));
      pipeline.exists(jobKey(deps.prefix, QUEUES.verdicts, mergeJobId(runId, row)));
    }
    const replies = (await pipeline.exec()) ?? [];
    const done = new Set<number>();
    rows.forEach((row, i) => {
      if (Number(replies[2 * i]?.[1]) === 1 || Number(replies[2 * i + 1]?.[1]) === 1) done.add(row);
    });
    return done;
  }

  async function dispatch(items: readonly IngestItem[], force = false): Promise<void> {
    const skip = force ? new Set<number>() : await alreadyDispatched(items.map((i) => i.row));
    const flows: FlowJob[] = [];
    const now = new Date().toISOString();
    for (const item of items) {
      if (skip.has(item.row)) continue;
      if ('invalid' in item) {
        await storeDirect(item.row, {
          verdict: invalidVerdict(item.row, item.invalid),
          warnings: [item.invalid],
          checkedAt: now,
        });
        continue;
      }
      // The full card number is Luhn-checked and masked here; job data only ever carries the masked form.
      const prepared = prepareOptionalChecks(
        optionalKinds,
        item.client,
        cardColumn === undefined ? undefined : item.cells[cardColumn],
        optional,
      );
      const decided: CheckResult[] = [...prepared.decided];
      const children: CheckKind[] = [...prepared.children];
      for (const kind of kinds) {
        if (!(CORE_CHECK_KINDS as readonly string[]).includes(kind)) continue;
        const plan = planCheck(kind as (typeof CORE_CHECK_KINDS)[number], item.client);
        if ('skip' in plan) decided.push(skippedCheck(plan.kind, plan.skip.reason, plan.skip.detail));
        else children.push(kind);
      }
      if (children.length === 0) {
        const verdict = decideVerdict(item.row, byKind(decided), item.client.warnings);
        await storeDirect(item.row, { verdict, warnings: item.client.warnings, checkedAt: now });
      } else {
        flows.push(flowOf(item, decided, children, prepared.client));
      }
    }
    if (flows.length > 0) await deps.flow.addBulk(flows);
    const last = items.at(-1);
    if (last) await store.update(runId, { dispatched: last.row, bytesRead: file.bytesRead?.() });
  }

  async function dispatchAndRest(items: readonly IngestItem[]): Promise<void> {
    const started = performance.now();
    await dispatch(items);
    const restMs = Math.min(DISPATCH_REST_FACTOR * (performance.now() - started), MAX_DISPATCH_REST_MS);
    await new Promise((resolve) => setTimeout(resolve, restMs));
  }

  const waiting = waitingKeys(deps.prefix, QUEUES.checks);
  /** Waits while the workers have enough to do without more rows (src/pipeline/look-ahead.ts); true if it did. */
  async function holdWhileWorkersBusy(): Promise<boolean> {
    let held = false;
    while (!failure && !signal?.aborted) {
      const [stored, wait, prioritized, bookedAheadMs] = await Promise.all([
        store.storedResults(runId),
        redis.llen(waiting.wait),
        redis.zcard(waiting.prioritized),
        deps.quota?.bookedAheadMs() ?? 0,
      ]);
      const state = {
        unfinishedRows: pending.size - stored,
        queuedChecks: wait + prioritized,
        bookedAheadMs,
      };
      if (!holdDispatch(state)) return held;
      held = true;
      await room.wait(HOLD_POLL_MS);
    }
    return held;
  }

  async function read(): Promise<void> {
    let batch: IngestItem[] = [];
    // Small first chunks put the first checks in the queue within milliseconds (an onboarding upload is
    // waited for); later chunks grow to chunkSize, where addBulk is most efficient.
    let chunkLimit = Math.min(8, chunkSize);
    // Once the workers were ahead, rows go out as they make room, in chunks too small to stall them.
    let steady = false;
    for await (const item of file.rows) {
      if (failure || signal?.aborted) return;
      if (item.row < firstRow) continue;
      pending.set(item.row, item);
      lastRead = item.row;
      batch.push(item);
      if (batch.length >= chunkLimit) {
        await dispatchAndRest(batch);
        batch = [];
        if (await holdWhileWorkersBusy()) steady = true;
        chunkLimit = steady ? Math.min(chunkSize, STEADY_CHUNK_ROWS) : Math.min(chunkSize, chunkLimit * 2);
      }
      while (pending.size >= run.window && !failure && !signal?.aborted) {
        if (batch.length > 0) {
          await dispatch(batch);
          batch = [];
        }
        await room.wait(1_000);
      }
    }
    if (batch.length > 0) await dispatch(batch);
    await store.update(runId, { totalRows: lastRead });
    readerDone = true;
  }

  /** The writer waited long on one row: re-dispatch a lost flow, or give a failed merge an INCOMPLETE row. */
  async function unstick(row: number): Promise<void> {
    const item = pending.get(row);
    if (!item) return;
    const mergeKey = jobKey(deps.prefix, QUEUES.verdicts, mergeJobId(runId, row));
    const [failedReason, exists] = await Promise.all([
      redis.hget(mergeKey, 'failedReason'),
      redis.exists(mergeKey),
    ]);
    if (exists === 0) {
      log.warn({ runId, row }, 'flow of a row was lost; dispatching it again');
      await dispatch([item], true);
      return;
    }
    const finished = await redis.hget(mergeKey, 'finishedOn');
    if (failedReason && finished && 'client' in item) {
      const error = { code: 'KYC_ERR_CHECK_FAILED' as const, message: `merge failed: ${failedReason}` };
      const results = kinds.map((kind) => failedCheck(kind, error, []));
      const verdict = decideVerdict(row, byKind(results), item.client.warnings);
      await storeDirect(row, {
        verdict,
        warnings: item.client.warnings,
        checkedAt: new Date().toISOString(),
      });
    }
  }

  /** Every call is stopped (refused key, service out of reach): the run fails, resumable, with the reason. */
  async function assertUpstream(): Promise<void> {
    const stopped = await deps.upstream?.stopped();
    if (!stopped) return;
    log.error(
      { runId, code: stopped.code, written: next - 1 },
      `run stopped: ${stopped.toString()}. Resume with kyc-screen run --resume ${runId}`,
    );
    throw stopped;
  }

  let next = firstRow;
  async function write(): Promise<void> {
    let waitingSince = Date.now();
    let upstreamCheckedAt = Date.now();
    let pollMs = 10;
    for (;;) {
      if (failure || signal?.aborted) return;
      if (readerDone && next > lastRead) return;
      const upto = Math.min(next + BATCH_ROWS - 1, lastRead);
      if (upto < next) {
        await new Promise((r) => setTimeout(r, pollMs));
        continue;
      }
      const fields: string[] = [];
      for (let row = next; row <= upto; row++) fields.push(String(row));
      const values = await redis.hmget(keys.results, ...fields);
      const ready: StoredResult[] = [];
      for (const value of values) {
        if (value === null) break;
        ready.push(JSON.parse(value) as StoredResult);
      }
      if (ready.length === 0) {
        if (Date.now() - upstreamCheckedAt > UPSTREAM_CHECK_MS) {
          upstreamCheckedAt = Date.now();
          await assertUpstream();
        }
        if (Date.now() - waitingSince > STUCK_AFTER_MS) {
          await unstick(next);
          waitingSince = Date.now();
        }
        await new Promise((r) => setTimeout(r, pollMs));
        pollMs = Math.min(100, pollMs * 2);
        continue;
      }
      pollMs = 10;
      waitingSince = Date.now();
      const csv: Buffer[] = [];
      const evidence: Buffer[] = [];
      const counts: Record<string, number> = {};
      const examples: Record<string, string> = {};
      const rows: number[] = [];
      for (const result of ready) {
        const row = result.verdict.row;
        const item = pending.get(row);
        const meta = {
          runId,
          checkedAt: result.checkedAt,
          emulator: run.emulator === true,
          ...(foreignAgent ? { foreignAgent: foreignAgent.note } : {}),
        };
        const cells = maskCardColumn(item?.cells ?? [], cardColumn, width);
        const line = verdictRow(cells, width, result.verdict, result.warnings, kinds, meta);
        let record = encodeCsvRecordChecked(line, format);
        let warnings = result.warnings;
        if (record.lossy) {
          // The row is still screened on what was read; only its copy in verdicts.csv lost characters.
          const issue = {
            code: 'KYC_ERR_ROW_OUTPUT_LOSSY' as const,
            message: `a character of the row cannot be written in ${format.encoding}: it is written as ?`,
          };
          warnings = [...warnings, issue];
          record = encodeCsvRecordChecked(withReason(line, width, issue.code), format);
          add(counts, 'output_lossy_rows');
        }
        csv.push(record.bytes);
        evidence.push(encodeEvidenceLine(evidenceLine(result.verdict, warnings, meta, cells.slice(width))));
        add(counts, `verdict:${result.verdict.verdict}`);
        for (const [kind, check] of Object.entries(result.verdict.checks)) {
          if (!check) continue;
          add(counts, `check:${kind}:${check.status}`);
          for (const entry of check.unrecognised ?? []) {
            const field = unrecognisedField(entry.operation, entry.kind);
            add(counts, `unrecognised:${field}`);
            examples[field] ??= entry.example;
          }
          for (const request of check.requests) {
            if (request.cached) add(counts, 'cache_hits');
            else {
              add(counts, `calls:${request.operation}:${request.status}`);
              add(counts, 'calls');
            }
          }
        }
        rows.push(row);
      }
      await files.append(Buffer.concat(csv), Buffer.concat(evidence));
      await files.sync();
      const last = next + ready.length - 1;
      await store.commit(runId, last, files.position, rows, counts, examples);
      const droppable = lastDroppableGeneration(last, cacheRows);
      if (droppable >= keptGeneration) {
        await store.dropCacheGenerations(runId, keptGeneration, droppable);
        keptGeneration = droppable + 1;
      }
      for (const row of rows) pending.delete(row);
      next = last + 1;
      room.notify();
      deps.onProgress?.({ written: last, ...(readerDone ? { total: lastRead } : {}) });
    }
  }

  try {
    await Promise.all([
      read().catch((error: unknown) => {
        failure ??= { error };
        room.notify();
      }),
      write().catch((error: unknown) => {
        failure ??= { error };
        room.notify();
      }),
    ]);
    if (failure) throw failure.error;
  } finally {
    await files.close();
  }
  if (signal?.aborted) throw new RunInterrupted(runId);

  const finishedAt = new Date().toISOString();
  const counters = await store.counters(runId);
  const outputs = [
    { path: run.out, ...(await fileDigest(parts.verdicts)) },
    { path: run.evidence, ...(await fileDigest(parts.evidence)) },
  ];
  const finalRun = (await store.get(runId)) ?? run;
  const manifest = buildManifest({
    run: finalRun,
    finishedAt,
    counters,
    rows: lastRead,
    input: { encoding: file.header.encoding, delimiter: file.header.delimiter },
    output: { encoding: format.encoding, bom: bomBytes(format).length > 0 },
    outputs,
    softwareVersion: VERSION,
    scoringVersion: SCORING_VERSION,
    unrecognised: await store.unrecognised(runId),
    ...(foreignAgent ? { foreignAgent: foreignAgent.note } : {}),
  });
  await placeOutputs(run, parts, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), mode);
  // Logged before the run reads as done, so that whoever follows the run finds the line when it is.
  log.info({ runId, rows: lastRead, bytes: (await stat(run.out)).size }, 'run finished');
  await store.update(runId, { status: 'done', finishedAt, totalRows: lastRead });
  await store.releaseWorkingData(runId);
  // The outputs are on disk and the run reads as done: nothing of its clients stays in Redis or its AOF.
  await purgeRunJobs(redis, deps.prefix, runId);
  await compactAppendOnlyFile(redis, log);
  return summaryOf({ ...finalRun, totalRows: lastRead }, counters);
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
async function placeOutputs(
  run: RunState,
  parts: { verdicts: string; evidence: string; manifest: string },
  manifest: Buffer,
  mode: number,
): Promise<void> {
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
  await placePart(parts.evidence, run.evidence, overwrite);
  await placePart(parts.manifest, run.manifest, overwrite);
}

function summaryOf(run: RunState, counters: Readonly<Record<string, number>>): RunSummary {
  const verdicts = verdictCounts(counters);
  return { runId: run.id, rows: run.totalRows ?? run.written, verdicts, manifestPath: run.manifest };
}
