import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { verifySignature } from '../../../src/notify/webhook-signature.js';
import { freePort } from '../../../src/infra/free-port.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { faultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { sha256Hex } from '../../helpers/serve-process.js';
import { until as untilWith } from '../../helpers/until.js';

/**
 * Webhooks of API runs, end to end: `kyc-screen serve` as a process against the emulator (behind a proxy
 * that can refuse the key), a receiver for the run's callback_url and one for the server's own URL. Each
 * receiver answers 500 to the first delivery of a notice and 200 to the next.
 */

const TOKEN = 'api-hooks-token-7d2f';
const SECRET = 'whsec-api-test-41c9';
const PATH_TOKEN = 'rcv-T0K3N-in-path';
const ROWS = 5;

interface Delivery {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly answered: number;
  readonly receivedAt: number;
}

interface Receiver {
  readonly server: Server;
  readonly origin: string;
  readonly deliveries: Delivery[];
}

async function startReceiver(): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const id = request.headers['x-kyc-delivery'];
      const answered = deliveries.some((d) => d.headers['x-kyc-delivery'] === id) ? 200 : 500;
      deliveries.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered,
        receivedAt: Math.floor(Date.now() / 1000),
      });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, deliveries };
}

const PUBLIC_URL = 'https://kyc.bank.example/screening';

let emulator: EmulatorHandle;
let proxy: FaultProxy;
let callback: Receiver;
let global: Receiver;
let serve: ChildProcess;
let base: string;
let metricsUrl: string;
let stderr: () => string;
const auth = { authorization: `Bearer ${TOKEN}` };

/** Polls until `probe` has an answer; on timeout the message carries the log. */
const until = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>) =>
  untilWith(what, probe, { timeoutMs: 60_000, context: () => stderr() });

beforeAll(async () => {
  emulator = await createEmulator({ keys: [DEMO_API_KEY] });
  proxy = await faultProxy(emulator.url);
  callback = await startReceiver();
  global = await startReceiver();
  const port = await freePort();
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const stateDir = mkdtempSync(join(tmpdir(), 'kyc-hooks-'));
  serve = cli(
    ['serve', '--port', String(port), '--metrics-port', String(metricsPort), '--state-dir', stateDir],
    {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      KYC_RATE: '100',
      KYC_API_URL: proxy.url,
      KYC_API_KEY: DEMO_API_KEY,
      KYC_API_TOKENS: `alice:${sha256Hex(TOKEN)}`,
      KYC_API_WEBHOOK_URL: `${global.origin}/server-hook`,
      KYC_API_WEBHOOK_SECRET: SECRET,
      KYC_API_WEBHOOK_BACKOFF_MS: '200',
      // Where clients reach the API (a proxy's name): the links of every webhook are absolute under it.
      KYC_API_PUBLIC_URL: PUBLIC_URL,
      // The callback receiver is on loopback: allowed by the operator, as an on-prem receiver would be.
      KYC_API_WEBHOOK_ALLOW: new URL(callback.origin).host,
    },
  );
  stderr = stderrOf(serve);
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (serve.exitCode !== null) throw new Error(`serve exited ${serve.exitCode}: ${stderr()}`);
    if (Date.now() > deadline) throw new Error(`serve did not answer: ${stderr()}`);
    const up = await fetch(`${base}/v1/openapi.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 60_000);

afterAll(async () => {
  serve.kill('SIGTERM');
  expect(await exited(serve)).toBe(0);
  for (const { server } of [callback, global]) await new Promise<void>((r) => server.close(() => r()));
  await proxy.close();
  await emulator.close();
});

interface RunBody {
  status: string;
  error: string | null;
  webhooks: {
    event: string;
    receiver: string;
    attempt: number;
    http_status: number | null;
    outcome: string;
    retrying: boolean;
  }[];
}

const slice = sampleSlice(ROWS);

const getRun = async (id: string) =>
  (await (await fetch(`${base}/v1/runs/${id}`, { headers: auth })).json()) as RunBody;

async function submit(callbackUrl: string): Promise<string> {
  const response = await fetch(`${base}/v1/runs?callback_url=${encodeURIComponent(callbackUrl)}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: readFileSync(slice),
  });
  expect(response.status).toBe(202);
  const { id, status_url: statusUrl } = (await response.json()) as { id: string; status_url: string };
  // The answer's links too are under KYC_API_PUBLIC_URL, not the address the request was made to.
  expect(statusUrl).toBe(`${PUBLIC_URL}/v1/runs/${id}`);
  expect(response.headers.get('location')).toBe(statusUrl);
  return id;
}

/** The two deliveries of the run's event to a receiver, once the second (the retry) has arrived. */
const deliveriesOf = (receiver: Receiver, runId: string) =>
  until(`two deliveries of ${runId} to ${receiver.origin}`, () => {
    const mine = receiver.deliveries.filter(
      (d) => (JSON.parse(d.body) as { run_id: string }).run_id === runId,
    );
    return mine.length >= 2 ? mine : undefined;
  });

function expectSigned(delivery: Delivery, event: string): Record<string, unknown> {
  const signature = String(delivery.headers['x-kyc-signature']);
  expect(verifySignature(SECRET, signature, delivery.body, { nowSeconds: delivery.receivedAt })).toBe(true);
  expect(
    verifySignature('another-secret', signature, delivery.body, { nowSeconds: delivery.receivedAt }),
  ).toBe(false);
  // The timestamp is signed with the body: a replay an hour later is refused.
  expect(verifySignature(SECRET, signature, delivery.body, { nowSeconds: delivery.receivedAt + 3600 })).toBe(
    false,
  );
  expect(delivery.headers['x-kyc-event']).toBe(event);
  return JSON.parse(delivery.body) as Record<string, unknown>;
}

describe('webhooks of API runs', () => {
  it('refuses a callback_url that is not an absolute http(s) URL (400), keeping no run', async () => {
    for (const bad of ['ftp://example.org/x', 'javascript:alert(1)', '/relative/path', 'http://']) {
      const response = await fetch(`${base}/v1/runs?callback_url=${encodeURIComponent(bad)}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: readFileSync(slice),
      });
      const body = (await response.json()) as { code: string; message: string };
      expect(response.status, bad).toBe(400);
      expect(body.code).toBe('KYC_ERR_API_CALLBACK_URL');
      expect(body.message).not.toContain(bad);
    }
    const list = (await (await fetch(`${base}/v1/runs`, { headers: auth })).json()) as { total: number };
    expect(list.total).toBe(0);
  });

  it('tells the callback and the server URL of a completed run, retrying a 500, and logs each attempt', async () => {
    const runId = await submit(`${callback.origin}/hooks/${PATH_TOKEN}?key=${PATH_TOKEN}`);
    for (const receiver of [callback, global]) {
      const [first, second] = await deliveriesOf(receiver, runId);
      if (!first || !second) throw new Error('two deliveries expected');
      expect([first.answered, second.answered]).toEqual([500, 200]);
      expect(first.headers['x-kyc-delivery']).toBe(second.headers['x-kyc-delivery']);
      const body = expectSigned(second, 'run.completed');
      expectSigned(first, 'run.completed');
      expect(body).toMatchObject({
        event: 'run.completed',
        run_id: runId,
        status: 'done',
        rows: ROWS,
        error_code: null,
        status_url: `${PUBLIC_URL}/v1/runs/${runId}`,
        verdicts_url: `${PUBLIC_URL}/v1/runs/${runId}/verdicts.csv`,
        manifest_url: `${PUBLIC_URL}/v1/runs/${runId}/manifest.json`,
      });
      const verdicts = Object.values(body.verdicts as Record<string, number>);
      expect(verdicts.reduce((a, b) => a + b, 0)).toBe(ROWS);
    }
    expect(callback.deliveries.every((d) => d.path === `/hooks/${PATH_TOKEN}?key=${PATH_TOKEN}`)).toBe(true);
    expect(global.deliveries.every((d) => d.path === '/server-hook')).toBe(true);

    const run = await until('both attempts of both receivers in the run', async () => {
      const body = await getRun(runId);
      return body.webhooks.length >= 4 ? body : undefined;
    });
    expect(run.status).toBe('done');
    for (const origin of [callback.origin, global.origin]) {
      expect(run.webhooks.filter((w) => w.receiver === origin)).toMatchObject([
        { event: 'run.completed', attempt: 1, http_status: 500, outcome: 'failed', retrying: true },
        { event: 'run.completed', attempt: 2, http_status: 200, outcome: 'delivered', retrying: false },
      ]);
    }
    // Only the origin: neither the run nor the list shows the callback's path or query.
    const listed = await (await fetch(`${base}/v1/runs`, { headers: auth })).text();
    expect(JSON.stringify(run) + listed).not.toContain(PATH_TOKEN);
  }, 120_000);

  it('tells a failed run (the upstream refuses the key at preflight) with its error code', async () => {
    proxy.setInject(() => ({ status: 401, body: '{"error":"invalid api key"}' }));
    const runId = await submit(`${callback.origin}/hooks/${PATH_TOKEN}`);
    for (const receiver of [callback, global]) {
      const [first, second] = await deliveriesOf(receiver, runId);
      if (!first || !second) throw new Error('two deliveries expected');
      expect([first.answered, second.answered]).toEqual([500, 200]);
      expect(expectSigned(second, 'run.failed')).toMatchObject({
        event: 'run.failed',
        run_id: runId,
        status: 'failed',
        error_code: 'KYC_ERR_UPSTREAM_AUTH',
        status_url: `${PUBLIC_URL}/v1/runs/${runId}`,
        verdicts_url: null,
      });
    }
    const run = await until('the attempts in the failed run', async () => {
      const body = await getRun(runId);
      return body.webhooks.length >= 4 ? body : undefined;
    });
    expect(run.status).toBe('failed');
    expect(run.webhooks.filter((w) => w.receiver === callback.origin)).toMatchObject([
      { event: 'run.failed', attempt: 1, http_status: 500, outcome: 'failed' },
      { event: 'run.failed', attempt: 2, http_status: 200, outcome: 'delivered' },
    ]);
  }, 120_000);

  it('counts requests by route template and status, upload bytes and webhook attempts in /metrics', async () => {
    expect((await fetch(`${base}/v1/nothing`, { headers: auth })).status).toBe(404);
    const text = await (await fetch(metricsUrl)).text();
    /** The value of the one sample of `name` with these labels (in any order), or undefined. */
    const sample = (name: string, labels: Record<string, string>) => {
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
        );
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
    };
    const requests = (method: string, route: string, status: number) =>
      sample('kyc_api_requests_total', { method, route, status: String(status) });
    expect(requests('POST', '/v1/runs', 202)).toBe(2);
    expect(requests('POST', '/v1/runs', 400)).toBe(4);
    expect(requests('GET', '/v1/runs/{id}', 200)).toBeGreaterThanOrEqual(2);
    expect(requests('GET', 'unmatched', 404)).toBe(1);
    // Route templates only: no run id is ever a label.
    expect(text).not.toMatch(/r\d{8}_\d{6}_/u);
    expect(sample('kyc_api_upload_bytes_total', { route: '/v1/runs' })).toBeGreaterThanOrEqual(
      2 * readFileSync(slice).length,
    );
    const attempts = (event: string, outcome: string) =>
      sample('kyc_api_webhook_deliveries_total', { event, outcome });
    expect(attempts('run.completed', 'failed')).toBe(2);
    expect(attempts('run.completed', 'delivered')).toBe(2);
    expect(attempts('run.failed', 'failed')).toBe(2);
    expect(attempts('run.failed', 'delivered')).toBe(2);
    // The hosted workers' own metrics are served beside them.
    expect(text).toContain('kyc_check_duration_seconds');
  });
});
