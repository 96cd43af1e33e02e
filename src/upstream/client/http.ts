import { createHash } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { Pool, type Dispatcher } from 'undici';
import { checkBaseUrlParts } from '../../settings/urls.js';
import { tellWritten, writtenListener } from './written.js';

/**
 * The one place that speaks HTTP to the Lookup Service: keep-alive pool, per-request deadline, a bound on
 * requests in flight, the key header, and the digest of what came back. It classifies only what happened
 * on the wire (an answer, a timeout, no connection, a body too large to buffer); what a status or a body
 * means is the client's business.
 *
 * The API key lives in a private field and in the request headers handed to undici, nowhere else: it is
 * not in any return value, error, or message of this module.
 */

export interface HttpTransportOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Deadline of one request, from when it is dispatched (not while it waits for a slot) to its last byte. */
  readonly timeoutMs: number;
  /** Requests in flight at once; the rest wait in order. */
  readonly concurrency: number;
  /** Bodies above this size are cut off and reported as too large rather than buffered. */
  readonly maxBodyBytes?: number;
  /** A dispatcher to use instead of the transport's own pool (a proxy agent, undici's MockAgent in tests). */
  readonly dispatcher?: Dispatcher;
}

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  /** Path relative to the base URL, query string included. */
  readonly path: string;
  readonly json?: unknown;
}

export interface HttpResponse {
  readonly status: number;
  /** Lower-case header names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** sha256 hex of the body bytes as received. */
  readonly digest: string;
  readonly durationMs: number;
}

export type HttpOutcome =
  | { readonly ok: true; readonly response: HttpResponse }
  | {
      readonly ok: false;
      /** `malformed`: an answer arrived but is too large to be one this service gives. */
      readonly kind: 'timeout' | 'network' | 'malformed';
      /** The status when response headers arrived before the failure, else 0. */
      readonly status: number;
      /** Words without values: which deadline elapsed, or the system error code. */
      readonly reason: string;
      readonly durationMs: number;
      readonly cause: unknown;
    };

const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
/** undici's own timeouts, set to the same deadline as a backstop; they count as timeouts like ours. */
const UNDICI_TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`response body exceeds ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

export class HttpTransport {
  readonly #apiKey: string;
  readonly #origin: string;
  readonly #basePath: string;
  readonly #timeoutMs: number;
  readonly #maxBodyBytes: number;
  readonly #dispatcher: Dispatcher;
  /** Only a pool this transport created is closed by it; an injected dispatcher belongs to its owner. */
  readonly #ownsDispatcher: boolean;
  readonly #limit: LimitFunction;

  constructor(options: HttpTransportOptions) {
    checkBaseUrlParts(options.baseUrl);
    const url = new URL(options.baseUrl);
    this.#apiKey = options.apiKey;
    this.#origin = url.origin;
    this.#basePath = url.pathname.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs;
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.#limit = pLimit(options.concurrency);
    this.#ownsDispatcher = options.dispatcher === undefined;
    // Every request tells its caller when it leaves (written.ts): the run counts it then, and only then.
    this.#dispatcher = (
      options.dispatcher ??
      new Pool(this.#origin, {
        // As many sockets as requests may be in flight, kept alive between batches of checks.
        connections: options.concurrency,
        keepAliveTimeout: 30_000,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        connect: { timeout: options.timeoutMs },
      })
    ).compose(tellWritten);
  }

  send(request: HttpRequest): Promise<HttpOutcome> {
    // Carried across the wait for a place in flight, whatever the queue does with the async context.
    const written = writtenListener.getStore();
    return this.#limit(() =>
      written ? writtenListener.run(written, () => this.#dispatch(request)) : this.#dispatch(request),
    );
  }

  /** Waits for requests in flight; requests still queued then fail as network errors (pool closed). */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  async #dispatch(request: HttpRequest): Promise<HttpOutcome> {
    const started = performance.now();
    const signal = AbortSignal.timeout(this.#timeoutMs);
    const headers: Record<string, string> = { 'x-api-key': this.#apiKey, accept: 'application/json' };
    let payload: string | undefined;
    let status = 0;
    if (request.json !== undefined) {
      payload = JSON.stringify(request.json);
      headers['content-type'] = 'application/json';
    }
    try {
      const answer = await this.#dispatcher.request({
        origin: this.#origin,
        path: this.#basePath + request.path,
        method: request.method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        signal,
      });
      status = answer.statusCode;
      const bytes = await this.#readBody(answer.body);
      return {
        ok: true,
        response: {
          status: answer.statusCode,
          headers: flattenHeaders(answer.headers),
          body: bytes.toString('utf8'),
          digest: createHash('sha256').update(bytes).digest('hex'),
          durationMs: performance.now() - started,
        },
      };
    } catch (error) {
      const durationMs = performance.now() - started;
      if (error instanceof BodyTooLargeError) {
        return { ok: false, kind: 'malformed', status, reason: error.message, durationMs, cause: error };
      }
      // A half-received answer is no answer: timeouts and network failures report status 0.
      if (signal.aborted) {
        const reason = `no complete answer within ${this.#timeoutMs} ms`;
        return { ok: false, kind: 'timeout', status: 0, reason, durationMs, cause: error };
      }
      const code = errorCode(error);
      if (code !== undefined && UNDICI_TIMEOUT_CODES.has(code)) {
        return { ok: false, kind: 'timeout', status: 0, reason: code, durationMs, cause: error };
      }
      const reason = code ?? 'connection failed';
      return { ok: false, kind: 'network', status: 0, reason, durationMs, cause: error };
    }
  }

  async #readBody(stream: AsyncIterable<Buffer>): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > this.#maxBodyBytes) throw new BodyTooLargeError(this.#maxBodyBytes);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size);
  }
}

function flattenHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The `code` of a Node system error or an undici error, the one part of it that is safe to repeat. */
function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; depth < 4; depth++) {
    if (typeof current !== 'object' || current === null) return undefined;
    if ('code' in current && typeof current.code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(current.code)) {
      return current.code;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}
