import { createHash } from 'node:crypto';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { KycError } from '../../../src/errors.js';
import {
  RegistryClient,
  RegistryError,
  type RegistryClientOptions,
} from '../../../src/upstream/client/index.js';
import * as body from './fixtures.js';

/**
 * The client against undici's MockAgent: what goes on the wire (path, query encoding, headers, body) and
 * how each answer is turned into data or an error. No sockets; the emulator contract is in
 * test/integration/registry.
 */

const ORIGIN = 'http://registry.test';
const KEY = '6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b';

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

/** The part of undici's mock callback options the tests read (undici does not export the type). */
interface MockRequest {
  readonly path: string;
  readonly method: string;
  readonly headers?: unknown;
  readonly body?: unknown;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string>; raw?: string };

let agent: MockAgent | undefined;
let client: RegistryClient | undefined;

afterEach(async () => {
  await client?.close();
  await agent?.close();
  client = undefined;
  agent = undefined;
});

/** A client whose every request is answered by `answer` and recorded in the returned list. */
function setup(answer: (seen: Seen) => Reply, options: Partial<RegistryClientOptions> = {}, delayMs = 0) {
  agent = new MockAgent();
  agent.disableNetConnect();
  const seen: Seen[] = [];
  const scope = agent
    .get(ORIGIN)
    .intercept({ path: () => true, method: () => true })
    .reply((opts: MockRequest) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(opts.headers ?? {}) as [string, unknown][])
        headers[name.toLowerCase()] = String(value);
      const request: Seen = {
        method: opts.method,
        path: opts.path,
        headers,
        body: typeof opts.body === 'string' ? opts.body : undefined,
      };
      seen.push(request);
      const reply = answer(request);
      return {
        statusCode: reply.status,
        data: reply.raw ?? JSON.stringify(reply.body ?? null),
        responseOptions: { headers: { 'content-type': 'application/json', ...reply.headers } },
      };
    })
    .persist();
  if (delayMs > 0) scope.delay(delayMs);
  client = new RegistryClient({ baseUrl: ORIGIN, apiKey: KEY, dispatcher: agent, ...options });
  return { client, seen };
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

function expectNoKey(error: Error): void {
  expect(String(error)).not.toContain(KEY);
  expect(error.message).not.toContain(KEY);
  expect(JSON.stringify(error)).not.toContain(KEY);
}

describe('what goes on the wire', () => {
  it('sends the key and Accept on every request', async () => {
    const { client, seen } = setup(() => ({ status: 200, body: [] }));
    await client.listDictionaries();
    await client.searchBankruptcy('СтройИнвест');
    for (const request of seen) {
      expect(request.headers['x-api-key']).toBe(KEY);
      expect(request.headers.accept).toBe('application/json');
    }
  });

  it('percent-encodes Cyrillic and spaces, and sends no empty parameter', async () => {
    const { client, seen } = setup(() => ({ status: 200, body: [] }));
    await client.searchForeignAgents({
      name: 'Ковалёв Андрей',
      inn: '',
      birth_date: '1975-03-14',
      address: '  ',
    });
    expect(seen[0]?.path).toBe(
      '/lists/search/minjust_foreign_agent?name=%D0%9A%D0%BE%D0%B2%D0%B0%D0%BB%D1%91%D0%B2%20%D0%90%D0%BD%D0%B4%D1%80%D0%B5%D0%B9&birth_date=1975-03-14',
    );
  });

  it('encodes reserved characters inside values', async () => {
    const { client, seen } = setup(() => ({ status: 200, body: [] }));
    await client.searchSanctions({ name: 'A&B=C+D/E?F#G' });
    expect(seen[0]?.path).toBe('/lists/search/sanctions?name=A%26B%3DC%2BD%2FE%3FF%23G');
  });

  it('appends paths to a base URL with a path prefix', async () => {
    const { client, seen } = setup(() => ({ status: 200, body: body.debtor() }), {
      baseUrl: `${ORIGIN}/api/v2/`,
    });
    await client.debtorByInn('772345678901');
    expect(seen[0]?.path).toBe('/api/v2/reg2/client/debt?inn=772345678901');
  });

  it('refuses an invalid request without any call', async () => {
    const { client, seen } = setup(() => ({ status: 200, body: [] }));
    await expect(client.debtorByInn('12345')).rejects.toMatchObject({ code: 'KYC_ERR_REQUEST_INVALID' });
    await expect(client.searchSanctions({})).rejects.toBeInstanceOf(KycError);
    await expect(client.cardData('4111')).rejects.toMatchObject({ code: 'KYC_ERR_REQUEST_INVALID' });
    expect(seen).toHaveLength(0);
  });
});

describe('answers and evidence', () => {
  it('returns the validated data and a record with the sha256 of the body', async () => {
    const answer = [body.sanctions()];
    const { client } = setup(() => ({ status: 200, body: answer }));
    const { data, record, durationMs } = await client.searchSanctions({
      name: 'Цветкова',
      entity_type: 'person',
    });
    expect(data).toEqual(answer);
    expect(record).toEqual({
      operation: 'search.sanctions',
      params: { name: 'Цветкова', entity_type: 'person' },
      status: 200,
      digest: createHash('sha256').update(JSON.stringify(answer)).digest('hex'),
    });
    expect(durationMs).toBeGreaterThanOrEqual(0);
  });

  it('sends the full card number but shows it masked in the record and the data', async () => {
    const { client, seen } = setup(() => ({ status: 200, body: body.card() }));
    const { data, record } = await client.cardData('4111111111111111');
    expect(seen[0]?.path).toBe('/reg2/validation/bin?card=4111111111111111');
    expect(record.params).toEqual({ card: '411111******1111' });
    expect(data.card).toBe('411111******1111');
    expect(JSON.stringify({ data, record })).not.toContain('4111111111111111');
  });

  it('shows the card masked in the error too', async () => {
    const { client } = setup(() => ({ status: 503, body: { success: false } }));
    const error = await failure(client.cardData('5555555555554444'));
    expect(error.params).toEqual({ card: '555555******4444' });
    expect(JSON.stringify(error)).not.toContain('5555555555554444');
  });

  it('sends smtp as true/false only when given', async () => {
    const { client, seen } = setup(() => ({
      status: 200,
      body: { success: true, data: body.emailParameterSet() },
    }));
    const { data } = await client.validateEmail('user@example.com', { smtp: true });
    await client.validateEmail('user@example.com');
    expect(seen.map((s) => s.path)).toEqual([
      '/reg2/validation/email?email=user%40example.com&smtp=true',
      '/reg2/validation/email?email=user%40example.com',
    ]);
    expect(data.recommendation).toBe('ALLOW');
  });

  it('unwraps the dictionary envelope and records the dictionary name', async () => {
    const { client, seen } = setup(() => ({
      status: 200,
      body: {
        success: true,
        data: { name: 'Banks', total: 1, limit: 5, offset: 0, items: [body.bankItem()] },
      },
    }));
    const { data, record } = await client.dictionaryValues('Banks', { search: 'Сбер', limit: 5, offset: 0 });
    expect(seen[0]?.path).toBe('/reg2/dictionary/Banks?search=%D0%A1%D0%B1%D0%B5%D1%80&limit=5&offset=0');
    expect(data.items[0]?.bik).toBe('044525225');
    expect(record.params).toEqual({ name: 'Banks', search: 'Сбер', limit: '5', offset: '0' });
  });
});

describe('cadastral report', () => {
  it('GET with the number in the query when no owner is given', async () => {
    const { client, seen } = setup(() => ({ status: 200, body: body.cadastral() }));
    const { record } = await client.cadastralReport('77:01:0001001:1001', { ownerFullName: ' ' });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/cadastral/full?cadastral_number=77%3A01%3A0001001%3A1001',
    });
    expect(record).toMatchObject({
      operation: 'cadastral.report',
      params: { cadastral_number: '77:01:0001001:1001' },
    });
  });

  it('POST with a JSON body of number and owner', async () => {
    const { client, seen } = setup(() => ({ status: 200, body: body.cadastral() }));
    const { record } = await client.cadastralReport('77:01:0001001:1001', {
      ownerFullName: 'Иванов Иван Иванович',
    });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/cadastral/full' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      cadastral_number: '77:01:0001001:1001',
      owner_full_name: 'Иванов Иван Иванович',
    });
    expect(record.params).toEqual({
      cadastral_number: '77:01:0001001:1001',
      owner_full_name: 'Иванов Иван Иванович',
    });
  });

  it('takes path and field names from the options', async () => {
    const { client, seen } = setup(() => ({ status: 200, body: body.cadastral() }), {
      cadastral: { path: '/v1/cadastral/report', numberField: 'cadNumber', ownerField: 'ownerName' },
    });
    await client.cadastralReport('77:01:0001001:1001');
    await client.cadastralReport('77:01:0001001:1001', { ownerFullName: 'Иванов И. И.' });
    expect(seen[0]?.path).toBe('/v1/cadastral/report?cadNumber=77%3A01%3A0001001%3A1001');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({
      cadNumber: '77:01:0001001:1001',
      ownerName: 'Иванов И. И.',
    });
  });
});

describe('dictionary iteration', () => {
  const items = Array.from({ length: 7 }, (_, i) => ({ ...body.bankItem(), bik: `04452522${i}` }));
  const pageOf = (path: string, total = items.length, serve = items) => {
    const url = new URL(path, ORIGIN);
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    return {
      success: true,
      data: { name: 'Banks', total, limit, offset, items: serve.slice(offset, offset + limit) },
    };
  };

  it('yields every item across pages and stops at total', async () => {
    const { client, seen } = setup((s) => ({ status: 200, body: pageOf(s.path) }));
    const got: string[] = [];
    for await (const bank of client.iterateDictionary('Banks', { pageSize: 3 })) got.push(bank.bik);
    expect(got).toEqual(items.map((b) => b.bik));
    expect(seen.map((s) => new URL(s.path, ORIGIN).searchParams.get('offset'))).toEqual(['0', '3', '6']);
  });

  it('advances by what the server returned when it caps the page size', async () => {
    const { client } = setup((s) => {
      const page = pageOf(s.path);
      return { status: 200, body: { ...page, data: { ...page.data, items: page.data.items.slice(0, 2) } } };
    });
    const got: string[] = [];
    for await (const bank of client.iterateDictionary('Banks', { pageSize: 5 })) got.push(bank.bik);
    expect(got).toEqual(items.map((b) => b.bik));
  });

  it('fails as malformed on an empty page before total instead of looping or truncating', async () => {
    const { client, seen } = setup((s) => ({ status: 200, body: pageOf(s.path, 10) }));
    const got: string[] = [];
    const error = await failure(
      (async () => {
        for await (const bank of client.iterateDictionary('Banks', { pageSize: 3 })) got.push(bank.bik);
      })(),
    );
    expect(got).toHaveLength(7);
    expect(seen).toHaveLength(4);
    expect(error).toMatchObject({ kind: 'malformed', status: 200, operation: 'dictionary.values' });
    expect(error.message).toContain('empty page at offset 7 although total is 10');
  });

  it('fails as malformed when the server ignores the offset', async () => {
    const { client } = setup(() => ({ status: 200, body: pageOf('/x?limit=3&offset=0') }));
    const error = await failure(
      (async () => {
        for await (const _ of client.iterateDictionary('regions', { pageSize: 3 })) void _;
      })(),
    );
    expect(error.message).toContain('page starts at offset 0, asked 3');
  });
});

describe('error taxonomy through the client', () => {
  it.each([
    [401, 'auth', 'KYC_ERR_UPSTREAM_AUTH', 'UNAUTHORIZED'],
    [403, 'auth', 'KYC_ERR_UPSTREAM_AUTH', 'FORBIDDEN'],
    [400, 'bad_request', 'KYC_ERR_UPSTREAM_BAD_REQUEST', 'BAD_REQUEST'],
    [404, 'bad_request', 'KYC_ERR_UPSTREAM_BAD_REQUEST', 'NOT_FOUND'],
    [500, 'upstream', 'KYC_ERR_UPSTREAM_SERVER', 'INTERNAL'],
    [503, 'upstream', 'KYC_ERR_UPSTREAM_SERVER', 'UNAVAILABLE'],
  ] as const)('%i → %s (%s)', async (status, kind, code, upstreamCode) => {
    const { client } = setup(() => ({
      status,
      body: { success: false, error: { code: upstreamCode, message: `echo ${KEY} Морозов` } },
    }));
    const error = await failure(client.searchBankruptcy('Морозов Виктор'));
    expect(error).toMatchObject({ kind, code, status, upstreamCode, operation: 'search.bankruptcy' });
    expect(error.request).toBe('GET /lists/search-data/bankruptcy?search_string=…');
    expect(error.message).not.toContain('Морозов');
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.digest).toMatch(/^[0-9a-f]{64}$/);
    expectNoKey(error);
  });

  it('429 with Retry-After in seconds', async () => {
    const { client } = setup(() => ({
      status: 429,
      body: { success: false },
      headers: { 'retry-after': '3' },
    }));
    const error = await failure(client.listDictionaries());
    expect(error).toMatchObject({
      kind: 'rate_limited',
      code: 'KYC_ERR_UPSTREAM_RATE_LIMITED',
      status: 429,
      retryAfterMs: 3000,
    });
  });

  it('429 with Retry-After as an HTTP date', async () => {
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000).toUTCString();
    const { client } = setup(() => ({ status: 429, body: {}, headers: { 'retry-after': at } }));
    const error = await failure(client.listDictionaries());
    expect(error.retryAfterMs).toBeGreaterThan(55_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(61_000);
  });

  it('429 without a usable Retry-After', async () => {
    const { client } = setup(() => ({ status: 429, raw: 'slow down', headers: { 'retry-after': 'later' } }));
    const error = await failure(client.listDictionaries());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: undefined, upstreamCode: undefined });
  });

  it('a 200 that is not JSON is malformed', async () => {
    const { client } = setup(() => ({ status: 200, raw: '{"success": tru' }));
    const error = await failure(client.validateEmail('a@b.c'));
    expect(error).toMatchObject({ kind: 'malformed', code: 'KYC_ERR_UPSTREAM_MALFORMED', status: 200 });
    expect(error.message).toContain('body is not JSON');
  });

  it('a 200 that breaks the schema is malformed and names the field, not the value', async () => {
    const record = body.foreignAgent();
    const bad = [{ ...record, data: { ...record.data, birth_date: 19750314 } }];
    const { client } = setup(() => ({ status: 200, body: bad }));
    const error = await failure(client.searchForeignAgents({ name: 'Ковалёв' }));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('[0].data.birth_date: expected string, found number');
    expect(error.message).not.toContain('19750314');
    expect(error.message).not.toContain('Ковал');
  });

  it('no answer within timeoutMs is a timeout with status 0', async () => {
    const { client } = setup(() => ({ status: 200, body: [] }), { timeoutMs: 50 }, 1_000);
    const error = await failure(client.searchSanctions({ name: 'x' }));
    expect(error).toMatchObject({ kind: 'timeout', code: 'KYC_ERR_UPSTREAM_TIMEOUT', status: 0 });
    expect(error.message).toContain('within 50 ms');
    expectNoKey(error);
  });

  it('a connection failure is a network error with status 0', async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    agent
      .get(ORIGIN)
      .intercept({ path: () => true })
      .replyWithError(refused);
    client = new RegistryClient({ baseUrl: ORIGIN, apiKey: KEY, dispatcher: agent });
    const error = await failure(client.debtorByInn('772345678901'));
    expect(error).toMatchObject({ kind: 'network', code: 'KYC_ERR_UPSTREAM_NETWORK', status: 0 });
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.toRecord()).toEqual({
      operation: 'client.debt',
      params: { inn: '772345678901' },
      status: 0,
    });
  });
});

describe('low-level request()', () => {
  it('sends what the typed methods refuse, through the same taxonomy', async () => {
    const { client, seen } = setup(() => ({
      status: 400,
      body: { success: false, error: { code: 'BAD_REQUEST', message: 'x' } },
    }));
    const error = await failure(
      client.request({ operation: 'client.debt', path: '/reg2/client/debt', query: { inn: '' } }),
    );
    expect(seen[0]?.path).toBe('/reg2/client/debt?inn=');
    expect(error).toMatchObject({ kind: 'bad_request', status: 400, request: 'GET /reg2/client/debt?inn=…' });
  });
});

describe('concurrency and options', () => {
  it('keeps at most `concurrency` requests in flight', async () => {
    const { client } = setup(() => ({ status: 200, body: [] }), { concurrency: 2 }, 100);
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => client.searchBankruptcy('x')));
    // Four requests of 100 ms, two at a time: two rounds.
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('refuses bad options without echoing the key', () => {
    expect(() => new RegistryClient({ baseUrl: 'ftp://x', apiKey: KEY })).toThrow(/KYC_API_URL/);
    expect(() => new RegistryClient({ baseUrl: 'not a url', apiKey: KEY })).toThrow(KycError);
    const badKey = 'secret key\nwith-newline';
    try {
      new RegistryClient({ baseUrl: ORIGIN, apiKey: badKey });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'KYC_ERR_CONFIG_API_KEY' });
      // The client checks what a header can carry, not the UUID form the configuration asks for.
      expect(String(error)).toContain('printable ASCII without spaces');
      expect(String(error)).not.toContain('UUID');
      expect(String(error)).not.toContain('secret');
    }
    expect(() => new RegistryClient({ baseUrl: ORIGIN, apiKey: KEY, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => new RegistryClient({ baseUrl: ORIGIN, apiKey: KEY, concurrency: 1.5 })).toThrow(
      /concurrency/,
    );
    expect(
      () => new RegistryClient({ baseUrl: ORIGIN, apiKey: KEY, cadastral: { path: 'cadastral' } }),
    ).toThrow(/cadastral\.path/);
  });

  it('does not expose the key on the client object', () => {
    const { client } = setup(() => ({ status: 200, body: [] }));
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(Object.values(client)).not.toContain(KEY);
  });
});
