import type { OutputLanguage } from '../export/matches-cell.js';
import type { Redis } from 'ioredis';
import { maskCardColumn } from '../checks/card-number.js';
import type { CheckKind } from '../domain/check.js';
import { encodeCsvRecordChecked, type CsvFormat } from '../export/csv-format.js';
import { encodeEvidenceLine, evidenceLine } from '../export/evidence.js';
import { compactEvidence, type EvidenceBody } from '../export/evidence-bodies.js';
import { verdictRow, withReason } from '../export/verdict-row.js';
import type { Logger } from '../log.js';
import type { ForeignAgentStrategyNote } from '../export/mirror-snapshot.js';
import type { KycError } from '../errors.js';
import { failedMergeResult } from './flow-plan.js';
import { parseStoredResult, type StoredResult } from './job-data.js';
import { RunCancelled } from './cancel.js';
import type { OutputFiles } from './output-files.js';
import { lastDroppableGeneration } from '../upstream/request-cache.js';
import type { RowWindow, RunControl } from './control.js';
import type { RowDispatcher } from './reader.js';
import type { RunStore } from './state/run-store.js';
import { tallyRows, type WrittenRow } from './row-tally.js';
import { QUEUES, jobKey, mergeJobId } from './state/topology.js';

/** How often the writer asks whether the run was cancelled (`DELETE /v1/runs/{id}`). */
const CANCEL_CHECK_MS = 1_000;
/** How often a waiting writer asks whether the circuit breaker stopped the calls. */
const UPSTREAM_CHECK_MS = 1_000;
/** How long the writer waits on one row before it asks what became of that row's flow. */
const STUCK_AFTER_MS = 20_000;
const BATCH_ROWS = 500;

export interface WriterDeps {
  readonly redis: Redis;
  readonly store: RunStore;
  readonly prefix: string;
  readonly log: Logger;
  /** Why every call was stopped (the circuit breaker is open), if it was. */
  readonly upstreamStopped?: (() => Promise<KycError | undefined>) | undefined;
  /** Throws when this coordinator may no longer write the run's files (another one took the run over). */
  readonly beforeWrite?: (() => Promise<void>) | undefined;
  onProgress?: ((progress: { written: number; total?: number }) => void) | undefined;
}

/** A batch looks for its next results at most this far apart once it has waited a while. */
const MAX_POLL_MS = 100;

export interface WriterSetup {
  readonly runId: string;
  readonly firstRow: number;
  readonly kinds: readonly CheckKind[];
  readonly emulator: boolean;
  /** The id of the run's Lookup Service, named on every evidence line. */
  readonly service?: string | undefined;
  /** The language of the officer's cells (kyc_matches): the run's `--lang`. */
  readonly lang?: OutputLanguage | undefined;
  readonly foreignAgent?: ForeignAgentStrategyNote | undefined;
  readonly format: CsvFormat;
  /** Column of the card number: masked in verdicts.csv whatever the checks of the run. */
  readonly cardColumn: number | undefined;
  /** Columns of the client file. */
  readonly width: number;
  readonly cacheRows: number;
  readonly files: OutputFiles;
  /** The longest wait between two looks for ready results: short for a screen, whose caller waits. */
  readonly maxPollMs?: number | undefined;
}

interface EncodedRow extends WrittenRow {
  readonly csv: Buffer;
  readonly evidence: Buffer;
  /** Every body the evidence line refers to; those already written are left out when the batch is. */
  readonly bodies: readonly EvidenceBody[];
}

/**
 * The writing side of a run: writes the results in input order from the next unwritten row, checkpointing
 * after every batch, and drops the request cache generations no unwritten row can use any more.
 */
export class OrderedWriter {
  private next: number;
  // Cache generations below this one are gone (all of them before the first commit of this coordinator).
  private keptGeneration = 0;

  constructor(
    private readonly deps: WriterDeps,
    private readonly setup: WriterSetup,
    private readonly rows: RowWindow,
    private readonly control: RunControl,
    private readonly dispatcher: RowDispatcher,
  ) {
    this.next = setup.firstRow;
  }

  /** The ready results from the next unwritten row on, up to the first one not stored yet. */
  private async readyResults(upto: number): Promise<StoredResult[]> {
    const fields: string[] = [];
    for (let row = this.next; row <= upto; row++) fields.push(String(row));
    const values = await this.deps.redis.hmget(this.deps.store.keys(this.setup.runId).results, ...fields);
    const ready: StoredResult[] = [];
    for (const value of values) {
      if (value === null) break;
      ready.push(parseStoredResult(value));
    }
    return ready;
  }

  async write(): Promise<void> {
    let waitingSince = Date.now();
    let upstreamCheckedAt = Date.now();
    let pollMs = 10;
    let cancelCheckedAt = Date.now();
    for (;;) {
      if (this.control.stopping) return;
      if (Date.now() - cancelCheckedAt > CANCEL_CHECK_MS) {
        cancelCheckedAt = Date.now();
        if (await this.deps.store.isCancelled(this.setup.runId)) throw new RunCancelled(this.setup.runId);
      }
      if (this.rows.readerDone && this.next > this.rows.lastRead) return;
      const upto = Math.min(this.next + BATCH_ROWS - 1, this.rows.lastRead);
      if (upto < this.next) {
        await new Promise((r) => setTimeout(r, pollMs));
        continue;
      }
      const ready = await this.readyResults(upto);
      if (ready.length === 0) {
        if (Date.now() - upstreamCheckedAt > UPSTREAM_CHECK_MS) {
          upstreamCheckedAt = Date.now();
          await this.assertUpstream();
        }
        if (Date.now() - waitingSince > STUCK_AFTER_MS) {
          await this.unstick(this.next);
          waitingSince = Date.now();
        }
        await new Promise((r) => setTimeout(r, pollMs));
        pollMs = Math.min(this.setup.maxPollMs ?? MAX_POLL_MS, pollMs * 2);
        continue;
      }
      pollMs = 10;
      waitingSince = Date.now();
      await this.writeBatch(ready);
    }
  }

  /** One result as its verdicts.csv record and evidence line. */
  private encode(result: StoredResult): EncodedRow {
    const { runId, format, cardColumn, width, kinds, foreignAgent } = this.setup;
    const item = this.rows.pending.get(result.verdict.row);
    const meta = {
      runId,
      checkedAt: result.checkedAt,
      emulator: this.setup.emulator,
      service: this.setup.service,
      ...(this.setup.lang ? { lang: this.setup.lang } : {}),
      ...(foreignAgent ? { foreignAgent } : {}),
    };
    const cells = maskCardColumn(item?.cells ?? [], cardColumn, width);
    const line = verdictRow(cells, width, result.verdict, result.warnings, kinds, meta);
    let record = encodeCsvRecordChecked(line, format);
    let warnings = result.warnings;
    const lossy = record.lossy;
    if (lossy) {
      // The row is still screened on what was read; only its copy in verdicts.csv lost characters.
      const issue = {
        code: 'KYC_ERR_ROW_OUTPUT_LOSSY' as const,
        message: `a character of the row cannot be written in ${format.encoding}: it is written as ?`,
      };
      warnings = [...warnings, issue];
      record = encodeCsvRecordChecked(withReason(line, width, issue.code), format);
    }
    const compacted = compactEvidence(evidenceLine(result.verdict, warnings, meta, cells.slice(width)));
    const evidence = encodeEvidenceLine(compacted.line);
    return { verdict: result.verdict, lossy, csv: record.bytes, evidence, bodies: compacted.bodies };
  }

  /** Appends a batch, commits the checkpoint with its counts, then frees what the batch no longer needs. */
  private async writeBatch(ready: readonly StoredResult[]): Promise<void> {
    const { store, onProgress } = this.deps;
    const { runId, files, cacheRows } = this.setup;
    const encoded = ready.map((result) => this.encode(result));
    const rows = ready.map((result) => result.verdict.row);
    const { counts, examples } = tallyRows(encoded);
    await this.deps.beforeWrite?.();
    await files.append(
      Buffer.concat(encoded.map((e) => e.csv)),
      Buffer.concat(encoded.map((e) => e.evidence)),
      files.newBodies(encoded.flatMap((e) => e.bodies)),
    );
    await files.sync();
    const last = this.next + ready.length - 1;
    await store.commit(runId, last, files.position, rows, counts, examples);
    const droppable = lastDroppableGeneration(last, cacheRows);
    if (droppable >= this.keptGeneration) {
      await store.dropCacheGenerations(runId, this.keptGeneration, droppable);
      this.keptGeneration = droppable + 1;
    }
    for (const row of rows) this.rows.pending.delete(row);
    this.next = last + 1;
    this.control.room.notify();
    onProgress?.({ written: last, ...(this.rows.readerDone ? { total: this.rows.lastRead } : {}) });
  }

  /** The writer waited long on one row: re-dispatch a lost flow, or give a failed merge an INCOMPLETE row. */
  private async unstick(row: number): Promise<void> {
    const { redis, prefix, log } = this.deps;
    const { runId } = this.setup;
    const item = this.rows.pending.get(row);
    if (!item) return;
    const mergeKey = jobKey(prefix, QUEUES.verdicts, mergeJobId(runId, row));
    const [failedReason, exists] = await Promise.all([
      redis.hget(mergeKey, 'failedReason'),
      redis.exists(mergeKey),
    ]);
    if (exists === 0) {
      log.warn({ runId, row }, 'flow of a row was lost; dispatching it again');
      await this.dispatcher.dispatch([item], true);
      return;
    }
    const finished = await redis.hget(mergeKey, 'finishedOn');
    if (failedReason && finished && 'client' in item) {
      const result = failedMergeResult(item, this.setup.kinds, failedReason, new Date().toISOString());
      await this.dispatcher.storeDirect(row, result);
    }
  }

  /** Every call is stopped (refused key, service out of reach): the run fails, resumable, with the reason. */
  private async assertUpstream(): Promise<void> {
    const stopped = await this.deps.upstreamStopped?.();
    if (!stopped) return;
    const { runId } = this.setup;
    this.deps.log.error(
      { runId, code: stopped.code, written: this.next - 1 },
      `run stopped: ${stopped.toString()}. Resume with kyc-screen run --resume ${runId}`,
    );
    throw stopped;
  }
}
