import type { FlowJob, FlowProducer } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import type { ClientFile, IngestItem } from '../ingest/index.js';
import { planRow, type FlowContext } from './flow-plan.js';
import type { StoredResult } from './job-data.js';
import { HOLD_POLL_MS, STEADY_CHUNK_ROWS, holdDispatch, type LookAheadState } from './look-ahead.js';
import type { RowWindow, RunControl } from './control.js';
import type { RunStore } from './state/run-store.js';
import { QUEUES, jobKey, mergeJobId, servedNotLaterBound, waitingKeys } from './state/topology.js';

/**
 * After each dispatch the reader rests twice as long as the dispatch took, up to MAX_DISPATCH_REST_MS. A large addBulk keeps
 * Redis and this process busy, and a BullMQ worker fills all its concurrency slots one fetch at a time
 * before it starts the first job: without the rest, the checks of a 1,000-row upload waited until the
 * whole window had been queued (seconds of unused quota at the start of every run).
 */
const MAX_DISPATCH_REST_MS = 500;
const DISPATCH_REST_FACTOR = 2;

export interface ReaderDeps {
  readonly redis: Redis;
  readonly flow: FlowProducer;
  readonly store: RunStore;
  readonly prefix: string;
  readonly log: Logger;
  /** The shared quota: while it is booked ahead, the reader holds back rows (src/run/look-ahead.ts). */
  readonly quota?: { bookedAheadMs(): Promise<number> } | undefined;
}

export interface ReaderSetup {
  readonly runId: string;
  readonly file: ClientFile;
  readonly firstRow: number;
  /** Rows at most between read and written. */
  readonly window: number;
  /** Flows per addBulk call once the first chunks are out. */
  readonly chunkSize: number;
  /** How every row is planned (planRow), but for the time of the decision. */
  readonly flowContext: Omit<FlowContext, 'now'>;
}

/** Puts rows into the queues: each as its result at once, or as its flow (src/run/flow-plan.ts). */
export class RowDispatcher {
  constructor(
    private readonly deps: ReaderDeps,
    private readonly setup: ReaderSetup,
  ) {}

  /** A result decided outside a merge, stored as the merge would (the first one stays). */
  async storeDirect(row: number, result: StoredResult): Promise<void> {
    const { redis, store } = this.deps;
    await redis.hsetnx(store.keys(this.setup.runId).results, String(row), JSON.stringify(result));
  }

  /** Rows with a stored result or a live merge job were dispatched before a crash: not again. */
  private async alreadyDispatched(rows: readonly number[]): Promise<Set<number>> {
    const { redis, store, prefix } = this.deps;
    const { runId } = this.setup;
    const results = store.keys(runId).results;
    const pipeline = redis.pipeline();
    for (const row of rows) {
      pipeline.hexists(results, String(row));
      pipeline.exists(jobKey(prefix, QUEUES.verdicts, mergeJobId(runId, row)));
    }
    const replies = (await pipeline.exec()) ?? [];
    const done = new Set<number>();
    rows.forEach((row, i) => {
      if (Number(replies[2 * i]?.[1]) === 1 || Number(replies[2 * i + 1]?.[1]) === 1) done.add(row);
    });
    return done;
  }

  /** Dispatches rows not dispatched yet (with force: all of them, a lost flow again). */
  async dispatch(items: readonly IngestItem[], force = false): Promise<void> {
    const skip = force ? new Set<number>() : await this.alreadyDispatched(items.map((i) => i.row));
    const flows: FlowJob[] = [];
    const context: FlowContext = { ...this.setup.flowContext, now: new Date().toISOString() };
    for (const item of items) {
      if (skip.has(item.row)) continue;
      const plan = planRow(item, context);
      if ('direct' in plan) await this.storeDirect(item.row, plan.direct);
      else flows.push(plan.flow);
    }
    if (flows.length > 0) await this.deps.flow.addBulk(flows);
    const last = items.at(-1);
    if (last) {
      const bytesRead = this.setup.file.bytesRead?.();
      const consumed = this.setup.file.consumed?.();
      await this.deps.store.update(this.setup.runId, {
        dispatched: last.row,
        bytesRead,
        ...(consumed && consumed.rows > 0
          ? { rowsConsumed: consumed.rows, bytesConsumed: consumed.bytes }
          : {}),
      });
    }
  }
}

/**
 * The reading side of a run: reads the client file from the first row after the checkpoint, keeps every
 * row in the window until it is written, and dispatches the rows in chunks as the workers make room.
 */
export class RunReader {
  readonly dispatcher: RowDispatcher;
  private readonly waiting;

  constructor(
    private readonly deps: ReaderDeps,
    private readonly setup: ReaderSetup,
    private readonly rows: RowWindow,
    private readonly control: RunControl,
  ) {
    this.dispatcher = new RowDispatcher(deps, setup);
    this.waiting = waitingKeys(deps.prefix, setup.flowContext.checksQueue);
  }

  private async dispatchAndRest(items: readonly IngestItem[]): Promise<void> {
    const started = performance.now();
    await this.dispatcher.dispatch(items);
    const restMs = Math.min(DISPATCH_REST_FACTOR * (performance.now() - started), MAX_DISPATCH_REST_MS);
    await new Promise((resolve) => setTimeout(resolve, restMs));
  }

  /** What the look-ahead decides on (src/run/look-ahead.ts), read from Redis. */
  private async lookAheadState(): Promise<LookAheadState> {
    const { redis, store, quota } = this.deps;
    const [stored, wait, prioritized, bookedAheadMs] = await Promise.all([
      store.storedResults(this.setup.runId),
      redis.llen(this.waiting.wait),
      // Only checks served before this run's own count: a nightly run's backlog must not hold an upload.
      redis.zcount(
        this.waiting.prioritized,
        '-inf',
        `(${servedNotLaterBound(this.setup.flowContext.priority)}`,
      ),
      quota?.bookedAheadMs() ?? 0,
    ]);
    return {
      unfinishedRows: this.rows.pending.size - stored,
      queuedChecks: wait + prioritized,
      bookedAheadMs,
    };
  }

  /**
   * Waits while the workers have enough to do without more rows; true if it did. The look-ahead only saves
   * work: when it cannot be read (Redis restarting drops a script call in flight), the reader goes on as if
   * nothing held it, and the dispatch itself waits for Redis like every other command.
   */
  private async holdWhileWorkersBusy(): Promise<boolean> {
    let held = false;
    while (!this.control.stopping) {
      const state = await this.lookAheadState().catch((error: unknown) => {
        this.deps.log.debug({ runId: this.setup.runId, err: error }, 'look-ahead not read; dispatching');
        return undefined;
      });
      if (!state || !holdDispatch(state)) return held;
      held = true;
      await this.control.room.wait(HOLD_POLL_MS);
    }
    return held;
  }

  async read(): Promise<void> {
    const { file, firstRow, chunkSize, window } = this.setup;
    const { pending } = this.rows;
    let batch: IngestItem[] = [];
    // Small first chunks put the first checks in the queue within milliseconds (an onboarding upload is
    // waited for); later chunks grow to chunkSize, where addBulk is most efficient.
    let chunkLimit = Math.min(8, chunkSize);
    for await (const item of file.rows) {
      if (this.control.stopping) return;
      if (item.row < firstRow) continue;
      pending.set(item.row, item);
      this.rows.lastRead = item.row;
      batch.push(item);
      if (batch.length >= chunkLimit) {
        await this.dispatchAndRest(batch);
        batch = [];
        // While the workers are ahead, rows go out as they make room, in chunks too small to stall them; a
        // reader that falls behind (no hold) doubles its chunks again, where addBulk is cheapest per row.
        const held = await this.holdWhileWorkersBusy();
        chunkLimit = Math.min(chunkSize, held ? STEADY_CHUNK_ROWS : chunkLimit * 2);
      }
      while (pending.size >= window && !this.control.stopping) {
        if (batch.length > 0) {
          await this.dispatcher.dispatch(batch);
          batch = [];
        }
        await this.control.room.wait(1_000);
      }
    }
    if (batch.length > 0) await this.dispatcher.dispatch(batch);
    await this.deps.store.update(this.setup.runId, { totalRows: this.rows.lastRead });
    this.rows.readerDone = true;
  }
}
