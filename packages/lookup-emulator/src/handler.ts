/**
 * One request through the emulator, in the documented order: key check, rate limit, injected faults,
 * then the route. The `/__emulator/*` endpoints bypass all four and are not counted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ForeignAgentRecord, SanctionsRecord } from '@kyc-screen/lookup-contract';
import { addedForeignAgents, addedSanctions } from './added-records.js';
import type { KeyRing } from './api-key.js';
import type { ErrorDialect } from './error-dialects.js';
import type { FaultInjector } from './faults.js';
import type { TokenBuckets } from './rate-limiter.js';
import { parseQuery } from './request.js';
import { ApiError, badRequest, errorReply, jsonReply, notFound, type Reply } from './respond.js';
import type { Resolved, Router } from './router.js';
import { MAX_BODY_BYTES } from './routes/cadastral.js';
import { CLIENT_CLOSED, type StatsCounter } from './stats.js';

export const ADMIN_PREFIX = '/__emulator/';
/** Stats name of requests to paths the service does not have. */
export const UNKNOWN_ROUTE = '(unknown)';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface HandlerParts {
  /** The routes served now: records added at run time (added-records.ts) replace them. */
  readonly router: () => Router;
  /** Lists foreign-agent records from now on; returns the register's size. */
  readonly addForeignAgents: (records: readonly ForeignAgentRecord[]) => number;
  readonly addSanctions: (records: readonly SanctionsRecord[]) => number;
  readonly keys: KeyRing;
  readonly buckets: TokenBuckets;
  readonly faults: FaultInjector;
  readonly stats: StatsCounter;
  readonly seed: number;
  /** How failures look on the wire (the variant's dialect). */
  readonly errors: ErrorDialect;
  /** Which occurrence of a repeated query parameter counts. */
  readonly repeatedParameter: 'first' | 'last';
  /** Status of a known path asked with a method it does not serve. */
  readonly wrongMethodStatus: 404 | 405;
  /** Responses held back by latency or a stall; cleared by close() so tests end promptly. */
  readonly pending: Set<NodeJS.Timeout>;
}

function send(res: ServerResponse, reply: Reply): void {
  const body = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, {
    'content-type': reply.contentType ?? JSON_TYPE,
    'content-length': String(body.length),
    ...reply.headers,
  });
  res.end(body);
}

/** A proper prefix of a JSON object or array is never valid JSON: the body of the malformed fault. */
function truncated(reply: Reply): Reply {
  return { status: 200, body: reply.body.slice(0, Math.max(1, Math.floor(reply.body.length / 2))) };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(badRequest(`The request body exceeds ${MAX_BODY_BYTES} bytes`));
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

type Deliver = (res: ServerResponse, route: string, reply: Reply, delayMs: number) => void;

/** Sends now or after `delayMs`; a client that leaves meanwhile is counted as 499 and gets nothing. */
function deliverer({ stats, pending }: Pick<HandlerParts, 'stats' | 'pending'>): Deliver {
  return (res, route, reply, delayMs) => {
    if (delayMs <= 0) {
      send(res, reply);
      stats.record(route, reply.status);
      return;
    }
    const onClose = () => {
      clearTimeout(timer);
      pending.delete(timer);
      stats.record(route, CLIENT_CLOSED);
    };
    const timer = setTimeout(() => {
      pending.delete(timer);
      res.off('close', onClose);
      if (res.destroyed) {
        stats.record(route, CLIENT_CLOSED);
        return;
      }
      send(res, reply);
      stats.record(route, reply.status);
    }, delayMs);
    pending.add(timer);
    res.once('close', onClose);
  };
}

/** The route's answer, or the dialect's error shape for what it threw. */
function runRoute(
  parts: HandlerParts,
  resolved: Resolved,
  method: string,
  queryString: string,
  body: string,
): Reply {
  try {
    const query = parseQuery(queryString, parts.repeatedParameter);
    return resolved.route.handle({ query, param: resolved.param, body }, method);
  } catch (error) {
    if (error instanceof ApiError) return parts.errors.reply(error);
    // A bug in the emulator: still the dialect's error shape, so clients exercise their 5xx path.
    const message = error instanceof Error ? error.message : String(error);
    return parts.errors.reply(new ApiError(500, 'UNAVAILABLE', `Internal emulator error: ${message}`));
  }
}

/** `POST /__emulator/foreign-agents`: the body's records are listed from now on. */
function addRecords(parts: HandlerParts, req: IncomingMessage, res: ServerResponse): void {
  readBody(req)
    .then((body) => {
      const size = parts.addForeignAgents(addedForeignAgents(body));
      send(res, jsonReply({ success: true, foreign_agents: size }));
    })
    .catch((error: unknown) => {
      if (res.destroyed) return;
      send(res, errorReply(error instanceof ApiError ? error : badRequest('The body could not be read')));
    });
}

/** `POST /__emulator/sanctions`: the body's records are listed (or an entry's edit served) from now on. */
function addSanctionRecords(parts: HandlerParts, req: IncomingMessage, res: ServerResponse): void {
  readBody(req)
    .then((body) => {
      const size = parts.addSanctions(addedSanctions(body));
      send(res, jsonReply({ success: true, sanctions: size }));
    })
    .catch((error: unknown) => {
      if (res.destroyed) return;
      send(res, errorReply(error instanceof ApiError ? error : badRequest('The body could not be read')));
    });
}

/** `/__emulator/…`: statistics, their reset, health, records listed. No key, no rate limit, no faults. */
function admin(parts: HandlerParts, req: IncomingMessage, res: ServerResponse, path: string): void {
  const { stats } = parts;
  const action = `${req.method ?? ''} ${path.slice(ADMIN_PREFIX.length)}`;
  if (action === 'GET stats') send(res, jsonReply(stats.snapshot()));
  else if (action === 'POST foreign-agents') addRecords(parts, req, res);
  else if (action === 'POST sanctions') addSanctionRecords(parts, req, res);
  else if (action === 'POST reset') {
    stats.reset();
    send(res, jsonReply({ success: true }));
  } else if (action === 'GET health') send(res, jsonReply({ status: 'ok', seed: parts.seed }));
  else send(res, errorReply(notFound(`No emulator endpoint ${action}`)));
}

export function createRequestHandler(
  parts: HandlerParts,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { keys, buckets, faults, errors } = parts;
  const deliver = deliverer(parts);
  const run = (resolved: Resolved, method: string, queryString: string, body: string) =>
    runRoute(parts, resolved, method, queryString, body);

  return (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path.startsWith(ADMIN_PREFIX)) {
      admin(parts, req, res, path);
      return;
    }
    const method = req.method ?? 'GET';
    const resolved = parts.router().resolve(path);
    const route = resolved?.route.name ?? UNKNOWN_ROUTE;
    const latency = faults.latency();

    const key = keys.keyOf(req.headers);
    if (key === undefined) {
      deliver(res, route, errors.unauthorized(), latency);
      return;
    }
    const retryAfter = buckets.take(key);
    if (retryAfter > 0) {
      deliver(res, route, errors.rateLimited(retryAfter), latency);
      return;
    }
    const fault = faults.decide();
    if (fault.unavailable) {
      deliver(res, route, errors.unavailable(), latency);
      return;
    }
    const delay = latency + fault.stallMs;
    const finish = (reply: Reply) => deliver(res, route, fault.malformed ? truncated(reply) : reply, delay);

    if (resolved === undefined) {
      finish(errors.reply(notFound(`No operation ${method} ${path}`)));
      return;
    }
    if (!resolved.route.methods.some((m) => m === method)) {
      finish(
        parts.wrongMethodStatus === 405
          ? errors.wrongMethod(method, path, resolved.route.methods)
          : errors.reply(notFound(`No operation ${method} ${path}`)),
      );
      return;
    }
    const queryString = q < 0 ? '' : url.slice(q + 1);
    if (!resolved.route.readsBody(method)) {
      finish(run(resolved, method, queryString, ''));
      return;
    }
    readBody(req).then(
      (body) => finish(run(resolved, method, queryString, body)),
      (error: unknown) => {
        if (res.destroyed) return;
        finish(
          errors.reply(error instanceof ApiError ? error : badRequest('The request body could not be read')),
        );
      },
    );
  };
}
