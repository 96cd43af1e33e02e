import { request } from 'node:http';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDashboard } from '../../../src/dashboard/server.js';
import type { Listening } from '../../../src/infra/listen.js';
import { chromiumContext, skipBrowser } from '../../helpers/chromium.js';
import { connect, uniquePrefix } from '../../helpers/redis.js';

/**
 * DNS rebinding: a page whose name resolves to 127.0.0.1 reaches a dashboard bound there (no token on
 * loopback) as a page of its own origin, with `Host: evil.example`. Only the bound address, loopback names
 * and configured names are answered, and every answer forbids framing and sniffing.
 */

let redis: Redis;
let dashboard: Listening;
let port: number;

beforeAll(async () => {
  redis = connect();
  dashboard = await startDashboard({
    redis,
    prefix: uniquePrefix(),
    port: 0,
    host: '127.0.0.1',
    hosts: ['kyc.example.org'],
    lang: 'en',
  });
  port = Number(new URL(dashboard.url).port);
});
afterAll(async () => {
  await dashboard.close();
  await redis.quit();
});

/** A request with the headers given, Host included (fetch would set its own). */
function send(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the dashboard on loopback without a token', () => {
  it('answers nothing to a Host that is not its address, a loopback name or a configured name', async () => {
    for (const path of ['/api/runs', '/runs', '/queues', '/queues/api/queues', '/metrics']) {
      const rebound = await send(path, { host: 'evil.example' });
      expect(rebound.status, path).toBe(421);
      expect(rebound.body).not.toContain('runs');
      expect((await send(path, { host: `evil.example:${port}` })).status, path).toBe(421);
      expect((await send(path, { host: `127.0.0.1:${port}` })).status, path).toBe(200);
      expect((await send(path, { host: `localhost:${port}` })).status, path).toBe(200);
      expect((await send(path, { host: 'kyc.example.org' })).status, path).toBe(200);
    }
    expect((await send('/api/runs', { host: '10.0.0.5' })).status).toBe(421);
  });

  it('refuses a request that changes something from another origin', async () => {
    const host = `127.0.0.1:${port}`;
    const cross = await send('/queues/api/queues/pause', { host, origin: 'https://evil.example' }, 'PUT');
    expect(cross.status).toBe(403);
    expect((await send('/queues/api/queues/pause', { host, origin: 'null' }, 'PUT')).status).toBe(403);
    const same = await send('/queues/api/queues/pause', { host, origin: `http://${host}` }, 'PUT');
    expect(same.status).not.toBe(403);
    // A GET from another origin reads nothing it could not read anyway (the Host check still applies).
    expect((await send('/api/runs', { host, origin: 'https://evil.example' })).status).toBe(200);
  });

  it('sends a CSP without framing, nosniff and no referrer, on pages and refusals alike', async () => {
    for (const [path, host] of [
      ['/runs', `127.0.0.1:${port}`],
      ['/api/runs', `127.0.0.1:${port}`],
      ['/queues', `127.0.0.1:${port}`],
      ['/runs', 'evil.example'],
    ] as const) {
      const { headers } = await send(path, { host });
      expect(String(headers['content-security-policy']), path).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('no-referrer');
    }
    const runs = await send('/runs', { host: `127.0.0.1:${port}` });
    // The runs page's one inline script is allowed by its hash, nothing else inline.
    expect(String(runs.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[^']+'/u);
    expect(String(runs.headers['content-security-policy'])).not.toContain("unsafe-inline'; script");
  });

  it('lists the queue of the API run webhooks', async () => {
    const { body } = await send('/queues/api/queues', { host: `127.0.0.1:${port}` });
    const names = (JSON.parse(body) as { queues: { name: string }[] }).queues.map((q) => q.name);
    expect(names).toEqual(
      expect.arrayContaining(['runs', 'checks', 'verdicts', 'notifications', 'api-webhooks']),
    );
  });

  it.skipIf(skipBrowser)('still renders the runs page and the queues under its CSP in Chromium', async () => {
    const context = await chromiumContext({ width: 1400, height: 900 });
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/iu.test(message.text()) && /script/iu.test(message.text()))
          violations.push(message.text());
      });
      await page.goto(`${dashboard.url}/runs`);
      // The inline refresh script runs: it rewrites the stamp within a few seconds.
      await expect
        .poll(() => page.locator('#updated').innerText(), { timeout: 10_000 })
        .toMatch(/^updated \d\d:\d\d:\d\d UTC$/u);
      await page.goto(`${dashboard.url}/queues`);
      await expect
        .poll(() => page.locator('body').innerText(), { timeout: 15_000 })
        .toContain('api-webhooks');
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
