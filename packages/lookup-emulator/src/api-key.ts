/** The X-Api-Key check: the header must be exactly one of the configured keys. */
import type { IncomingHttpHeaders } from 'node:http';

export class KeyRing {
  private readonly keys: ReadonlySet<string>;

  constructor(keys: readonly string[]) {
    this.keys = new Set(keys);
  }

  /** The accepted key of a request, or undefined. A repeated header is refused rather than guessed at. */
  keyOf(headers: IncomingHttpHeaders): string | undefined {
    const value = headers['x-api-key'];
    return typeof value === 'string' && this.keys.has(value) ? value : undefined;
  }
}
