import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, Registry } from 'prom-client';
import type { WebhookAttempt } from '../notify/run-event.js';
import { routeTemplate } from './route-template.js';

/**
 * What only the API process knows, for `serve --metrics-port`: requests by route template and status,
 * bytes received in request bodies, and webhook delivery attempts by outcome.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'kyc_api_requests_total',
    help: 'HTTP API requests answered, by method, route template and HTTP status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly uploadBytes = new Counter({
    name: 'kyc_api_upload_bytes_total',
    help: 'Bytes of request bodies received by the HTTP API (uploads, refused ones included), by route template',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: 'kyc_api_webhook_deliveries_total',
    help: 'Attempts to deliver API run webhooks, by event and outcome (delivered, failed)',
    labelNames: ['event', 'outcome'] as const,
    registers: [this.registry],
  });

  /** Counts every request once answered; request bodies are counted as they are read. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      let bytes = 0;
      const body = c.req.raw.body;
      if (body) {
        const counted = body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              bytes += chunk.byteLength;
              controller.enqueue(chunk);
            },
          }),
        );
        c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' });
      }
      try {
        await next();
      } finally {
        const route = routeTemplate(matchedRoutes(c));
        this.requests.inc({ method: c.req.method, route, status: String(c.res.status) });
        if (bytes > 0) this.uploadBytes.inc({ route }, bytes);
      }
    };
  }

  webhookAttempt(attempt: WebhookAttempt): void {
    this.webhookAttempts.inc({ event: attempt.event, outcome: attempt.outcome });
  }
}
