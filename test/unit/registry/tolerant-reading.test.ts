import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RegistryClient,
  RegistryError,
  readErrorBody,
  readUpstreamCode,
} from '../../../src/upstream/client/index.js';
import * as body from './fixtures.js';

/**
 * How the client reads answers of another implementation of the Lookup Service: nulls and missing strings
 * read as '' and reported, unreadable types refused, error bodies of every common shape, a 404 debtor
 * answer. Against undici's MockAgent; no sockets.
 */

const ORIGIN = 'http://registry.test';
const KEY = '6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b';
const INN = '772345678901';

let agent: MockAgent | undefined;
let client: RegistryClient | undefined;

afterEach(async () => {
  await client?.close();
  await agent?.close();
  client = undefined;
  agent = undefined;
});

function answering(status: number, raw: string, contentType = 'application/json'): RegistryClient {
  agent = new MockAgent();
  agent.disableNetConnect();
  agent
    .get(ORIGIN)
    .intercept({ path: () => true, method: () => true })
    .reply(() => ({
      statusCode: status,
      data: raw,
      responseOptions: { headers: { 'content-type': contentType } },
    }))
    .persist();
  client = new RegistryClient({ baseUrl: ORIGIN, apiKey: KEY, dispatcher: agent });
  return client;
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

describe('tolerant reading of register answers', () => {
  it('a contract answer has nothing unrecognised', async () => {
    const answer = await answering(200, JSON.stringify([body.foreignAgent()])).searchForeignAgents({
      name: 'Ковалёв',
    });
    expect(answer.unrecognised).toBeUndefined();
  });

  it('foreign-agent data fields null or missing read as empty strings, each shape reported once', async () => {
    const withNull = body.foreignAgent();
    const records = [1, 2, 3].map(() => {
      const record = body.foreignAgent();
      const data: Record<string, unknown> = { ...record.data, birth_date: null, snils: null };
      delete data.bank_name;
      return { ...record, data };
    });
    const answer = await answering(200, JSON.stringify([withNull, ...records])).searchForeignAgents({
      name: 'Ковалёв',
    });
    expect(answer.data).toHaveLength(4);
    expect(answer.data[1]?.data).toMatchObject({ birth_date: '', snils: '', bank_name: '' });
    expect(answer.data[1]?.data.name).toBe('Ковалёв Андрей Сергеевич');
    expect(answer.unrecognised?.map((u) => u.kind).sort()).toEqual([
      'missing_field [].data.bank_name',
      'null_field [].data.birth_date',
      'null_field [].data.snils',
    ]);
    expect(answer.unrecognised?.[0]).toMatchObject({ operation: 'search.foreign_agent' });
  });

  it('a bankruptcy entry with a null case reads as an empty case; a null isActive is refused', async () => {
    const entry = { ...body.bankruptcy(), lastLegalCase: null, ogrn: null };
    const answer = await answering(200, JSON.stringify([entry])).searchBankruptcy(INN);
    expect(answer.data[0]?.lastLegalCase).toEqual({
      number: '',
      arbitrManagerFio: '',
      status: { code: '', description: '', date: '' },
    });
    expect(answer.data[0]?.isActive).toBe(true);
    expect(answer.unrecognised?.map((u) => u.kind).sort()).toEqual([
      'null_field [].lastLegalCase',
      'null_field [].ogrn',
    ]);
    const error = await failure(
      answering(200, JSON.stringify([{ ...body.bankruptcy(), isActive: null }])).searchBankruptcy(INN),
    );
    expect(error).toMatchObject({ kind: 'malformed', code: 'KYC_ERR_UPSTREAM_MALFORMED' });
  });

  it('a debtor answer with nulls, no legalCase and no message reads with message null', async () => {
    const { legalCase: _dropped, message: _none, ...rest } = body.debtor();
    const answer = await answering(200, JSON.stringify({ ...rest, snils: null })).debtorByInn(INN);
    expect(answer.data).toMatchObject({
      snils: '',
      message: null,
      legalCase: { number: '', managerFio: '', description: '', date: '' },
    });
    expect(answer.unrecognised?.map((u) => u.kind).sort()).toEqual([
      'missing_field legalCase',
      'missing_field message',
      'null_field snils',
    ]);
  });

  it('an INN sent as a JSON number is refused, not turned into a string that could match', async () => {
    const error = await failure(
      answering(200, JSON.stringify({ ...body.debtor(), inn: 7723456789 })).debtorByInn(INN),
    );
    expect(error).toMatchObject({ kind: 'malformed', status: 200 });
    expect(error.unrecognised).toMatchObject({
      operation: 'client.debt',
      kind: 'unreadable_answer unexpected_type inn',
    });
    expect(error.message).not.toContain('7723456789');
  });

  it('a body that is not JSON is reported as unreadable', async () => {
    const error = await failure(answering(200, '<html>oops</html>', 'text/html').debtorByInn(INN));
    expect(error.unrecognised).toMatchObject({ kind: 'unreadable_answer not_json', example: 'a html body' });
  });
});

describe('a 404 of the debtor check', () => {
  it('is the answer when its body is the debtor answer', async () => {
    const notFound = {
      ...body.debtor(),
      fio: '',
      inn: '',
      snils: '',
      extrajudicialBankruptcy: '',
      message: 'Not found',
    };
    const answer = await answering(404, JSON.stringify(notFound)).debtorByInn(INN);
    expect(answer.record.status).toBe(404);
    expect(answer.data.message).toBe('Not found');
  });

  it.each([
    ['a bare 404', ''],
    ['an error body', '{"error":{"code":"NOT_FOUND","message":"Debtor not found"}}'],
    ['a gateway message', '{"message":"no Route matched with those values"}'],
    ['a gateway page', '<html><body>404 Not Found</body></html>'],
  ])('stays an error for %s: a wrong path must not clear anyone', async (_name, raw) => {
    const error = await failure(answering(404, raw).debtorByInn(INN));
    expect(error).toMatchObject({ kind: 'bad_request', status: 404 });
  });
});

describe('error bodies', () => {
  it.each([
    ['{"error":{"code":"RATE_LIMITED","message":"x"}}', 'error_object', 'RATE_LIMITED'],
    ['{"code":"UNAUTHORIZED","message":"x"}', 'code', 'UNAUTHORIZED'],
    ['{"error":"INVALID_PARAMETER"}', 'error_string', 'INVALID_PARAMETER'],
    ['{"errors":[{"code":"VALIDATION_ERROR","detail":"inn 7701"}]}', 'errors_array', 'VALIDATION_ERROR'],
    ['{"message":"Too many requests from 10.0.0.1"}', 'message', undefined],
    ['<!DOCTYPE html><html><title>502 Bad Gateway</title></html>', 'html', undefined],
    ['upstream connect error', 'text', undefined],
    ['', 'empty', undefined],
    ['{"status":"fail","reason":"Иванов"}', 'json_other', undefined],
    ['[1,2]', 'json_other', undefined],
  ])('%s reads as %s', (raw, shape, code) => {
    expect(readErrorBody(raw)).toMatchObject({ shape, code });
    expect(readUpstreamCode(raw)).toBe(code);
  });

  it('free text never becomes a code', () => {
    expect(readUpstreamCode('{"error":"Иванов Иван not found"}')).toBeUndefined();
    expect(readUpstreamCode('{"code":"inn 771234567890 invalid"}')).toBeUndefined();
  });

  it('a code from another shape reaches the error; an unknown JSON shape is reported by its keys only', async () => {
    const coded = await failure(answering(503, '{"code":"MAINTENANCE"}').debtorByInn(INN));
    expect(coded).toMatchObject({ kind: 'upstream', upstreamCode: 'MAINTENANCE', unrecognised: undefined });
    const unknown = await failure(
      answering(500, '{"status":"fail","reason":"ИНН 772345678901 Николаев"}').debtorByInn(INN),
    );
    expect(unknown.unrecognised).toMatchObject({
      operation: 'client.debt',
      kind: 'error_body_json_other',
      example: 'HTTP ###; keys: status, reason',
    });
    expect(unknown.message).not.toContain('772345678901');
  });
});
