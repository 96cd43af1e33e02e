/**
 * How failures look on the wire. The contract shows no status, body or code of a failed request, so the
 * default emulator's one JSON shape (respond.ts) is a guess; the strict variant answers with the shapes
 * other gateways and frameworks use, so that a client can only rely on the status class.
 */
import { ApiError, errorReply, type Reply } from './respond.js';

export interface ErrorDialect {
  /** A failure raised by a route or the request reader (400, 404, 500). */
  reply(error: ApiError): Reply;
  /** No key, or a key that is not accepted. */
  unauthorized(): Reply;
  /** Token bucket empty; `seconds` is the wait until a token is back (whole seconds, at least 1). */
  rateLimited(seconds: number, now?: number): Reply;
  /** The injected 503. */
  unavailable(): Reply;
  /** A known path asked with a method it does not serve. */
  wrongMethod(method: string, path: string, allowed: readonly string[]): Reply;
}

export const DEFAULT_ERRORS: ErrorDialect = {
  reply: errorReply,
  unauthorized: () => errorReply(new ApiError(401, 'UNAUTHORIZED', 'A valid X-Api-Key header is required')),
  rateLimited: (seconds) =>
    errorReply(
      new ApiError(429, 'RATE_LIMITED', `Rate limit exceeded, retry in ${seconds} s`, {
        'retry-after': String(seconds),
      }),
    ),
  unavailable: () => errorReply(new ApiError(503, 'UNAVAILABLE', 'The service is temporarily unavailable')),
  wrongMethod: (method, path) => errorReply(new ApiError(404, 'NOT_FOUND', `No operation ${method} ${path}`)),
};

const JSON_TYPE = 'application/json';

function detail(status: number, text: string, headers?: Readonly<Record<string, string>>): Reply {
  return {
    status,
    body: JSON.stringify({ status: 'error', detail: text }),
    contentType: JSON_TYPE,
    ...(headers ? { headers } : {}),
  };
}

/** An HTTP-date (IMF-fixdate) at least `seconds` from now, rounded up to the next whole second. */
export function retryAfterDate(seconds: number, now: number = Date.now()): string {
  return new Date(Math.ceil((now + seconds * 1000) / 1000) * 1000).toUTCString();
}

const GATEWAY_503 =
  '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n' +
  '<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n';

/**
 * The strict variant: 403 with `{"status":"error","detail":…}` for a missing or wrong key; 422 with a
 * framework's validation list for bad parameters; a plain-text 429 whose `Retry-After` is an HTTP-date; a
 * gateway's HTML page for 503; 405 with `Allow` for a wrong method; `{"status":"error","detail":…}` else.
 */
export const STRICT_ERRORS: ErrorDialect = {
  reply(error) {
    if (error.status === 400) {
      return {
        status: 422,
        body: JSON.stringify({ detail: [{ loc: ['query'], msg: error.message, type: 'value_error' }] }),
        contentType: JSON_TYPE,
      };
    }
    if (error.status === 404) return detail(404, 'Not Found');
    return detail(error.status, 'Internal Server Error');
  },
  unauthorized: () => detail(403, 'Invalid or missing API key'),
  rateLimited: (seconds, now) => ({
    status: 429,
    body: 'Too Many Requests',
    contentType: 'text/plain; charset=utf-8',
    headers: { 'retry-after': retryAfterDate(seconds, now) },
  }),
  unavailable: () => ({ status: 503, body: GATEWAY_503, contentType: 'text/html' }),
  wrongMethod: (_method, _path, allowed) => detail(405, 'Method Not Allowed', { allow: allowed.join(', ') }),
};
