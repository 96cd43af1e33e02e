import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { startDashboard } from '../../../src/ops/dashboard/server.js';
import type { Listening } from '../../../src/ops/listen.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';

const TOKEN = 'dashboard-test-token-7f3a';
let redis: Redis;
let prefix: string;
let open: Listening;

beforeAll(async () => {
  redis = connect();
  prefix = uniquePrefix();
  open = await startDashboard({ redis, prefix, port: 0, host: '0.0.0.0', token: TOKEN });
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
