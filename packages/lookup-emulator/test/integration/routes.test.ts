import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BankruptcyEntry,
  DebtorResult,
  ForeignAgentRecord,
  SanctionsRecord,
} from '@kyc-screen/lookup-contract';
import { DEBTOR_NOT_FOUND_MESSAGE } from '../../src/registers/debtors.js';
import { KNOWN_CADASTRAL } from '../../src/registers/cadastral-objects.js';
import { createEmulator, type EmulatorHandle } from '../../src/server.js';
import { call, errorCode } from './helpers.js';

let emulator: EmulatorHandle;
const get = (path: string, params?: Record<string, string>) => call(emulator.url, path, { params });

beforeAll(async () => {
  emulator = await createEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
});

describe('every operation answers with a valid key', () => {
  it('dictionary list and values', async () => {
    const list = await get('/reg2/dictionary');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect((list.json as unknown[]).length).toBe(42);
    const banks = await get('/reg2/dictionary/Banks', { search: 'сбербанк', limit: '5' });
    expect(banks.json).toMatchObject({ success: true, data: { name: 'Banks', limit: 5, offset: 0 } });
    expect((banks.json as { data: { items: { bik: string }[] } }).data.items[0]?.bik).toBe('044525225');
    const capped = await get('/reg2/dictionary/Banks', { limit: '5000' });
    expect((capped.json as { data: { limit: number } }).data.limit).toBe(1000);
  });

  it('foreign-agent search finds the planted ё record written with е, with empty strings for absent values', async () => {
    const answer = await get('/lists/search/minjust_foreign_agent', { name: 'Ковалев Андрей Сергеевич' });
    expect(answer.status).toBe(200);
    const records = answer.json as ForeignAgentRecord[];
    expect(records).toHaveLength(1);
    expect(records[0]?.data).toMatchObject({
      name: 'Ковалёв Андрей Сергеевич',
      birth_date: '1975-03-14',
      inn: '',
    });
    expect(records[0]?.added_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('sanctions search matches name against name and name_local; absent values are null', async () => {
    const answer = await get('/lists/search/sanctions', { name: 'Щербаков Дмитрий Юрьевич' });
    const records = answer.json as SanctionsRecord[];
    expect(records.map((r) => r.data.name)).toContain('SHCHERBAKOV, Dmitry Yurievich');
    expect(records.find((r) => r.data.name === 'SHCHERBAKOV, Dmitry Yurievich')?.data.edrpou).toBeNull();
    const latin = await get('/lists/search/sanctions', {
      name: 'Tsvetkova Iuliia',
      birth_date: '1988-09-30',
    });
    expect((latin.json as SanctionsRecord[]).map((r) => r.data.name)).toEqual([
      'TSVETKOVA Iuliia Aleksandrovna',
    ]);
  });

  it('bankruptcy search by INN, name and case number', async () => {
    for (const search_string of ['5003344552', 'ООО СтройИнвест', 'А41-12345/2024']) {
      const answer = await get('/lists/search-data/bankruptcy', { search_string });
      expect(
        (answer.json as BankruptcyEntry[]).map((e) => e.guid),
        search_string,
      ).toContain('0b7c3d5e-1a2b-4c3d-8e9f-000000000001');
    }
  });

  it('debtor check: a known debtor, and the documented not-found answer', async () => {
    const known = await get('/reg2/client/debt', { inn: '772345678901' });
    expect(known.json).toMatchObject({
      fio: 'Николаев Артём Дмитриевич',
      extrajudicialBankruptcy: 'ВБ-2025-000123',
      message: null,
    });
    const unknown = await get('/reg2/client/debt', { inn: '770556677854' });
    expect(unknown.status).toBe(200);
    expect(unknown.json as DebtorResult).toEqual({
      snils: '',
      category: '',
      region: '',
      address: '',
      fio: '',
      inn: '',
      extrajudicialBankruptcy: '',
      legalCase: { number: '', managerFio: '', description: '', date: '' },
      message: DEBTOR_NOT_FOUND_MESSAGE,
    });
  });

  it('e-mail validation, with and without smtp', async () => {
    const plain = await get('/reg2/validation/email', { email: 'ivan@yandex.ru' });
    expect(plain.json).toMatchObject({ success: true, data: { valid: true, email: 'ivan@yandex.ru' } });
    expect((plain.json as { data: object }).data).not.toHaveProperty('riskScore');
    const smtp = await get('/reg2/validation/email', { email: 'ivan@yandex.ru', smtp: 'true' });
    expect(smtp.json).toMatchObject({
      data: { mx: { checked: true, valid: true }, recommendation: 'ALLOW' },
    });
  });

  it('card data by full and masked number', async () => {
    expect((await get('/reg2/validation/bin', { card: '2200000000000004' })).json).toMatchObject({
      paymentSystem: 'MIR',
      valid: true,
    });
    expect((await get('/reg2/validation/bin', { card: '4276000000000000' })).json).toMatchObject({
      bank: 'ПАО Сбербанк',
      valid: false,
    });
    expect((await get('/reg2/validation/bin', { card: '220000******0004' })).json).toMatchObject({
      bin: '220000',
      valid: true,
    });
  });

  it('cadastral report: GET skips the bailiff check, POST runs it', async () => {
    const viaGet = await get('/cadastral/full', { cadastral_number: KNOWN_CADASTRAL.withEncumbrances });
    expect(viaGet.json).toMatchObject({
      summary: { has_encumbrances: true, sources: { fssp: 'skipped' } },
      fssp: { skipped: true },
    });
    const viaPost = await call(emulator.url, '/cadastral/full', {
      method: 'POST',
      body: JSON.stringify({
        cadastral_number: KNOWN_CADASTRAL.clean,
        owner_full_name: 'Зуева Татьяна Андреевна',
      }),
    });
    expect(viaPost.json).toMatchObject({
      summary: {
        has_encumbrances: false,
        has_active_fssp: true,
        sources: { nspd: 'checked', rosreestr_sprav: 'checked', fssp: 'checked' },
      },
      fssp: { skipped: false, has_active_proceedings: true, count: 1 },
    });
  });
});

describe('errors: one shape, documented statuses', () => {
  it('401 without a key or with a wrong one', async () => {
    for (const key of [null, 'not-a-key', '11111111-1111-4111-8111-111111111111']) {
      const answer = await call(emulator.url, '/reg2/dictionary', { key });
      expect(answer.status).toBe(401);
      expect(errorCode(answer)).toBe('UNAUTHORIZED');
    }
  });

  it.each([
    ['/lists/search/minjust_foreign_agent', {}],
    ['/lists/search/minjust_foreign_agent', { birth_date: '14.03.1975' }],
    ['/lists/search/sanctions', {}],
    ['/lists/search/sanctions', { birth_date: '1971-02-30' }],
    ['/lists/search-data/bankruptcy', {}],
    ['/reg2/client/debt', {}],
    ['/reg2/client/debt', { inn: '7701234560' }],
    ['/reg2/validation/email', {}],
    ['/reg2/validation/email', { email: 'a@b.ru', smtp: 'maybe' }],
    ['/reg2/validation/bin', { card: 'abc' }],
    ['/reg2/dictionary/Banks', { limit: '-1' }],
    ['/cadastral/full', { cadastral_number: '77-01-0001057-1024' }],
  ] as const)('400 for %s %j', async (path, params) => {
    const answer = await get(path, params);
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe('BAD_REQUEST');
  });

  it('400 for a POST body that is not the documented JSON object', async () => {
    for (const body of [
      'not json',
      '[]',
      '{"owner_full_name":"Иванов Иван"}',
      '{"cadastral_number":"1:2"}',
    ]) {
      const answer = await call(emulator.url, '/cadastral/full', { method: 'POST', body });
      expect(answer.status, body).toBe(400);
      expect(errorCode(answer)).toBe('BAD_REQUEST');
    }
  });

  it('404 for an unknown path, an unknown dictionary and a wrong method', async () => {
    for (const [path, method] of [
      ['/reg2/nothing', 'GET'],
      ['/reg2/dictionary/banks', 'GET'],
      ['/reg2/dictionary', 'POST'],
    ] as const) {
      const answer = await call(emulator.url, path, { method });
      expect(answer.status, path).toBe(404);
      expect(errorCode(answer)).toBe('NOT_FOUND');
    }
  });
});
