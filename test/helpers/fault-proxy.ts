import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy answers instead of the upstream; `drop` resets the connection without an answer. */
export type InjectedAnswer =
  | {
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string;
    }
  | { readonly drop: true }
  /** Holds the request this long, then forwards it (a service that stalls past the client's timeout). */
  | { readonly stallMs: number };

/**
 * An HTTP proxy in front of the emulator that forwards every request as it came (method, path, key, body)
 * unless `inject` answers it: the tool for a key revoked mid-run, a Retry-After of a day, a service that
 * goes away. It counts what reached the upstream and what it answered itself.
 */
export interface FaultProxy {
  readonly url: string;
  /** Requests seen, forwarded or not, in order (1 is the first). */
  readonly seen: () => number;
  /** Every request answered so far, in the order the answers left, with what was answered. */
  readonly answered: () => readonly ProxyAnswer[];
  readonly forwarded: () => number;
  readonly injected: () => number;
  /** Replaces the rule; `undefined` from it forwards the request. */
  setInject(inject: Inject | undefined): void;
  close(): Promise<void>;
}

/** One answer of the proxy: `injected` when the rule answered (a 200 with a broken body included). */
export interface ProxyAnswer {
  readonly url: string;
  readonly status: number | 'drop';
  readonly injected: boolean;
  /** When the answer left (Date.now()). */
  readonly at: number;
}

export type Inject = (request: {
  readonly method: string;
  readonly url: string;
  readonly n: number;
}) => InjectedAnswer | undefined;

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function faultProxy(upstream: string, initial?: Inject): Promise<FaultProxy> {
  let inject = initial;
  let seen = 0;
  let forwarded = 0;
  let injected = 0;
  const answers: ProxyAnswer[] = [];
  const note = (url: string, status: number | 'drop', byRule: boolean) =>
    answers.push({ url, status, injected: byRule, at: Date.now() });
  const server: Server = createServer((request, response) => {
    void (async () => {
      const n = ++seen;
      const method = request.method ?? 'GET';
      const url = request.url ?? '/';
      const body = await bodyOf(request);
      const answer = inject?.({ method, url, n });
      if (answer && 'stallMs' in answer) await new Promise((r) => setTimeout(r, answer.stallMs));
      else if (answer) {
        injected++;
        if ('drop' in answer) {
          note(url, 'drop', true);
          request.socket.destroy();
          return;
        }
        note(url, answer.status, true);
        response
          .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
          .end(answer.body ?? '{"error":{"code":"INJECTED"}}');
        return;
      }
      forwarded++;
      const reply = await fetch(upstream + url, {
        method,
        headers: {
          'x-api-key': String(request.headers['x-api-key'] ?? ''),
          ...(request.headers['content-type'] ? { 'content-type': request.headers['content-type'] } : {}),
        },
        ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
      });
      const headers: Record<string, string> = { 'content-type': reply.headers.get('content-type') ?? '' };
      const retryAfter = reply.headers.get('retry-after');
      if (retryAfter) headers['retry-after'] = retryAfter;
      const replyBody = Buffer.from(await reply.arrayBuffer());
      note(url, reply.status, false);
      response.writeHead(reply.status, headers).end(replyBody);
    })().catch((error: unknown) => response.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: () => seen,
    answered: () => answers,
    forwarded: () => forwarded,
    injected: () => injected,
    setInject: (next) => {
      inject = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
