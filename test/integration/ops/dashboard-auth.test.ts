import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { startDashboard } from '../../../src/dashboard/server.js';
import type { Listening } from '../../../src/infra/listen.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { newRunId } from '../../../src/run/state/topology.js';
import { chromiumContext, skipBrowser } from '../../helpers/chromium.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';

const TOKEN = 'dashboard-Test-Token-7f3a9Qw2Er5Ty8Ui1Op4';
let redis: Redis;
let prefix: string;
let open: Listening;

beforeAll(async () => {
  redis = connect();
  prefix = uniquePrefix();
  open = await startDashboard({ redis, prefix, port: 0, host: '0.0.0.0', token: TOKEN, lang: 'en' });
});
afterAll(async () => {
  await open.close();
  await redis.quit();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${open.url}${path}`, { headers, redirect: 'manual' });

describe('dashboard authentication off loopback', () => {
  it('refuses to listen on a non-loopback address without a token', async () => {
    await expect(startDashboard({ redis, prefix, port: 0, host: '0.0.0.0' })).rejects.toMatchObject({
      code: 'KYC_ERR_DASHBOARD_TOKEN',
    });
    const child = cli(['dashboard', '--host', '0.0.0.0', '--port', '0'], { REDIS_URL: redisUrl() });
    const stderr = stderrOf(child);
    expect(await exited(child)).toBe(2);
    expect(stderr()).toContain('KYC_ERR_DASHBOARD_TOKEN');
  });

  it('refuses a blank, short or patterned token from any source, before it listens', async () => {
    await expect(
      startDashboard({ redis, prefix, port: 0, host: '0.0.0.0', token: 'x' }),
    ).rejects.toMatchObject({ code: 'KYC_ERR_DASHBOARD_TOKEN' });
    const dir = mkdtempSync(join(tmpdir(), 'kyc-secret-'));
    writeFileSync(join(dir, 'token'), `${'ab'.repeat(20)}\n`);
    for (const [env, code] of [
      [{ KYC_DASHBOARD_TOKEN: ' ' }, 'KYC_ERR_CONFIG_INVALID'],
      [{ KYC_DASHBOARD_TOKEN: 'a' }, 'KYC_ERR_DASHBOARD_TOKEN'],
      [{ KYC_DASHBOARD_TOKEN_FILE: join(dir, 'token') }, 'KYC_ERR_DASHBOARD_TOKEN'],
    ] as const) {
      const child = cli(['dashboard', '--port', '0'], { REDIS_URL: redisUrl(), ...env });
      const stderr = stderrOf(child);
      expect(await exited(child), JSON.stringify(env)).toBe(2);
      expect(stderr()).toContain(code);
    }
  });

  it('every page and API route needs the token; /healthz does not', async () => {
    for (const path of ['/runs', '/api/runs', '/metrics', '/queues', '/'])
      expect((await get(path)).status, path).toBe(401);
    for (const path of ['/runs', '/api/runs', '/metrics'])
      expect((await get(path, { authorization: 'Bearer wrong-token' })).status, path).toBe(401);
    expect((await get('/runs', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get('/api/runs', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get('/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get('/healthz')).status).toBe(200);
  });

  it('a login link sets a cookie a browser can use, without keeping the token in it or the address', async () => {
    expect((await get('/runs?token=wrong')).status).toBe(401);
    const login = await get(`/runs?token=${TOKEN}`);
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/runs');
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/iu);
    expect(cookie).toMatch(/SameSite=Strict/iu);
    expect(cookie).not.toContain(TOKEN);
    const session = cookie.split(';')[0] ?? '';
    expect((await get('/runs', { cookie: session })).status).toBe(200);
    expect((await get('/queues', { cookie: session })).status).toBe(200);
    expect((await get('/runs', { cookie: 'kyc_dashboard_token=forged' })).status).toBe(401);
  });

  it.skipIf(skipBrowser)(
    "the runs page's refresh goes with the login cookie, and says so when it is refused",
    async () => {
      const store = new RunStore(redis, prefix);
      const id = newRunId();
      await store.create({
        id,
        input: '/data/in/clients.csv',
        inputSha256: '0'.repeat(64),
        inputBytes: 10_000,
        out: '/data/out/verdicts.csv',
        evidence: '/data/out/evidence.jsonl',
        manifest: '/data/out/manifest.json',
        priority: 'normal',
        window: 100,
        checks: ['sanctions'],
        createdAt: new Date().toISOString(),
        config: {},
      });
      await store.update(id, { status: 'running', dispatched: 10, bytesRead: 1_000 });
      await redis.hset(store.keys(id).meta, 'written', 10);
      const context = await chromiumContext({ width: 1400, height: 900 });
      try {
        const page = await context.newPage();
        await page.goto(`${open.url}/runs?token=${TOKEN}`);
        expect(page.url()).not.toContain(TOKEN);
        const row = page.locator(`tr[data-run="${id}"]`);
        expect(await row.innerText()).toContain('10 / ≈100');

        await store.update(id, { status: 'done', totalRows: 100 });
        await redis.hset(store.keys(id).meta, 'written', 100);
        await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('100 / 100');

        // The session ends (cookie gone): the rows stay as they were and the page says since when.
        await context.clearCookies();
        await expect
          .poll(() => page.locator('#updated').innerText(), { timeout: 10_000 })
          .toMatch(/^not updated since \d\d:\d\d:\d\d UTC \(HTTP 401\)$/u);
        expect(await row.innerText()).toContain('100 / 100');
      } finally {
        await context.close();
      }
    },
  );

  it('reads the token from KYC_DASHBOARD_TOKEN_FILE (trimmed) and the API key from KYC_API_KEY_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-secret-'));
    writeFileSync(join(dir, 'token'), `${TOKEN}\n`);
    writeFileSync(join(dir, 'key'), '00000000-0000-4000-8000-000000000000\n');
    const config = loadConfig({
      KYC_DASHBOARD_TOKEN_FILE: join(dir, 'token'),
      KYC_API_KEY_FILE: join(dir, 'key'),
      KYC_API_URL: 'https://lookup.example',
    });
    expect(config.dashboardToken).toBe(TOKEN);
    expect(config.apiKey).toBe('00000000-0000-4000-8000-000000000000');
    expect(() => loadConfig({ KYC_API_KEY: config.apiKey, KYC_API_KEY_FILE: join(dir, 'key') })).toThrow(
      /not both/u,
    );
    expect(() => loadConfig({ KYC_API_KEY_FILE: join(dir, 'missing') })).toThrow(/cannot be read/u);
  });
});
