import { GaveWay, PacedOut, UpstreamHeld } from './held.js';
import { isRegistryError, isRetryable } from './client/index.js';

/**
 * What a failed upstream call leads to, decided in one place for every caller: the check job (and through
 * it BullMQ's back-off between attempts), the foreign-agent mirror's enumeration and the 429 pause of the
 * shared pacer. Each caller carries the action out its own way (a job goes back to the queue, the mirror
 * sleeps in place), but the waits and which failures are final are the same everywhere.
 *
 * - `pause`: the service answered 429. Nobody calls for `ms` (its Retry-After, capped by the profile's
 *   `maxRetryAfterMs` so that one answer cannot stall every run for a day); the call is asked again without
 *   spending an attempt.
 * - `hold`: no call was made (no slot of the quota within reach, or the circuit breaker holds the calls
 *   while it probes or is open); asked again after `ms` without spending an attempt. `own`: the call gave
 *   its worker up to a lane above, so only its own job waits; otherwise every call waits alike.
 * - `retry`: a failure the same call may not meet again (5xx, timeout, network, an answer it could not
 *   read, a refused key, which the breaker and not one call judges); asked again after the exponential
 *   back-off, spending an attempt, unless this was the last one (`final`).
 * - `fail`: a failure that repeating cannot mend (a request the service refuses as bad, an error of this
 *   program): the call fails for good.
 */
export type UpstreamAction =
  | { readonly kind: 'pause'; readonly ms: number; readonly askedMs: number | undefined }
  | { readonly kind: 'hold'; readonly ms: number; readonly own?: true }
  | { readonly kind: 'retry'; readonly ms: number; readonly final: boolean }
  | { readonly kind: 'fail' };

export interface OutcomeContext {
  /** The attempt that just failed, from 1. */
  readonly attempt: number;
  /** Attempts a call has in all (the run's `attempts`). */
  readonly attempts: number;
  /** Base delay of the exponential back-off (the run's `backoffMs`). */
  readonly backoffMs: number;
  /** The longest Retry-After honoured (the upstream profile's `maxRetryAfterMs`). */
  readonly maxRetryAfterMs: number;
}

/** The wait assumed when a 429 carries no Retry-After (or one the client could not read). */
export const DEFAULT_RETRY_AFTER_MS = 1_000;

/** Share of a back-off delay drawn at random, so that calls failed together do not retry together. */
export const BACKOFF_JITTER = 0.5;

/** The pause a 429 asks for, as honoured: its Retry-After (1 s when it gave none), never above `capMs`. */
export function retryAfterWaitMs(askedMs: number | undefined, capMs: number): number {
  return Math.min(askedMs ?? DEFAULT_RETRY_AFTER_MS, capMs);
}

/**
 * The wait before attempt `attempt + 1`: `baseMs × 2^(attempt−1)`, of which the last half is drawn at
 * random (the same curve BullMQ's `exponential` back-off with jitter 0.5 draws).
 */
export function backoffDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const full = Math.round(2 ** Math.max(0, attempt - 1) * baseMs);
  return Math.floor(full * (1 - BACKOFF_JITTER) + random() * full * BACKOFF_JITTER);
}

/** What to do after a call failed with `error` (see UpstreamAction). */
export function outcomeAction(
  error: unknown,
  context: OutcomeContext,
  random: () => number = Math.random,
): UpstreamAction {
  if (error instanceof GaveWay) return { kind: 'hold', ms: Math.max(1, error.retryInMs), own: true };
  if (error instanceof PacedOut || error instanceof UpstreamHeld)
    return { kind: 'hold', ms: Math.max(1, error.retryInMs) };
  if (!isRegistryError(error)) return { kind: 'fail' };
  if (error.kind === 'rate_limited')
    return {
      kind: 'pause',
      ms: retryAfterWaitMs(error.retryAfterMs, context.maxRetryAfterMs),
      askedMs: error.retryAfterMs,
    };
  // A refused key is tried again: the circuit breaker, counting such failures on every machine, decides
  // that a key is bad, not one call.
  if (!isRetryable(error) && error.kind !== 'auth') return { kind: 'fail' };
  return {
    kind: 'retry',
    ms: backoffDelayMs(context.attempt, context.backoffMs, random),
    final: context.attempt >= context.attempts,
  };
}

/** The name of the back-off check jobs are dispatched with; the checks worker draws it with upstreamBackoff. */
export const UPSTREAM_BACKOFF = 'upstream';

/** A check job's `backoff` option: the policy's back-off from `baseMs`. */
export function checkJobBackoff(baseMs: number): { readonly type: string; readonly delay: number } {
  return { type: UPSTREAM_BACKOFF, delay: baseMs };
}

/**
 * BullMQ's custom back-off strategy (a worker's `settings.backoffStrategy`) for jobs dispatched with
 * checkJobBackoff: the wait between a check job's attempts is the policy's, the same the mirror waits.
 */
export function upstreamBackoff(
  attemptsMade: number,
  type?: string,
  _error?: Error,
  job?: { readonly opts: { readonly backoff?: number | { readonly delay?: number } } },
): number {
  if (type !== UPSTREAM_BACKOFF) throw new Error(`unknown back-off strategy ${String(type)}`);
  const backoff = job?.opts.backoff;
  const base = typeof backoff === 'number' ? backoff : (backoff?.delay ?? 0);
  return backoffDelayMs(attemptsMade, base);
}
