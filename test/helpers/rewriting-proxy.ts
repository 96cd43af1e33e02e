import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP proxy in front of the emulator that rewrites the JSON answers of chosen paths: the way a
 * test makes the pipeline meet another implementation of the Lookup Service without changing the emulator.
 */
export interface RewritingProxy {
  readonly url: string;
  close(): Promise<void>;
}

/** `rewrite(path, json)` returns the JSON to send instead, or undefined to pass the answer on unchanged. */
export async function startRewritingProxy(
  target: string,
  rewrite: (path: string, json: unknown) => unknown,
): Promise<RewritingProxy> {
  const base = new URL(target);
  const read = (stream: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  const server = createServer((req, res) => {
    (async () => {
      const body = await read(req);
      const upstream = httpRequest(
        {
          host: base.hostname,
          port: base.port,
          method: req.method,
          path: `${base.pathname.replace(/\/$/, '')}${req.url ?? '/'}`,
          headers: { ...req.headers, host: base.host },
        },
        (answer) => {
          read(answer)
            .then((raw) => {
              const path = (req.url ?? '/').split('?')[0] ?? '/';
              let out = raw;
              if ((answer.statusCode ?? 0) < 300) {
                const replaced = rewrite(path, JSON.parse(raw.toString('utf8')) as unknown);
                if (replaced !== undefined) out = Buffer.from(JSON.stringify(replaced), 'utf8');
              }
              const headers = { ...answer.headers, 'content-length': String(out.length) };
              res.writeHead(answer.statusCode ?? 502, headers);
              res.end(out);
            })
            .catch((error: unknown) => res.writeHead(502).end(String(error)));
        },
      );
      upstream.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    })().catch((error: unknown) => res.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
