/** The X-Api-Key check: the header must be exactly one of the configured keys. */
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The key the emulator accepts when it is given none: a UUID like the real service's keys, public on
 * purpose (it is printed by `kyc-screen emulator` and written in the README), so it can never open
 * anything real.
 */
export const DEMO_API_KEY = '00000000-0000-4000-8000-000000000000';

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
