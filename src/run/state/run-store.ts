import type { Redis } from 'ioredis';
import { CHECK_KINDS } from '../../domain/check.js';
import { isExampleField, unrecognisedCounter, unrecognisedExampleField } from '../../domain/run-counters.js';
import type { UnrecognisedCount } from '../../domain/unrecognised.js';
import { KycError } from '../../errors.js';
import type { FileOffsets } from './file-offsets.js';
import { scanKeys } from '../../infra/redis-connection.js';
import { ABANDONED_RUN_DATA_MS } from './retention.js';
import { parseRunMeta } from './run-meta.js';
import {
  runExists,
  unrecognisedField,
  unrecognisedOf,
  type Counters,
  type DeskDecisions,
  type RunDelta,
  type RunSettings,
  type RunState,
  type UnrecognisedExamples,
} from './run-model.js';
import { runKeys, runsIndexKey } from './topology.js';

// The run model lives in run-model.ts; its names stay importable from here for the store's callers.
export * from './run-model.js';

export class RunStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  keys(runId: string) {
    return runKeys(this.prefix, runId);
  }

  /**
   * Records a new run. An id that is taken is refused: answering with the earlier run's state would pass
   * it off as the result of the new input, which was never screened.
   */
  async create(settings: RunSettings): Promise<void> {
    const keys = this.keys(settings.id);
    const created = await this.redis.hsetnx(keys.meta, 'settings', JSON.stringify(settings));
    if (created === 0) throw runExists(settings.id);
    await this.redis
      .multi()
      .hset(keys.meta, { status: 'queued', dispatched: 0, written: 0 })
      .zadd(runsIndexKey(this.prefix), Date.parse(settings.createdAt), settings.id)
      .exec();
  }

  async get(runId: string): Promise<RunState | undefined> {
    return parseRunMeta(runId, await this.redis.hgetall(this.keys(runId).meta));
  }

  /** Marks the run cancelled (src/run/cancel.ts); its coordinator stops at its next look. */
  async cancel(runId: string): Promise<void> {
    const now = new Date().toISOString();
    await this.redis.hset(this.keys(runId).meta, { cancelledAt: now, status: 'cancelled', finishedAt: now });
  }

  async isCancelled(runId: string): Promise<boolean> {
    return (await this.redis.hexists(this.keys(runId).meta, 'cancelledAt')) === 1;
  }

  /** Keeps a finished run's delta with it, for the dashboard and `schedule history`. */
  async recordDelta(runId: string, delta: RunDelta): Promise<void> {
    await this.redis.hset(this.keys(runId).meta, 'delta', JSON.stringify(delta));
  }

  /**
   * What a coordinator did with the review desk's decisions. `not-applied` stays once written (the rows it
   * screened keep the flags the desk would have suppressed): `applied` is written only over nothing.
   */
  async noteDeskDecisions(runId: string, decisions: DeskDecisions): Promise<void> {
    const key = this.keys(runId).meta;
    if (decisions.status === 'applied') await this.redis.hsetnx(key, 'deskDecisions', 'applied');
    else await this.redis.hset(key, { deskDecisions: 'not-applied', deskReason: decisions.reason });
  }

  async require(runId: string): Promise<RunState> {
    const run = await this.get(runId);
    if (!run) throw new KycError('KYC_ERR_RUN_NOT_FOUND', runId);
    return run;
  }

  async update(
    runId: string,
    fields: Partial<
      Pick<
        RunState,
        | 'status'
        | 'startedAt'
        | 'finishedAt'
        | 'manifestSha256'
        | 'totalRows'
        | 'dispatched'
        | 'bytesRead'
        | 'rowsConsumed'
        | 'bytesConsumed'
        | 'error'
        | 'errorCode'
      >
    >,
  ): Promise<void> {
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) flat[k] = String(v);
    const key = this.keys(runId).meta;
    // A new error without a code must not be read with the code of an earlier failure of the run.
    if (fields.error !== undefined && fields.errorCode === undefined)
      await this.redis.multi().hset(key, flat).hdel(key, 'errorCode').exec();
    else if (Object.keys(flat).length > 0) await this.redis.hset(key, flat);
  }

  async list(limit = 20): Promise<string[]> {
    return this.redis.zrevrange(runsIndexKey(this.prefix), 0, limit - 1);
  }

  async checkpoint(runId: string): Promise<{ row: number; offsets: FileOffsets } | undefined> {
    const cp = await this.redis.hgetall(this.keys(runId).checkpoint);
    if (cp.row === undefined) return undefined;
    return {
      row: Number(cp.row),
      offsets: {
        verdictsBytes: Number(cp.verdictsBytes ?? 0),
        evidenceBytes: Number(cp.evidenceBytes ?? 0),
        bodiesBytes: Number(cp.bodiesBytes ?? 0),
      },
    };
  }

  /**
   * Records that rows up to `row` are on disk at these offsets, and frees their stored results, in one
   * transaction: a crash leaves either the old checkpoint with the results still there, or the new one.
   */
  async commit(
    runId: string,
    row: number,
    offsets: FileOffsets,
    writtenRows: readonly number[],
    counts: Readonly<Record<string, number>> = {},
    examples: UnrecognisedExamples = {},
  ): Promise<void> {
    const keys = this.keys(runId);
    const tx = this.redis
      .multi()
      .hset(keys.checkpoint, {
        row,
        verdictsBytes: offsets.verdictsBytes,
        evidenceBytes: offsets.evidenceBytes,
        bodiesBytes: offsets.bodiesBytes,
      })
      .hset(keys.meta, 'written', row);
    if (writtenRows.length > 0) {
      tx.hdel(keys.results, ...writtenRows.map(String));
      // The check results a row was merged from go only once the row is on disk: a merge whose worker died
      // after storing the row is run again, and must find them still there.
      tx.hdel(
        keys.checkResults,
        ...writtenRows.flatMap((row) => CHECK_KINDS.map((kind) => `${row}:${kind}`)),
      );
    }
    tx.pexpire(keys.results, ABANDONED_RUN_DATA_MS);
    // Counted with the checkpoint, so that a resumed run counts each row once.
    for (const [field, by] of Object.entries(counts)) tx.hincrby(keys.counters, field, by);
    for (const [field, example] of Object.entries(examples))
      tx.hsetnx(keys.counters, unrecognisedExampleField(field), example);
    await tx.exec();
  }

  /**
   * Counts unrecognised answers outside the writer: those of checks that failed for good, which the
   * writer only sees as an error code.
   */
  async noteUnrecognised(
    runId: string,
    entries: readonly { operation: string; kind: string; example: string }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const key = this.keys(runId).counters;
    const pipeline = this.redis.pipeline();
    for (const { operation, kind, example } of entries) {
      const field = unrecognisedField(operation, kind);
      pipeline
        .hincrby(key, unrecognisedCounter(field), 1)
        .hsetnx(key, unrecognisedExampleField(field), example);
    }
    await pipeline.exec();
  }

  /** The run's unrecognised answers, most frequent first. */
  async unrecognised(runId: string): Promise<UnrecognisedCount[]> {
    return unrecognisedOf(await this.redis.hgetall(this.keys(runId).counters));
  }

  /**
   * Stores a row's result. The check results it was merged from stay until the writer commits the row
   * (commit): a merge run again after its worker died must find them.
   */
  async storeResult(runId: string, row: number, json: string): Promise<void> {
    const keys = this.keys(runId);
    // Results of a run that never finishes (client data) expire with it rather than stay forever.
    await this.redis
      .multi()
      .hset(keys.results, String(row), json)
      .pexpire(keys.results, ABANDONED_RUN_DATA_MS)
      .exec();
  }

  /** Keeps one check's result (JSON) for its row's merge. */
  async keepCheckResult(runId: string, row: number, kind: string, json: string): Promise<void> {
    const key = this.keys(runId).checkResults;
    await this.redis.multi().hset(key, `${row}:${kind}`, json).pexpire(key, ABANDONED_RUN_DATA_MS).exec();
  }

  /** The kept results of a row's checks, by kind (a kind without one is absent). */
  async checkResults(runId: string, row: number, kinds: readonly string[]): Promise<Record<string, string>> {
    if (kinds.length === 0) return {};
    const values = await this.redis.hmget(
      this.keys(runId).checkResults,
      ...kinds.map((kind) => `${row}:${kind}`),
    );
    const out: Record<string, string> = {};
    kinds.forEach((kind, i) => {
      const value = values[i];
      if (typeof value === 'string') out[kind] = value;
    });
    return out;
  }

  /** Results stored and not yet written to the outputs. */
  async storedResults(runId: string): Promise<number> {
    return this.redis.hlen(this.keys(runId).results);
  }

  async incr(runId: string, counts: Readonly<Record<string, number>>): Promise<void> {
    const fields = Object.entries(counts).filter(([, by]) => by !== 0);
    // Most check jobs have nothing to count: no round trip for them.
    if (fields.length === 0) return;
    const key = this.keys(runId).counters;
    // Plain commands, not a pipeline: ioredis copies every script BullMQ defined on the connection into each
    // new pipeline, which cost more CPU than the counting itself (two counts per upstream call). Commands
    // issued in one tick still leave in one write; the fields need no atomicity between them.
    await Promise.all(fields.map(([field, by]) => this.redis.hincrby(key, field, by)));
  }

  async counters(runId: string): Promise<Counters> {
    const raw = await this.redis.hgetall(this.keys(runId).counters);
    return Object.fromEntries(
      Object.entries(raw)
        .filter(([k]) => !isExampleField(k))
        .map(([k, v]) => [k, Number(v)]),
    );
  }

  /** Drops the run's cached answers of generations `from` to `to` (see RequestCache). */
  async dropCacheGenerations(runId: string, from: number, to: number): Promise<void> {
    const keys = this.keys(runId);
    const doomed: string[] = [];
    for (let g = from; g <= to; g++) doomed.push(keys.cacheGeneration(g));
    for (let i = 0; i < doomed.length; i += 1_000) await this.redis.unlink(...doomed.slice(i, i + 1_000));
  }

  /**
   * Deletes the run's working data (results, cache, the whitelist's entries by client key, the mirror of
   * the foreign-agent register); keeps meta,
   * counters, checkpoint and the whitelist file's bytes for `status` and the audit export.
   */
  async releaseWorkingData(runId: string): Promise<void> {
    const keys = this.keys(runId);
    await this.redis.del(keys.results, keys.checkResults, keys.whitelistEntries, keys.foreignAgentMirror);
    await scanKeys(this.redis, keys.cachePattern, async (found) => {
      await this.redis.unlink(...found);
    });
  }
}
