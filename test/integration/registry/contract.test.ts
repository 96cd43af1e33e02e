import { createHash } from 'node:crypto';
import { request as httpRequest } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator } from '../../../packages/lookup-emulator/src/server.js';
import {
  REGISTRY_OPERATIONS,
  RegistryClient,
  RegistryError,
  isRetryable,
  type RegistryClientOptions,
} from '../../../src/upstream/client/index.js';

/**
 * The client against the emulator over HTTP: every operation on its happy path, and every error kind of
 * the taxonomy provoked for real. The API key must never surface in an error.
 */

type Emulator = Awaited<ReturnType<typeof createEmulator>>;

const WRONG_KEY = '11111111-2222-4333-8444-555555555555';

const opened: { close(): Promise<void> }[] = [];

/** An emulator and a client on it, both closed after the test (or the file). */
async function start(
  emulatorOptions: Parameters<typeof createEmulator>[0] = {},
  clientOptions: Partial<RegistryClientOptions> = {},
): Promise<{ emulator: Emulator; client: RegistryClient }> {
  const emulator = await createEmulator({ port: 0, ...emulatorOptions });
  const client = new RegistryClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, ...clientOptions });
  opened.push(client, emulator);
  return { emulator, client };
}

async function closeAll(): Promise<void> {
  while (opened.length > 0) await opened.pop()?.close();
}

async function failure(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('expected a RegistryError');
}

function expectNoKey(error: RegistryError, ...keys: string[]): void {
  for (const key of [DEMO_API_KEY, ...keys]) {
    expect(String(error)).not.toContain(key);
    expect(error.message).not.toContain(key);
    expect(JSON.stringify(error)).not.toContain(key);
    expect(error.request).not.toContain(key);
  }
}

describe('every operation, happy path', () => {
  let emulator: Emulator;
  let client: RegistryClient;

  beforeAll(async () => {
    ({ emulator, client } = await start());
  });

  afterAll(closeAll);

  it('dictionary.list: the 42 dictionaries', async () => {
    const { data, record } = await client.listDictionaries();
    expect(data).toHaveLength(42);
    expect(data.map((d) => d.name)).toEqual(expect.arrayContaining(['Banks', 'Regions', 'regions']));
    expect(record).toMatchObject({ operation: REGISTRY_OPERATIONS.dictionaryList, params: {}, status: 200 });
  });

  it('record.digest is the sha256 of the exact body the service sent', async () => {
    const { record } = await client.listDictionaries();
    const raw = await httpRequest(`${emulator.url}/reg2/dictionary`, {
      headers: { 'x-api-key': DEMO_API_KEY },
    });
    const body = Buffer.from(await raw.body.arrayBuffer());
    expect(record.digest).toBe(createHash('sha256').update(body).digest('hex'));
  });

  it('dictionary.values: one Banks page', async () => {
    const { data, record } = await client.dictionaryValues('Banks', { limit: 10, offset: 5 });
    expect(data).toMatchObject({ name: 'Banks', limit: 10, offset: 5 });
    expect(data.items).toHaveLength(10);
    expect(data.items[0]?.bik).toMatch(/^\d{9}$/);
    expect(record).toMatchObject({
      operation: 'dictionary.values',
      params: { name: 'Banks', limit: '10', offset: '5' },
      status: 200,
    });
  });

  it('dictionary.values: search with Cyrillic', async () => {
    const { data } = await client.dictionaryValues('Banks', { search: 'Сбербанк' });
    expect(data.total).toBeGreaterThan(0);
  });

  it('dictionary iteration over all pages of Banks', async () => {
    const { data: first } = await client.dictionaryValues('Banks', { limit: 1 });
    const biks: string[] = [];
    for await (const bank of client.iterateDictionary('Banks', { pageSize: 7 })) biks.push(bank.bik);
    expect(first.total).toBeGreaterThan(7 * 3);
    expect(biks).toHaveLength(first.total);
    expect(new Set(biks).size).toBe(first.total);
  });

  it('dictionary iteration of a dictionary without a published item shape', async () => {
    const items: unknown[] = [];
    for await (const item of client.iterateDictionary('regions', { pageSize: 10 })) items.push(item);
    const { data } = await client.dictionaryValues('regions', { limit: 1 });
    expect(items).toHaveLength(data.total);
  });

  it('search.foreign_agent finds a planted person written with ё by the name written with е', async () => {
    const { data, record } = await client.searchForeignAgents({
      name: 'Ковалев Андрей Сергеевич',
      birth_date: '1975-03-14',
    });
    expect(data.map((r) => r.data.registration_number)).toContain('FA-0001');
    expect(record).toMatchObject({
      operation: 'search.foreign_agent',
      params: { name: 'Ковалев Андрей Сергеевич', birth_date: '1975-03-14' },
      status: 200,
    });
  });

  it('search.foreign_agent finds a planted organization by INN', async () => {
    const { data } = await client.searchForeignAgents({ inn: '7701234560', name: '' });
    const found = data.find((r) => r.data.registration_number === 'FA-0002');
    expect(found?.data.bik).toBe('044525225');
    expect(found?.source).toBe('minjust_foreign_agent');
  });

  it('search.sanctions finds planted records by local name and by Latin name', async () => {
    const local = await client.searchSanctions({ name: 'Щербаков Дмитрий Юрьевич' });
    expect(local.data.map((r) => r.data.name)).toContain('SHCHERBAKOV, Dmitry Yurievich');
    const org = await client.searchSanctions({ name: 'VOSTOK-TREID', entity_type: 'organization' });
    const record = org.data.find((r) => r.data.name === 'VOSTOK-TREID LLC');
    expect(record?.data).toMatchObject({ entity_type: 'organization', edrpou: null, birth_date: null });
  });

  it('search.bankruptcy finds planted entries by INN', async () => {
    const { data, record } = await client.searchBankruptcy('5003344552');
    const entry = data.find((e) => e.guid === '0b7c3d5e-1a2b-4c3d-8e9f-000000000001');
    expect(entry).toMatchObject({ isActive: true, lastLegalCase: { number: 'А41-12345/2024' } });
    expect(record).toMatchObject({ operation: 'search.bankruptcy', params: { search_string: '5003344552' } });
  });

  it('client.debt: a planted debtor, and an INN without a record', async () => {
    const hit = await client.debtorByInn('772345678901');
    expect(hit.data).toMatchObject({ extrajudicialBankruptcy: 'ВБ-2025-000123', message: null });
    const none = await client.debtorByInn('770556677854');
    expect(none.data.message).toBe('Сведения о должнике не найдены');
    expect(none.data.fio).toBe('');
    expect(none.record).toMatchObject({
      operation: 'client.debt',
      params: { inn: '770556677854' },
      status: 200,
    });
  });

  it('validation.email with and without smtp', async () => {
    const plain = await client.validateEmail('user@example.com');
    expect(plain.data.email).toBe('user@example.com');
    const smtp = await client.validateEmail('user@example.com', { smtp: true });
    expect(typeof smtp.data.valid).toBe('boolean');
    expect(smtp.record.params).toEqual({ email: 'user@example.com', smtp: 'true' });
  });

  it('validation.bin: full and masked numbers, masked in evidence', async () => {
    const visa = await client.cardData('4111111111111111');
    expect(visa.data).toMatchObject({ bin: '411111', paymentSystem: 'VISA', card: '411111******1111' });
    expect(visa.record.params).toEqual({ card: '411111******1111' });
    const mir = await client.cardData('220000******0004');
    expect(mir.data).toMatchObject({ bin: '220000', paymentSystem: 'MIR' });
    expect(JSON.stringify([visa, mir])).not.toContain('4111111111111111');
  });

  it('cadastral.report: GET without the owner', async () => {
    const { data, record } = await client.cadastralReport('77:01:0001057:1024');
    expect(data.cadastral_number).toBe('77:01:0001057:1024');
    expect(data.fssp.skipped).toBe(true);
    expect(data.summary.sources.fssp).toBe('skipped');
    expect(record).toMatchObject({
      operation: 'cadastral.report',
      params: { cadastral_number: '77:01:0001057:1024' },
      status: 200,
    });
  });

  it('cadastral.report: POST with the owner runs the bailiff check', async () => {
    const { data, record } = await client.cadastralReport('77:01:0001057:1024', {
      ownerFullName: 'Иванов Иван Иванович',
    });
    expect(data.fssp.skipped).toBe(false);
    expect(data.summary.sources.fssp).not.toBe('skipped');
    expect(record.params).toEqual({
      cadastral_number: '77:01:0001057:1024',
      owner_full_name: 'Иванов Иван Иванович',
    });
  });
});

describe('every error kind', () => {
  afterEach(closeAll);

  it('401 wrong key → auth, not retryable', async () => {
    const { emulator } = await start();
    const client = new RegistryClient({ baseUrl: emulator.url, apiKey: WRONG_KEY });
    opened.push(client);
    const error = await failure(client.searchSanctions({ name: 'Иванов' }));
    expect(error).toMatchObject({
      kind: 'auth',
      status: 401,
      code: 'KYC_ERR_UPSTREAM_AUTH',
      upstreamCode: 'UNAUTHORIZED',
    });
    expect(error.retryAfterMs).toBeUndefined();
    expect(isRetryable(error)).toBe(false);
    expectNoKey(error, WRONG_KEY);
  });

  it('400 a parameter the client allows and the server refuses → bad_request', async () => {
    const { client } = await start();
    // The client checks limit >= 0 (spec 4.2 types it integer); the emulator wants at least 1.
    const error = await failure(client.dictionaryValues('Banks', { limit: 0 }));
    expect(error).toMatchObject({
      kind: 'bad_request',
      status: 400,
      code: 'KYC_ERR_UPSTREAM_BAD_REQUEST',
      upstreamCode: 'BAD_REQUEST',
      request: 'GET /reg2/dictionary/Banks?limit=…',
    });
    expect(isRetryable(error)).toBe(false);
    expectNoKey(error);
  });

  it('400 a missing required parameter, sent raw (the typed methods refuse it first)', async () => {
    const { client } = await start();
    const debt = await failure(client.request({ operation: 'client.debt', path: '/reg2/client/debt' }));
    expect(debt).toMatchObject({ kind: 'bad_request', status: 400, upstreamCode: 'BAD_REQUEST' });
    const search = await failure(
      client.request({ operation: 'search.sanctions', path: '/lists/search/sanctions' }),
    );
    expect(search).toMatchObject({ kind: 'bad_request', status: 400 });
    expectNoKey(debt);
  });

  it('404 unknown dictionary → bad_request', async () => {
    const { client } = await start();
    const error = await failure(client.dictionaryValues('NoSuchDictionary'));
    expect(error).toMatchObject({
      kind: 'bad_request',
      status: 404,
      code: 'KYC_ERR_UPSTREAM_BAD_REQUEST',
      upstreamCode: 'NOT_FOUND',
      operation: 'dictionary.values',
      request: 'GET /reg2/dictionary/NoSuchDictionary',
    });
    expectNoKey(error);
  });

  it('dictionary codes are case-sensitive: "banks" is not "Banks"', async () => {
    const { client } = await start();
    const error = await failure(client.dictionaryValues('banks'));
    expect(error).toMatchObject({ kind: 'bad_request', status: 404 });
  });

  it('429 with Retry-After → rate_limited with retryAfterMs', async () => {
    const { client } = await start({ rate: 1, burst: 1 });
    await client.listDictionaries();
    const error = await failure(client.listDictionaries());
    expect(error).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      code: 'KYC_ERR_UPSTREAM_RATE_LIMITED',
      upstreamCode: 'RATE_LIMITED',
    });
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(1000);
    expect(isRetryable(error)).toBe(true);
    expectNoKey(error);
  });

  it('503 faults → upstream, retryable', async () => {
    const { client } = await start({ faults: { errorRate: 1 } });
    const error = await failure(client.debtorByInn('772345678901'));
    expect(error).toMatchObject({
      kind: 'upstream',
      status: 503,
      code: 'KYC_ERR_UPSTREAM_SERVER',
      upstreamCode: 'UNAVAILABLE',
    });
    expect(error.params).toEqual({ inn: '772345678901' });
    expect(error.toRecord()).toMatchObject({ operation: 'client.debt', status: 503 });
    expect(isRetryable(error)).toBe(true);
    expectNoKey(error);
  });

  it('a stalled answer → timeout with status 0', async () => {
    const { client } = await start({ faults: { stallRate: 1, stallMs: 5_000 } }, { timeoutMs: 200 });
    const started = performance.now();
    const error = await failure(client.searchBankruptcy('5003344552'));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({ kind: 'timeout', status: 0, code: 'KYC_ERR_UPSTREAM_TIMEOUT' });
    expect(error.retryAfterMs).toBeUndefined();
    expect(isRetryable(error)).toBe(true);
    expectNoKey(error);
  });

  it('a malformed body → malformed, retryable', async () => {
    const { client } = await start({ faults: { malformedRate: 1 } });
    const error = await failure(client.searchSanctions({ name: 'Иванов' }));
    expect(error).toMatchObject({ kind: 'malformed', code: 'KYC_ERR_UPSTREAM_MALFORMED' });
    expect(error.status).toBeGreaterThanOrEqual(200);
    expect(error.status).toBeLessThan(300);
    expect(error.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(isRetryable(error)).toBe(true);
    expectNoKey(error);
  });

  it('nobody listening → network with status 0', async () => {
    const emulator = await createEmulator({ port: 0 });
    const url = emulator.url;
    await emulator.close();
    const client = new RegistryClient({ baseUrl: url, apiKey: DEMO_API_KEY, timeoutMs: 2_000 });
    opened.push(client);
    const error = await failure(client.listDictionaries());
    expect(error).toMatchObject({ kind: 'network', status: 0, code: 'KYC_ERR_UPSTREAM_NETWORK' });
    expect(isRetryable(error)).toBe(true);
    expectNoKey(error);
  });

  it('card numbers stay masked in errors', async () => {
    const { client } = await start({ faults: { errorRate: 1 } });
    const error = await failure(client.cardData('5555555555554444'));
    expect(error.params).toEqual({ card: '555555******4444' });
    expect(JSON.stringify(error)).not.toContain('5555555555554444');
    expect(String(error)).not.toContain('5555555555554444');
  });
});
