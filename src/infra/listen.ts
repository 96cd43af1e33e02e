import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KycError } from '../errors.js';

export interface Listening {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * How long an idle kept-alive connection stays open. Node's 5 s default is shorter than a stall of the
 * process (the embedded desk's engine blocks the event loop while it starts): the expired idle timer then
 * runs before the request waiting on that connection is read, and the client gets a reset instead of an
 * answer. A minute outlasts such a stall, as proxies' own keep-alive settings do.
 */
const KEEP_ALIVE_MS = 65_000;

/** An HTTP server on host:port (0 = any free port), or KYC_ERR_LISTEN when the address is taken. */
export async function listen(handler: RequestListener, port: number, host: string): Promise<Listening> {
  const server: Server = createServer(handler);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Headers of a request must be given longer than an idle connection, or node closes it first.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(new KycError('KYC_ERR_LISTEN', `${host}:${port}: ${error.message}`, { cause: error })),
    );
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${actual}`,
    port: actual,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections of a browser or a scraper would hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
