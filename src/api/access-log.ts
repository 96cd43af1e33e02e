import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../log.js';
import { routeTemplate } from './route-template.js';

/**
 * One info line per request, answered or refused (401s, downloads and deletions included): method, route
 * template, status, the token's name, bytes in and out, and how long it took. Never the token, the path of
 * a run, a query or a body: nothing of a client.
 */
export function accessLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    let bytesIn = 0;
    const body = c.req.raw.body;
    if (body)
      c.req.raw = new Request(c.req.raw, {
        body: body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              bytesIn += chunk.byteLength;
              controller.enqueue(chunk);
            },
          }),
        ),
        duplex: 'half',
      });
    try {
      await next();
    } finally {
      const submitter: unknown = c.get('submitter');
      const length = c.res.headers.get('content-length');
      log.info(
        {
          method: c.req.method,
          route: routeTemplate(matchedRoutes(c)),
          status: c.res.status,
          token: typeof submitter === 'string' ? submitter : null,
          bytesIn,
          bytesOut: length === null ? null : Number(length),
          ms: Math.round(performance.now() - started),
          requestId: c.get('requestId'),
        },
        'request',
      );
    }
  };
}
