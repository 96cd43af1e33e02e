import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import {
  expectErrorBody,
  sha256Hex,
  startServe,
  stopServe,
  type ServeProcess,
} from '../../helpers/serve-process.js';

/** What a token holder can make `serve` hold or compute with one request. */

const TOKEN = 'limits-Token-4Jq8Zr2Lm6Xv0Pc3Nw5Ty7Hb9Kd1Fs';
const auth = { authorization: `Bearer ${TOKEN}` };
let serve: ServeProcess;

beforeAll(async () => {
  serve = await startServe(['--state-dir', mkdtempSync(join(tmpdir(), 'kyc-api-limits-'))], {
    REDIS_URL: redisUrl(),
    KYC_PREFIX: uniquePrefix(),
    KYC_API_TOKENS: `alice:${sha256Hex(TOKEN)}`,
  });
}, 60_000);
afterAll(async () => {
  await stopServe(serve.child);
});

const screen = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  fetch(`${serve.base}/v1/screen?wait=0`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  });

describe('the JSON body of POST /v1/screen', () => {
  it('is refused with 413 past its limit, declared or streamed, before it is parsed', async () => {
    // Declared: the headers alone are refused; the client never sends the 120 KB it announced. (A client
    // still sending when the server closes may see a reset instead of the 413: that race is TCP's, so the
    // requests here never send more than the server reads.)
    const declared = await post({ 'content-type': 'application/json', 'content-length': '120000' }, []);
    expectRefused(declared);
    // Chunked: no Content-Length to go by, refused once the bytes pass the limit.
    const chunk = Buffer.from('я'.repeat(16 * 1024));
    const streamed = await post({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, [
      Buffer.from('{"full_name":"'),
      chunk,
      chunk,
      chunk,
    ]);
    expectRefused(streamed);
    // Whatever it claims to be.
    expectRefused(await post({ 'content-type': 'text/plain', 'content-length': '120000' }, []));
  });

  it('within the limit, a too long field is a 400 naming the field, not an internal error', async () => {
    const response = await screen(JSON.stringify({ full_name: 'я'.repeat(20_000) }));
    const body = (await response.clone().json()) as { message: string };
    await expectErrorBody(response, 400, 'KYC_ERR_API_REQUEST');
    expect(body.message).toContain('full_name');
  });
});

/**
 * A POST to /v1/screen that sends `chunks` and then waits for the answer without ending the body, as a
 * client streaming a large body would when the server answers early.
 */
function post(
  headers: Record<string, string>,
  chunks: readonly Buffer[],
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(serve.base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, path: '/v1/screen?wait=0', method: 'POST', headers: { ...auth, ...headers } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    for (const chunk of chunks) req.write(chunk);
  });
}

function expectRefused(answer: { status: number; body: string }): void {
  expect(answer.status, answer.body).toBe(413);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 'KYC_ERR_API_TOO_LARGE' });
}

/** A request with the Host given (fetch sets its own). */
function send(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(serve.base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Host and Origin the API answers', () => {
  it('answers a rebound name nothing, even with a valid token (421 KYC_ERR_API_HOST)', async () => {
    for (const path of ['/v1/runs', '/v1/openapi.json']) {
      const rebound = await send(path, { ...auth, host: 'evil.example' });
      expect(rebound.status, path).toBe(421);
      expect(JSON.parse(rebound.body)).toMatchObject({ code: 'KYC_ERR_API_HOST' });
      expect((await send(path, { ...auth, host: `localhost:${new URL(serve.base).port}` })).status).toBe(200);
    }
  });

  it('refuses a browser request from another origin that changes something (403 KYC_ERR_API_ORIGIN)', async () => {
    const host = new URL(serve.base).host;
    const cross = await send('/v1/screen', { ...auth, host, origin: 'https://evil.example' }, 'POST');
    expect(cross.status).toBe(403);
    expect(JSON.parse(cross.body)).toMatchObject({ code: 'KYC_ERR_API_ORIGIN' });
  });

  it('sends a CSP without framing, nosniff and no referrer', async () => {
    const { headers } = await send('/v1/runs', { ...auth, host: new URL(serve.base).host });
    expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(headers['content-security-policy'])).toContain("default-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });
});
