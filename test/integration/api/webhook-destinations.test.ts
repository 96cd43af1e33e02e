import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDestinationAllowList } from '../../../src/notify/webhook-destination.js';
import { runLinks } from '../../../src/api/run-view.js';
import {
  enqueueRunEvent,
  recordRunWebhook,
  runWebhookAttempts,
  startRunWebhookWorker,
} from '../../../src/notify/run-webhooks.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { newRunId } from '../../../src/run/state/topology.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { sha256Hex, startServe, stopServe, type ServeProcess } from '../../helpers/serve-process.js';
import { until } from '../../helpers/until.js';

/**
 * A token holder's callback_url must not turn the server into a scanner of what only it can reach: the
 * server itself, its Redis, anything on loopback or a private network. Refused when the run is submitted,
 * and again when the webhook is delivered.
 */

const TOKEN = 'dest-Token-9Wq2Er7Ty4Ui1Op6As3Df8Gh5Jk0Lz';
const auth = { authorization: `Bearer ${TOKEN}` };
let serve: ServeProcess;
let receiver: Server;
let receiverPort: number;
let received = 0;
const bodies: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    received++;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  serve = await startServe(['--state-dir', mkdtempSync(join(tmpdir(), 'kyc-api-dest-'))], {
    REDIS_URL: redisUrl(),
    KYC_PREFIX: uniquePrefix(),
    KYC_API_TOKENS: `alice:${sha256Hex(TOKEN)}`,
    KYC_API_WEBHOOK_SECRET: 'whsec-dest-test',
    // The one receiver an operator allowed: only this port of loopback.
    KYC_API_WEBHOOK_ALLOW: `127.0.0.1:${receiverPort}`,
  });
}, 60_000);
afterAll(async () => {
  await stopServe(serve.child);
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('callback_url of a run', () => {
  it('is refused (400, no run kept) when it reaches the server, its Redis, loopback or a private network', async () => {
    const slice = readFileSync(sampleSlice(2));
    const servePort = new URL(serve.base).port;
    const redisPort = new URL(redisUrl()).port || '6379';
    for (const target of [
      `http://127.0.0.1:${redisPort}/`,
      `${serve.base}/v1/runs`,
      `http://localhost:${servePort}/v1/runs`,
      `http://[::1]:${receiverPort}/`,
      `http://0x7f000001:${redisPort}/`,
      `http://2130706433:${servePort}/v1/runs`,
      `http://[::ffff:127.0.0.1]:${redisPort}/`,
      `http://0.0.0.0:${servePort}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://192.168.0.1/',
    ]) {
      const response = await fetch(`${serve.base}/v1/runs?callback_url=${encodeURIComponent(target)}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: slice,
      });
      const body = (await response.json()) as { code: string; message: string };
      expect(response.status, target).toBe(400);
      expect(body.code).toBe('KYC_ERR_API_CALLBACK_URL');
      expect(body.message).not.toContain(new URL(target).host);
    }
    const list = (await (await fetch(`${serve.base}/v1/runs`, { headers: auth })).json()) as {
      total: number;
    };
    expect(list.total).toBe(0);
    expect(received).toBe(0);
  });

  it('is accepted when the operator allowed it, and told of the run with the links it was given', async () => {
    // Asked by another name than the address listened on, with no KYC_API_PUBLIC_URL: the links are
    // under the name the client used, in the answer and in the webhook sent later.
    const origin = serve.base.replace('127.0.0.1', 'localhost');
    const response = await fetch(
      `${origin}/v1/runs?callback_url=${encodeURIComponent(`http://127.0.0.1:${receiverPort}/hook`)}`,
      {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: readFileSync(sampleSlice(2)),
      },
    );
    expect(response.status).toBe(202);
    const { id, status_url: statusUrl } = (await response.json()) as { id: string; status_url: string };
    expect(statusUrl).toBe(`${origin}/v1/runs/${id}`);
    const told = await until(
      'the allowed receiver is told',
      () =>
        bodies.map((body) => JSON.parse(body) as Record<string, unknown>).find((body) => body.run_id === id),
      { timeoutMs: 60_000, context: () => serve.stderr() },
    );
    expect(told).toMatchObject({
      status_url: `${origin}/v1/runs/${id}`,
      verdicts_url: `${origin}/v1/runs/${id}/verdicts.csv`,
      evidence_url: `${origin}/v1/runs/${id}/evidence.jsonl`,
      manifest_url: `${origin}/v1/runs/${id}/manifest.json`,
    });
  }, 90_000);
});

describe('a run webhook at delivery', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  /** A finished run whose callback was recorded when it was allowed, delivered by a worker with `allow`. */
  async function deliver(allow: string) {
    const prefix = uniquePrefix();
    const store = new RunStore(redis, prefix);
    const id = newRunId();
    await store.create({
      id,
      input: '/tmp/in.csv',
      inputSha256: '0'.repeat(64),
      inputBytes: 10,
      out: '/tmp/out.csv',
      evidence: '/tmp/ev.jsonl',
      manifest: '/tmp/m.json',
      priority: 'normal',
      window: 10,
      checks: ['sanctions'],
      createdAt: new Date().toISOString(),
      config: {},
    });
    await store.update(id, { status: 'done' });
    const callbackUrl = `http://localhost:${receiverPort}/hook`;
    await recordRunWebhook(redis, prefix, id, { callbackUrl, server: false, backoffMs: 50 });
    const worker = await startRunWebhookWorker({
      redis,
      prefix,
      log: pino({ level: 'silent' }),
      secret: 's',
      serverUrl: undefined,
      linksOf: runLinks,
      destinations: parseDestinationAllowList(allow),
    });
    try {
      await enqueueRunEvent(redis, prefix, { runId: id, event: 'run.completed' });
      return await until('the attempt in the run', async () => {
        const attempts = await runWebhookAttempts(redis, prefix, id);
        return attempts.length > 0 ? attempts : undefined;
      });
    } finally {
      await worker.close();
    }
  }

  it('is checked again: a receiver no longer allowed is not reached, not retried, and no answer is shown', async () => {
    const before = received;
    const attempts = await deliver('');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toBe(before);
    expect(attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        http_status: null,
        error: 'receiver not allowed',
        outcome: 'failed',
        retrying: false,
      }),
    ]);
  });

  it('reaches a receiver the allow-list names by address, the connection checked as it opens', async () => {
    const before = received;
    const attempts = await deliver(`127.0.0.1:${receiverPort},[::1]:${receiverPort}`);
    expect(attempts[0]).toMatchObject({ http_status: 200, outcome: 'delivered' });
    expect(received).toBe(before + 1);
  });
});
