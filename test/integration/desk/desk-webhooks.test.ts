import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommandDesk, type CommandDesk } from '../../../src/desk/command-desk.js';
import { startDeskWebhookWorker } from '../../../src/desk/desk-webhooks.js';
import type { Person } from '../../../src/desk/desk.js';
import { silentLogger } from '../../../src/log.js';
import { verifySignature } from '../../../src/notify/webhook-signature.js';
import { until } from '../../helpers/until.js';
import { CLIENTS, clientsCsv, startOpsPipeline, type OpsPipeline } from '../ops/helpers.js';

/**
 * The desk's webhook events reach an HTTP receiver: a run that opens alerts sends `alert.opened`, a
 * decision and its approval each send `alert.decided`, every one signed with the API's webhook secret
 * (X-Kyc-Signature over the exact body), named (X-Kyc-Event) and with its own delivery id, and none with
 * a client's data. The desk is the embedded database; the queue is on the test's redis-server.
 */

const SECRET = 'whsec-desk-5a4b3c';
const alice: Person = { name: 'alice', roles: ['analyst'] };
const bob: Person = { name: 'bob', roles: ['approver'] };

interface Delivery {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const deliveries: Delivery[] = [];
const stateDir = mkdtempSync(join(tmpdir(), 'kyc-desk-hooks-'));
const saved = { url: process.env.KYC_API_WEBHOOK_URL, db: process.env.DATABASE_URL };
let receiver: Server;
let pipeline: OpsPipeline;
let commandDesk: CommandDesk | undefined;
let webhooks: { close(): Promise<void> } | undefined;

const ofEvent = (event: string) => deliveries.filter((d) => d.headers['x-kyc-event'] === event);
const bodyOf = (d: Delivery | undefined) => JSON.parse(d?.body ?? '{}') as Record<string, unknown>;

function expectSigned(delivery: Delivery | undefined): void {
  const header = String(delivery?.headers['x-kyc-signature']);
  expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/u);
  expect(verifySignature(SECRET, header, delivery?.body ?? '', { nowSeconds: Date.now() / 1000 })).toBe(true);
  expect(
    verifySignature('another-secret', header, delivery?.body ?? '', { nowSeconds: Date.now() / 1000 }),
  ).toBe(false);
  expect(delivery?.headers['content-type']).toBe('application/json');
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/desk-events`;
  // What `serve` reads: the API's receiver, and the embedded desk of the state directory.
  process.env.KYC_API_WEBHOOK_URL = url;
  process.env.DATABASE_URL = '';
  pipeline = await startOpsPipeline({
    desk: async (redis, prefix) => {
      commandDesk = await openCommandDesk({ stateDir, prefix, redis, log: silentLogger(), required: true });
      return commandDesk?.hooks;
    },
  });
  webhooks = await startDeskWebhookWorker({
    ...{ redis: pipeline.redis, prefix: pipeline.prefix, log: silentLogger() },
    ...{ url, secret: SECRET },
  });
});
afterAll(async () => {
  await webhooks?.close();
  await pipeline?.close();
  await commandDesk?.close();
  await new Promise<void>((r) => receiver.close(() => r()));
  process.env.KYC_API_WEBHOOK_URL = saved.url;
  process.env.DATABASE_URL = saved.db;
  if (saved.url === undefined) delete process.env.KYC_API_WEBHOOK_URL;
  if (saved.db === undefined) delete process.env.DATABASE_URL;
  rmSync(stateDir, { recursive: true, force: true });
});

describe('desk webhooks are delivered to the receiver', () => {
  let alertId = 0;

  it('alert.opened, signed, once a run opens alerts: ids and counts, no client data', async () => {
    const { run } = await pipeline.run(
      clientsCsv([
        ['CL-1', ...CLIENTS.clean1],
        ['CL-2', ...CLIENTS.sanctionsHit],
      ]),
    );
    const opened = await until('alert.opened delivered', () => ofEvent('alert.opened')[0], {
      timeoutMs: 20_000,
    });
    expectSigned(opened);
    expect(opened.headers['x-kyc-delivery']).toBe(`alert.opened_${run.id}`);
    const body = bodyOf(opened);
    const page = await commandDesk?.desk.listAlerts({ runId: run.id });
    const ids = (page?.alerts ?? []).map((a) => a.id).sort((a, b) => a - b);
    expect(ids.length).toBeGreaterThan(0);
    expect(body).toMatchObject({ event: 'alert.opened', run_id: run.id, seen_again: 0, reopened: [] });
    const listed = (body.opened as { id: number; status: string; url: string }[]).map((a) => a.id);
    expect(listed.sort((a, b) => a - b)).toEqual(ids);
    expect(opened.body).not.toMatch(/Щербаков|CL-2|SHCHERBAKOV/iu);
    alertId = ids[0] ?? 0;
  });

  it('alert.decided on a decision and on its approval, each with its own delivery id', async () => {
    const desk = commandDesk;
    if (!desk) throw new Error('no desk');
    const decided = await desk.desk.decide(alertId, alice, {
      decision: 'true_match',
      comment: 'same person',
      recordHash: (await desk.desk.getAlert(alertId))?.recordHash ?? '',
    });
    await desk.onDecided(decided, 'pending');
    const approved = await desk.desk.approve(alertId, bob, { decisionId: decided.id, approve: true });
    await desk.onDecided(approved, 'true_match');
    const events = await until('two alert.decided delivered', () => {
      const found = ofEvent('alert.decided');
      return found.length >= 2 ? found : undefined;
    });
    const byDelivery = new Map(events.map((d) => [String(d.headers['x-kyc-delivery']), d]));
    const step1 = byDelivery.get(`alert.decided_${decided.id}_decided`);
    const step2 = byDelivery.get(`alert.decided_${decided.id}_approved`);
    for (const d of [step1, step2]) expectSigned(d);
    expect(bodyOf(step1)).toMatchObject({
      event: 'alert.decided',
      alert_id: alertId,
      decision: 'true_match',
      step: 'decided',
      status: 'pending',
      decided_by: 'alice',
      approved_by: null,
    });
    expect(bodyOf(step2)).toMatchObject({ step: 'approved', status: 'true_match', approved_by: 'bob' });
    expect(step1?.body).not.toContain('same person');
  });
});
