import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listening } from '../../../src/infra/listen.js';

/**
 * The embedded desk's engine blocks the event loop of `serve` while it starts (seconds on a busy machine).
 * A browser or an API client reusing a kept-alive connection during that stall must get its answer: with
 * node's default 5 s keep-alive, the expired idle timer closed the connection with the request unread,
 * and the client saw ECONNRESET.
 */
const CLIENT = `
const base = process.argv[1];
await (await fetch(base + '/first')).text();
const stalled = fetch(base + '/stall').then((r) => r.text());
await new Promise((r) => setTimeout(r, 2500));
try {
  console.log(await (await fetch(base + '/again')).text());
} catch (error) {
  console.log('failed: ' + (error.cause?.code ?? error.message));
}
await stalled;
`;

let server: Listening | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function runClient(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT, url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out.trim()));
  });
}

describe('an HTTP server of the product', () => {
  it('answers a request on a kept-alive connection that arrived while its event loop was stalled', async () => {
    server = await listen(
      (req, res) => {
        if (req.url === '/stall') {
          // What a WebAssembly engine's start does to the process: nothing else runs meanwhile.
          const until = Date.now() + 6500;
          while (Date.now() < until);
        }
        res.end(req.url === '/again' ? 'answered' : 'ok');
      },
      0,
      '127.0.0.1',
    );
    expect(await runClient(server.url)).toBe('answered');
  }, 30_000);
});
