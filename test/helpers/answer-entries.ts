import type { Redis } from 'ioredis';
import { expect } from 'vitest';
import { requestMac, valueSeal } from '../../src/answers/answer-key.js';
import { answerKeyPattern } from '../../src/answers/answer-store.js';
import { REGISTRY_OPERATIONS, REGISTRY_PATHS } from '../../src/upstream/client/index.js';
import type { ProxyAnswer } from './fault-proxy.js';

/** The operations whose answers a max-age policy keeps, by the path the service serves them on. */
const KEPT_OPERATION_OF_PATH = new Map<string, string>([
  [REGISTRY_PATHS.debtorByInn, REGISTRY_OPERATIONS.debtorByInn],
  [REGISTRY_PATHS.bankruptcySearch, REGISTRY_OPERATIONS.bankruptcySearch],
  [REGISTRY_PATHS.sanctionsSearch, REGISTRY_OPERATIONS.sanctionsSearch],
  [REGISTRY_PATHS.foreignAgentSearch, REGISTRY_OPERATIONS.foreignAgentSearch],
]);

/**
 * The store's name (the HMAC of answer-key.ts) of a request the proxy saw, when it is one of a check the
 * store keeps; undefined for the run's own calls (the dictionary list, the broad search of the page size,
 * the Banks lookups of the evidence), which are never kept.
 */
export function macOfUrl(secret: Buffer, upstream: string, url: string): string | undefined {
  const parsed = new URL(url, 'http://proxy');
  const operation = KEPT_OPERATION_OF_PATH.get(parsed.pathname);
  if (operation === undefined) return undefined;
  const params = Object.fromEntries(parsed.searchParams);
  const names = Object.keys(params);
  if (
    operation === REGISTRY_OPERATIONS.sanctionsSearch &&
    names.length === 1 &&
    params.entity_type === 'person'
  )
    return undefined;
  return requestMac(secret, { upstream, operation, params });
}

/** What the proxy's answers say of each kept request: answered by the service, or failed every time. */
export interface RequestOutcomes {
  /** Requests the service answered (200, or the debtor check's 404 answer) at least once. */
  readonly answered: ReadonlySet<string>;
  /** Requests that never got an answer: a 5xx, a body that was not the answer, every time. */
  readonly failedOnly: ReadonlySet<string>;
  /** Every kept request seen, with when its answer left the proxy (the last one). */
  readonly lastAt: ReadonlyMap<string, number>;
}

export function outcomesOf(
  secret: Buffer,
  upstream: string,
  answers: readonly ProxyAnswer[],
): RequestOutcomes {
  const answered = new Set<string>();
  const seen = new Set<string>();
  const lastAt = new Map<string, number>();
  for (const answer of answers) {
    const mac = macOfUrl(secret, upstream, answer.url);
    if (mac === undefined) continue;
    seen.add(mac);
    lastAt.set(mac, answer.at);
    if (!answer.injected && (answer.status === 200 || answer.status === 404)) answered.add(mac);
  }
  return { answered, failedOnly: new Set([...seen].filter((mac) => !answered.has(mac))), lastAt };
}

/** One entry of the store as read with the deployment's secret. */
export interface SoundEntry {
  readonly fetchedAt: number;
  readonly status: number;
}

/**
 * Every entry of the store under `prefix`, checked as a reader with the secret would check it: sealed under
 * its own key, a whole answer (the data, the HTTP status of an answer, not of a failure), and with an
 * expiry. Fails the test on the first entry that is not; returns them by their request's name.
 */
export async function soundStore(
  redis: Redis,
  prefix: string,
  secret: Buffer,
): Promise<Map<string, SoundEntry>> {
  const entries = new Map<string, SoundEntry>();
  const keys = await redis.keys(answerKeyPattern(prefix));
  for (const key of keys) {
    const mac = key.slice(key.lastIndexOf(':') + 1);
    const value = (await redis.get(key)) ?? '';
    const dot = value.indexOf('.');
    const body = value.slice(dot + 1);
    expect(dot, `entry ${mac} has a seal`).toBeGreaterThan(0);
    expect(value.slice(0, dot), `entry ${mac} is sealed under its key`).toBe(valueSeal(secret, mac, body));
    const stored = JSON.parse(body) as { t: number; a: { d?: unknown; s?: number } };
    expect(stored.a.d, `entry ${mac} holds the answer's data`).toBeDefined();
    expect([200, 404], `entry ${mac} holds an answer, not a failure`).toContain(stored.a.s);
    expect(await redis.pttl(key), `entry ${mac} expires`).toBeGreaterThan(0);
    entries.set(mac, { fetchedAt: stored.t, status: stored.a.s ?? 0 });
  }
  return entries;
}
