import type { Readable } from 'node:stream';
import type { ParsedRecord } from './csv.js';

/**
 * Pulls records from the parser with `read()`. Records already buffered are returned without a promise
 * hop; only an empty buffer waits for the next 'readable'. The stream's own async iterator wraps every
 * record in a generator step, a cost paid a million times on a large file. Like that iterator, an
 * error wins over records still buffered: the read stops at the first failure.
 */
export class RecordSource {
  private ended = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly stream: Readable) {
    const notify = (): void => {
      const wake = this.wake;
      this.wake = undefined;
      wake?.();
    };
    stream.on('readable', notify);
    stream.on('end', () => {
      this.ended = true;
      notify();
    });
    // Destroyed without an error (the consumer stopped early): nothing more will come.
    stream.on('close', () => {
      this.ended = true;
      notify();
    });
    stream.on('error', (error: unknown) => {
      this.failure ??= { error };
      notify();
    });
  }

  /** The next record, or undefined at the end of the input. */
  next(): ParsedRecord | undefined | Promise<ParsedRecord | undefined> {
    if (this.failure !== undefined) throw this.failure.error;
    const record = this.stream.read() as ParsedRecord | null;
    if (record !== null) return record;
    if (this.ended) return undefined;
    return this.waitForNext();
  }

  private async waitForNext(): Promise<ParsedRecord | undefined> {
    for (;;) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      if (this.failure !== undefined) throw this.failure.error;
      const record = this.stream.read() as ParsedRecord | null;
      if (record !== null) return record;
      if (this.ended) return undefined;
    }
  }
}
