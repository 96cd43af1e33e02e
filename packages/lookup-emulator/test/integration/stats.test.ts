import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type EmulatorHandle } from '../../src/server.js';
import type { EmulatorStats } from '../../src/stats.js';
import { call } from './helpers.js';

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await createEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
});

describe('stats endpoints', () => {
  it('count requests by spec route and status; need no key; are not counted themselves', async () => {
    await call(emulator.url, '/__emulator/reset', { method: 'POST', key: null });
    await call(emulator.url, '/reg2/dictionary/Banks');
    await call(emulator.url, '/reg2/dictionary/genders');
    await call(emulator.url, '/reg2/dictionary/nothing');
    await call(emulator.url, '/reg2/client/debt', { params: { inn: '772345678901' } });
    await call(emulator.url, '/reg2/client/debt', { params: { inn: '772345678901' }, key: null });
    await call(emulator.url, '/no/such/path');

    const answer = await call(emulator.url, '/__emulator/stats', { key: null });
    expect(answer.status).toBe(200);
    const stats = answer.json as EmulatorStats;
    expect(stats.total).toBe(6);
    expect(stats.byRoute).toEqual({
      '/reg2/dictionary/{name} 200': 2,
      '/reg2/dictionary/{name} 404': 1,
      '/reg2/client/debt 200': 1,
      '/reg2/client/debt 401': 1,
      '(unknown) 404': 1,
    });
    expect(Date.parse(stats.startedAt)).not.toBeNaN();
    expect(emulator.stats()).toEqual(stats);
  });

  it('reset over HTTP and through the handle; health answers', async () => {
    await call(emulator.url, '/reg2/dictionary');
    expect(emulator.stats().total).toBeGreaterThan(0);
    const reset = await call(emulator.url, '/__emulator/reset', { method: 'POST', key: null });
    expect(reset.json).toEqual({ success: true });
    expect(emulator.stats()).toMatchObject({ total: 0, byRoute: {} });
    await call(emulator.url, '/reg2/dictionary');
    emulator.resetStats();
    expect(emulator.stats().total).toBe(0);
    const health = await call(emulator.url, '/__emulator/health', { key: null });
    expect(health.json).toMatchObject({ status: 'ok', seed: 42 });
  });
});
