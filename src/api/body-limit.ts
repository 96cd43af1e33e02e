import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { KycError } from '../errors.js';

/**
 * The largest JSON body a route takes. `POST /v1/screen` is one client: eight fields of at most 1,000
 * characters, each of which escaped as `\uXXXX` is still under 6 KB.
 */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

const isJson = (contentType: string | undefined) =>
  /^application\/(?:[\w.+-]*\+)?json\b/iu.test(contentType ?? '');

/**
 * 413 before a JSON body is parsed: a declared Content-Length over the limit is refused unread, a chunked
 * body as soon as it passes the limit. Applies to every JSON body and to the JSON routes whatever their
 * declared type (CSV uploads have their own limit, KYC_API_MAX_UPLOAD_BYTES).
 */
export function jsonBodyLimit(jsonRoutes: readonly string[]): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) => {
      // The rest of the body is not read: the connection is not reused for another request.
      c.header('connection', 'close');
      throw new KycError('KYC_ERR_API_TOO_LARGE', `a JSON body is limited to ${MAX_JSON_BODY_BYTES} bytes`);
    },
  });
  return async (c, next) => {
    if (jsonRoutes.includes(c.req.path) || isJson(c.req.header('content-type'))) return limit(c, next);
    return next();
  };
}
