import type { IngestItem } from '../ingest/index.js';

/** Resolves when notified; lets the reader wait for the writer to make room without polling. */
export class Signal {
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

/**
 * What the reader and the writer of one run share to stop together: the first error of either wins and
 * stops the other, and so does the run's abort signal.
 */
export class RunControl {
  // Boxed so that whatever was thrown, even a falsy value, still stops the run and is rethrown.
  private failure: { error: unknown } | undefined;
  /** Notified when the writer made room, and when the run fails (so a waiting reader looks again). */
  readonly room = new Signal();

  constructor(private readonly signal?: AbortSignal) {}

  /** True once either side failed or the run was asked to stop: both sides return at their next look. */
  get stopping(): boolean {
    return this.failure !== undefined || this.signal?.aborted === true;
  }

  get aborted(): boolean {
    return this.signal?.aborted === true;
  }

  fail(error: unknown): void {
    this.failure ??= { error };
    this.room.notify();
  }

  /** Runs one side of the run; what it throws stops the other side. */
  async side(work: () => Promise<void>): Promise<void> {
    await work().catch((error: unknown) => this.fail(error));
  }

  /** Rethrows the first failure, if any. */
  throwFailure(): void {
    if (this.failure) throw this.failure.error;
  }
}

/** The rows between read and written: the reader adds them, the writer removes them once on disk. */
export class RowWindow {
  readonly pending = new Map<number, IngestItem>();
  /** The last row read so far. */
  lastRead: number;
  /** The reader read the whole file and dispatched every row. */
  readerDone = false;

  constructor(firstRow: number) {
    this.lastRead = firstRow - 1;
  }
}
