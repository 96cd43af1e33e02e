import { Cluster, Redis } from 'ioredis';
import { KycError } from '../errors.js';
import { maskUrlCredentials } from '../url-mask.js';

/**
 * REDIS_URL in its three forms: one server (`redis://`, `rediss://`), a Redis Cluster
 * (`redis+cluster://[user:pass@]host:port,host:port`, any reachable nodes; the rest are discovered) and
 * Sentinel (`redis+sentinel://[user:pass@]host:port,host:port?name=mymaster`, the master found through the
 * sentinels). The pipeline's keys all share one hash tag (`{kyc}`), so on a cluster they live in one slot,
 * as BullMQ's multi-key scripts and the pipeline's own Lua scripts require.
 */
export type RedisTarget =
  | { readonly kind: 'single'; readonly url: string }
  | {
      readonly kind: 'cluster' | 'sentinel';
      readonly nodes: readonly { readonly host: string; readonly port: number }[];
      readonly username?: string;
      readonly password?: string;
      readonly tls: boolean;
      /** Sentinel: the monitored master's name. */
      readonly name?: string;
    };

export function parseRedisTarget(url: string): RedisTarget {
  const match = /^(rediss?)\+(cluster|sentinel):\/\/(?:([^@/?#\s]*)@)?([^/?#\s]+)[^?#]*(\?[^#]*)?$/.exec(url);
  if (!match) return { kind: 'single', url };
  const [, scheme, kind, userinfo, hosts, query] = match;
  const nodes = (hosts ?? '').split(',').map((hostPort) => {
    const colon = hostPort.lastIndexOf(':');
    const host = colon > 0 ? hostPort.slice(0, colon) : hostPort;
    const port = colon > 0 ? Number(hostPort.slice(colon + 1)) : kind === 'sentinel' ? 26379 : 6379;
    return { host: host.replace(/^\[|\]$/g, ''), port };
  });
  const [user, ...rest] = (userinfo ?? '').split(':');
  const password = rest.length > 0 ? decodeURIComponent(rest.join(':')) : undefined;
  const name = new URLSearchParams(query ?? '').get('name') ?? undefined;
  return {
    kind: kind === 'cluster' ? 'cluster' : 'sentinel',
    nodes,
    ...(user ? { username: decodeURIComponent(user) } : {}),
    ...(password !== undefined ? { password } : {}),
    tls: scheme === 'rediss',
    ...(name ? { name } : {}),
  };
}

/**
 * How long a command waits for a Redis that does not answer: by default for ever (the queues cannot go
 * on without theirs); a cache's connection gives up, and its caller reads that as a miss.
 */
export interface RedisPatience {
  readonly maxRetriesPerRequest?: number | null;
  readonly commandTimeout?: number;
}

/**
 * A connection for BullMQ and the pipeline (unlimited retries per request, as BullMQ's workers require).
 * A cluster connection is ioredis's `Cluster`, which has the command interface of `Redis` that the pipeline
 * uses (keyed commands, MULTI and pipelines within one slot, EVALSHA, `duplicate()` for BullMQ); the one
 * keyless command whose answer differs, SCAN, goes through `scanKeys`.
 */
export function connectRedis(url: string, patience: RedisPatience = {}): Redis {
  const target = parseRedisTarget(url);
  // Inferred, not typed RedisOptions: with exactOptionalPropertyTypes, ioredis's RedisOptions does not fit
  // its own constructors (replyMapping).
  const base = {
    maxRetriesPerRequest: patience.maxRetriesPerRequest ?? null,
    lazyConnect: false,
    ...(patience.commandTimeout === undefined ? {} : { commandTimeout: patience.commandTimeout }),
  };
  if (target.kind === 'single') return new Redis(url, base);
  const auth = {
    ...(target.username ? { username: target.username } : {}),
    ...(target.password !== undefined ? { password: target.password } : {}),
    ...(target.tls ? { tls: {} } : {}),
  };
  if (target.kind === 'sentinel') {
    return new Redis({
      ...base,
      ...auth,
      sentinels: target.nodes.map((n) => ({ host: n.host, port: n.port })),
      name: target.name ?? 'mymaster',
    });
  }
  const cluster = new Cluster(
    target.nodes.map((n) => ({ host: n.host, port: n.port })),
    { redisOptions: { ...base, ...auth }, enableReadyCheck: true },
  );
  return cluster as unknown as Redis;
}

/** Keys matching a pattern: on a cluster, from every master (SCAN sees one node's keys only). */
export async function scanKeys(redis: Redis, pattern: string, onBatch: (keys: string[]) => Promise<void>) {
  const nodes: Redis[] =
    (redis as unknown) instanceof Cluster ? (redis as unknown as Cluster).nodes('master') : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, found] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (found.length > 0) await onBatch(found);
    } while (cursor !== '0');
  }
}

/** How long a command waits for the first answer of its Redis before it gives up (exit 6). */
export const REDIS_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Waits for the first answer of a fresh connection, or throws KYC_ERR_REDIS_CONNECT naming the URL without
 * its credentials. With unlimited retries per request (BullMQ's requirement) a command on an unreachable
 * Redis would otherwise wait forever, and ioredis prints a stack trace for every failed attempt when no one
 * listens for its errors. The listener added here stays for the connection's life (errors go to `onError`,
 * default: nowhere), so a command prints one line however long ioredis retries; the watchdog, not the error
 * events, decides when a Redis is gone.
 */
export async function awaitRedis(
  redis: Redis,
  url: string,
  onError: (error: Error) => void = () => undefined,
  timeoutMs: number = REDIS_CONNECT_TIMEOUT_MS,
): Promise<void> {
  let lastError: string | undefined;
  redis.on('error', (error: Error) => {
    lastError = error.message;
    onError(error);
  });
  let timer: NodeJS.Timeout | undefined;
  // true: it answered; an Error: it refused (a wrong password, a loading replica); undefined: no answer.
  const outcome = await Promise.race([
    redis.ping().then(
      () => true as const,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    ),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
  if (outcome === true) return;
  const shown = maskUrlCredentials(url);
  const message = outcome
    ? `${shown} refused: ${maskUrlCredentials(outcome.message)}`
    : `${shown} did not answer within ${Math.round(timeoutMs / 1000)} s${lastError ? ` (${maskUrlCredentials(lastError)})` : ''}`;
  throw new KycError('KYC_ERR_REDIS_CONNECT', message);
}
