import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KycError } from '../errors.js';

export interface Listening {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** An HTTP server on host:port (0 = any free port), or KYC_ERR_LISTEN when the address is taken. */
export async function listen(handler: RequestListener, port: number, host: string): Promise<Listening> {
  const server: Server = createServer(handler);
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
