import { COUNTER, callsCounter } from '../domain/run-counters.js';
import { KycError } from '../errors.js';
import { isRegistryError, type RegistryClient, type RegistryError } from './client/index.js';
import { whenSent } from './sent.js';

/**
 * One cheap authenticated call (the dictionary list) before a run dispatches its first check: a wrong key
 * or a dead URL then costs one call and a clear error instead of every row's attempts and a file of
 * INCOMPLETE rows. Only what says the key or the service is unusable stops the run; any other answer (a
 * 429, a 5xx, an odd body) shows a service that is there, and the checks handle those as they always do.
 */

export interface PreflightOptions {
  /** Calls in all when the service cannot be reached (a blip must not fail a nightly run). */
  readonly attempts?: number;
  /** Pause between those calls. */
  readonly delayMs?: number;
  /** Told of every call made, with its HTTP status or why it got none, so that the run counts it. */
  readonly onCall?: (status: number | string) => void;
  /** Waits for the call's slot of the shared quota, before each call (quotaSlots); absent: no wait. */
  readonly slot?: () => Promise<void>;
  /** Told of every call as it leaves (before its answer): a run that counts it then counts it if killed. */
  readonly onSend?: () => void;
}

/**
 * The run counters of preflight calls (`onCall`'s statuses): the manifest's calls include them. Without
 * `total` only the breakdown by status, for a caller that counted each call as it left (`onSend`).
 */
export function preflightCounts(
  statuses: readonly (number | string)[],
  operation = 'dictionary.list',
  total = true,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of statuses) {
    const field = callsCounter(operation, status);
    counts[field] = (counts[field] ?? 0) + 1;
  }
  return statuses.length > 0 && total ? { ...counts, [COUNTER.calls]: statuses.length } : counts;
}

export interface PreflightResult {
  /** Set when the service answered with something else than a success: worth a log line, not a stop. */
  readonly note?: string;
}

const UNREACHABLE_KINDS: ReadonlySet<RegistryError['kind']> = new Set(['network', 'timeout']);

/** The error a run stops with when the service refused the key (never the key itself). */
export function authRefused(error: RegistryError): KycError {
  return new KycError(
    'KYC_ERR_UPSTREAM_AUTH',
    `HTTP ${error.status} on ${error.request}: check KYC_API_KEY (a key of this service, not expired or revoked)`,
  );
}

/** The error a run stops with when the service cannot be reached. */
export function unreachable(error: RegistryError): KycError {
  return new KycError('KYC_ERR_UPSTREAM_UNREACHABLE', error.detail);
}

/** Whether a failed call says the key is refused or the service is out of reach (circuit breaker input). */
export function isFatalKind(kind: RegistryError['kind']): boolean {
  return kind === 'auth' || UNREACHABLE_KINDS.has(kind);
}

export async function preflight(
  registry: RegistryClient,
  options: PreflightOptions = {},
): Promise<PreflightResult> {
  const attempts = options.attempts ?? 3;
  const delayMs = options.delayMs ?? 1_000;
  for (let attempt = 1; ; attempt++) {
    await options.slot?.();
    // Told only of a call that left (sent.ts): one that found no connection is no call of the service.
    let sent = false;
    const onSent = () => {
      sent = true;
      options.onSend?.();
    };
    try {
      const { record } = await whenSent(onSent, () => registry.listDictionaries());
      options.onCall?.(record.status);
      return {};
    } catch (error) {
      if (!isRegistryError(error)) throw error;
      if (sent) options.onCall?.(error.status || error.kind);
      if (error.kind === 'auth') throw authRefused(error);
      if (!UNREACHABLE_KINDS.has(error.kind)) return { note: error.toString() };
      if (attempt >= attempts) throw unreachable(error);
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}

/**
 * An answer shorter than this is never taken for the service's page size: a register that small (or a
 * service that answers a broad search with a handful of records) says nothing about how answers are cut,
 * and a tiny page size would make every one-record answer look cut.
 */
export const MIN_PAGE_SIZE = 5;

/** What the broad search measured: the page size, or why there is none to learn. */
/** What the broad search taught, and the status it was answered with (the call is counted like any other). */
export type PageSizeMeasure = ({ readonly pageSize: number } | { readonly note: string }) & {
  readonly status: number | string;
};

/**
 * The contract states no page size, and a service that cuts answers at 10 or 50 records says nothing when
 * it does. A broad search (every person on the sanctions list) answers as many records as the service
 * gives at most: an answer shorter than the profile's `resultCap` is that page size (or the whole list,
 * which costs only a few narrowing calls), and every answer of that length may be cut. An answer at the
 * cap leaves the cap as it is; a failed search leaves the page size unknown (the run goes on).
 */
export async function measurePageSize(registry: RegistryClient, resultCap: number): Promise<PageSizeMeasure> {
  try {
    const { data, record } = await registry.searchSanctions({ entity_type: 'person' });
    const status = record.status;
    if (data.length >= resultCap) return { status, note: `a broad search answered ${data.length} records` };
    if (data.length < MIN_PAGE_SIZE)
      return { status, note: `a broad search answered ${data.length} records: too few to tell a page size` };
    return { status, pageSize: data.length };
  } catch (error) {
    if (!isRegistryError(error)) throw error;
    return { status: error.status || error.kind, note: `the broad search failed: ${error.toString()}` };
  }
}
