import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForeignAgentRecord, SanctionsRecord } from '@kyc-screen/lookup-contract';
import { DEBTOR_NOT_FOUND_MESSAGE } from '../../src/registers/debtors.js';
import { STRICT_DEBTOR_NOT_FOUND_MESSAGE } from '../../src/record-views.js';
import { createEmulator, type EmulatorHandle } from '../../src/server.js';
import { STRICT_RESULT_CAP } from '../../src/variant.js';
import { call } from './helpers.js';

/** The same requests to the default emulator and to the strict variant: every open point answered otherwise. */
let plain: EmulatorHandle;
let strict: EmulatorHandle;

beforeAll(async () => {
  [plain, strict] = await Promise.all([createEmulator(), createEmulator({ variant: 'strict' })]);
});
afterAll(async () => {
  await Promise.all([plain.close(), strict.close()]);
});

const both = (path: string, params?: Record<string, string>, key?: string | null) =>
  Promise.all(
    [plain, strict].map((e) => call(e.url, path, { params, ...(key === undefined ? {} : { key }) })),
  );

const names = (records: unknown): string[] => (records as SanctionsRecord[]).map((r) => r.data.name);

describe('strict variant: name search in the query’s own script, whole words, no phonetic key', () => {
  it('a Cyrillic query does not find the Latin-only record the default finds', async () => {
    const [a, b] = await both('/lists/search/sanctions', { name: 'Цветкова Юлия', birth_date: '1988-09-30' });
    expect(names(a?.json)).toEqual(['TSVETKOVA Iuliia Aleksandrovna']);
    expect(b?.json).toEqual([]);
  });

  it('a Latin query finds its own spelling case-insensitively, but not another transliteration', async () => {
    const [, exact] = await both('/lists/search/sanctions', { name: 'tsvetkova IULIIA' });
    expect(names(exact?.json)).toContain('TSVETKOVA Iuliia Aleksandrovna');
    const [a, b] = await both('/lists/search/sanctions', {
      name: 'Tcvetkova Yuliya',
      birth_date: '1988-09-30',
    });
    expect(names(a?.json)).toEqual(['TSVETKOVA Iuliia Aleksandrovna']);
    expect(b?.json).toEqual([]);
  });

  it('no phonetic key: the masculine form finds the feminine one in the default only', async () => {
    const [a, b] = await both('/lists/search/sanctions', { name: 'TSVETKOV' });
    // The default's key drops vowels, so TSVETKOV and TSVETKOVA share it.
    expect(names(a?.json)).toContain('TSVETKOVA Iuliia Aleksandrovna');
    expect(names(b?.json)).not.toContain('TSVETKOVA Iuliia Aleksandrovna');
  });
});

describe('strict variant: records and answers', () => {
  it(`caps a search at ${STRICT_RESULT_CAP} records, the default at 100`, async () => {
    const [a, b] = await both('/lists/search/sanctions', { entity_type: 'person' });
    expect((a?.json as unknown[]).length).toBe(100);
    expect((b?.json as unknown[]).length).toBe(STRICT_RESULT_CAP);
  });

  it('foreign-agent absent values are null, with extra fields and microsecond timestamps', async () => {
    const [a, b] = await both('/lists/search/minjust_foreign_agent', { inn: '7701234560' });
    const [plainRecord] = a?.json as ForeignAgentRecord[];
    const [strictRecord] = b?.json as Record<string, unknown>[];
    expect(plainRecord?.data.snils).toBe('');
    expect(strictRecord?.data).toMatchObject({ inn: '7701234560', snils: null, birth_date: null });
    expect(strictRecord).toHaveProperty('id');
    expect(strictRecord).toHaveProperty('source_url');
    expect(strictRecord?.added_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(plainRecord?.added_at).toMatch(/\.\d{3}Z$/);
  });

  it('a debtor check without a record: another text, nulls instead of empty strings', async () => {
    const [a, b] = await both('/reg2/client/debt', { inn: '500100732259' });
    expect(a?.json).toMatchObject({ message: DEBTOR_NOT_FOUND_MESSAGE, fio: '', inn: '' });
    expect(b?.json).toMatchObject({
      message: STRICT_DEBTOR_NOT_FOUND_MESSAGE,
      fio: null,
      inn: null,
      legalCase: { number: null },
    });
    expect(STRICT_DEBTOR_NOT_FOUND_MESSAGE).not.toBe(DEBTOR_NOT_FOUND_MESSAGE);
  });

  it('e-mail validation returns the other field set', async () => {
    const [a, b] = await both('/reg2/validation/email', { email: 'ivan@mail.ru' });
    expect(a?.json).toMatchObject({ success: true, data: { format: { valid: true } } });
    expect(b?.json).toMatchObject({
      success: true,
      data: { email: 'ivan@mail.ru', valid: true, mxValid: true, exists: null, recommendation: 'ALLOW' },
      meta: { api_version: expect.any(String) as unknown },
    });
    expect((b?.json as { data: object }).data).not.toHaveProperty('format');
  });

  it('dictionary pages carry an extra envelope field and are clamped at 100', async () => {
    const [a, b] = await both('/reg2/dictionary/Banks', { limit: '5000' });
    expect((a?.json as { data: { limit: number } }).data.limit).toBe(1000);
    expect(b?.json).toMatchObject({ success: true, data: { limit: 100 }, meta: {} });
  });

  it('writes the items of unpublished dictionary shapes otherwise, Banks as published', async () => {
    const [a, b] = await both('/reg2/dictionary/genders');
    expect((a?.json as { data: { items: unknown[] } }).data.items[0]).toEqual({
      code: 'M',
      name: expect.any(String) as unknown,
    });
    expect((b?.json as { data: { items: unknown[] } }).data.items[0]).toEqual({
      id: 'M',
      value: expect.any(String) as unknown,
    });
    const [, banks] = await both('/reg2/dictionary/Banks', { limit: '1' });
    expect((banks?.json as { data: { items: object[] } }).data.items[0]).toHaveProperty('bik');
  });

  it('the last of a repeated parameter counts', async () => {
    const url = (e: EmulatorHandle) =>
      `${e.url}/lists/search/minjust_foreign_agent?inn=7701234560&inn=0000000000`;
    const headers = { 'x-api-key': '00000000-0000-4000-8000-000000000000' };
    const [a, b] = await Promise.all(
      [plain, strict].map(async (e) => (await fetch(url(e), { headers })).json()),
    );
    expect((a as unknown[]).length).toBe(1);
    expect(b).toEqual([]);
  });
});

describe('strict variant: failures', () => {
  it('a wrong key is 403 with {status, detail}; the default says 401 with {success, error}', async () => {
    const [a, b] = await both('/reg2/dictionary', undefined, '11111111-1111-4111-8111-111111111111');
    expect(a?.status).toBe(401);
    expect(a?.json).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    expect(b?.status).toBe(403);
    expect(b?.json).toEqual({ status: 'error', detail: expect.any(String) as unknown });
  });

  it('bad parameters are 422 with a validation list', async () => {
    const [a, b] = await both('/reg2/client/debt', { inn: '123' });
    expect(a?.status).toBe(400);
    expect(b?.status).toBe(422);
    expect(b?.json).toMatchObject({ detail: [{ loc: ['query'], type: 'value_error' }] });
  });

  it('a wrong method is 405 with Allow', async () => {
    const answer = await call(strict.url, '/reg2/client/debt', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });

  it('429 is plain text with Retry-After as an HTTP-date in the future', async () => {
    const limited = await createEmulator({ variant: 'strict', rate: 1, burst: 2 });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await call(limited.url, '/reg2/dictionary'));
      const refused = answers[2];
      expect(refused?.status).toBe(429);
      expect(refused?.headers.get('content-type')).toMatch(/^text\/plain/);
      const retryAfter = refused?.headers.get('retry-after') ?? '';
      expect(retryAfter).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(Date.parse(retryAfter)).toBeGreaterThan(Date.now() - 1000);
    } finally {
      await limited.close();
    }
  });

  it('an injected 503 is a gateway HTML page', async () => {
    const failing = await createEmulator({ variant: 'strict', faults: { errorRate: 1 } });
    try {
      const answer = await call(failing.url, '/reg2/dictionary');
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.json).toBeUndefined();
    } finally {
      await failing.close();
    }
  });
});
