import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A rate-limiting gateway in front of a Lookup Service, written apart from the emulator's own limiter: one
 * token bucket per API key of `burst` tokens, refilled at `rate` per second, judged when a request's headers
 * arrive. A request without a token gets 429 with a whole-second `Retry-After` (at least 1), as gateways
 * send it. `burst: 1` is nginx's `limit_req` without `burst`: two calls closer than 1/rate apart, by however
 * little, and the second is refused.
 */
export interface StrictBucket {
  readonly url: string;
  /** Requests that reached the gateway, answered 429 by it, and forwarded to the service. */
  counts(): { readonly total: number; readonly limited: number; readonly forwarded: number };
  /** Every request in the order it arrived: when (performance.now()), what, and the status it got (0: none yet). */
  arrivals(): readonly GatewayArrival[];
  close(): Promise<void>;
}

export interface GatewayArrival {
  readonly at: number;
  /** Path and query, as the request line gave them. */
  readonly url: string;
  status: number;
}

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Token buckets per key on this process's monotonic clock: 0 when admitted, else Retry-After seconds. */
function buckets(rate: number, burst: number): (key: string) => number {
  const state = new Map<string, { tokens: number; at: number }>();
  return (key) => {
    const now = performance.now();
    const bucket = state.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    state.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
  };
}

export async function strictBucket(
  upstream: string,
  options: { readonly rate: number; readonly burst: number },
): Promise<StrictBucket> {
  const take = buckets(options.rate, options.burst);
  let total = 0;
  let limited = 0;
  let forwarded = 0;
  const arrivals: GatewayArrival[] = [];
  const server: Server = createServer((request, response) => {
    total++;
    const arrival: GatewayArrival = { at: performance.now(), url: request.url ?? '/', status: 0 };
    arrivals.push(arrival);
    const key = String(request.headers['x-api-key'] ?? '');
    const retryAfter = take(key);
    if (retryAfter > 0) {
      limited++;
      arrival.status = 429;
      request.resume();
      response
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) })
        .end('{"error":{"code":"RATE_LIMITED","message":"too many requests"}}');
      return;
    }
    forwarded++;
    void (async () => {
      const method = request.method ?? 'GET';
      const body = await bodyOf(request);
      const reply = await fetch(upstream + (request.url ?? '/'), {
        method,
        headers: {
          'x-api-key': key,
          ...(request.headers['content-type'] ? { 'content-type': request.headers['content-type'] } : {}),
        },
        ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
      });
      const headers: Record<string, string> = { 'content-type': reply.headers.get('content-type') ?? '' };
      arrival.status = reply.status;
      response.writeHead(reply.status, headers).end(Buffer.from(await reply.arrayBuffer()));
    })().catch((error: unknown) => response.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: () => ({ total, limited, forwarded }),
    arrivals: () => arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
