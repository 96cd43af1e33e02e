import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiApp } from '../../../src/api/app.js';
import { derivedOperationId } from '../../../src/api/openapi-document.js';
import type { TokenLimits } from '../../../src/api/token-limits.js';
import { Desk } from '../../../src/desk/desk.js';
import { loadApiTokens } from '../../../src/api/tokens.js';
import { DEMO_API_KEY, loadConfig } from '../../../src/config.js';
import { VERDICT_KINDS } from '../../../src/domain/verdict.js';
import { silentLogger } from '../../../src/log.js';
import { testDeskPlace } from '../../helpers/postgres.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sha256Hex } from '../../helpers/serve-process.js';
import { xlsxBytes } from '../../helpers/xlsx-writer.js';
import { serviceIdentity } from '../../../src/settings/service-identity.js';

/**
 * The API as a client generator and an HTTP client see it (the app in process, real Redis): every operation
 * of the document named and placed at a server, closed sets as enums, and a known path asked with a method
 * it does not take answered 405 with Allow, whichever route it is.
 */

const TOKEN = 'doc-test-token-4e1a';
const auth = { authorization: `Bearer ${TOKEN}` };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Operation = { operationId?: string; parameters?: { name: string; in: string }[]; responses: object };
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: { schemas: Record<string, { enum?: string[]; properties?: Record<string, unknown> }> };
};

let redis: Redis;

const appWith = (publicUrl?: string, more: { desk?: Desk; limits?: TokenLimits } = {}) =>
  apiApp({
    redis,
    config: loadConfig({ REDIS_URL: redisUrl(), KYC_PREFIX: uniquePrefix(), KYC_API_URL: 'emulator' }),
    upstream: {
      usingEmulator: true,
      apiUrl: 'emulator',
      service: serviceIdentity({ apiUrl: 'emulator', usingEmulator: true, apiKey: DEMO_API_KEY }),
    },
    runsDir: mkdtempSync(join(tmpdir(), 'kyc-api-doc-')),
    maxUploadBytes: 1024 * 1024,
    window: 10,
    tokens: loadApiTokens({ KYC_API_TOKENS: `alice:${sha256Hex(TOKEN)}` }),
    log: silentLogger(),
    publicUrl,
    ...(more.desk ? { desk: { desk: more.desk } } : {}),
    ...(more.limits ? { limits: more.limits } : {}),
  });

async function documentOf(
  app: ReturnType<typeof appWith>,
  host = 'http://127.0.0.1:8787',
): Promise<Document> {
  const response = await app.request(`${host}/v1/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

beforeAll(() => {
  redis = connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('the OpenAPI document', () => {
  it('names every operation with a unique operationId', async () => {
    const document = await documentOf(appWith());
    const ids = Object.values(document.paths).flatMap((item) =>
      METHODS.flatMap((method) => (item[method] ? [item[method].operationId] : [])),
    );
    expect(ids.length).toBeGreaterThanOrEqual(9);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/u);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['submitRun', 'screenClient', 'getRun', 'getRunVerdicts']));
  });

  it('names each operation in its route, the desk routes included, and declares 429 wherever a limit can answer it', async () => {
    const place = await testDeskPlace('embedded');
    const desk = await Desk.open(place.settings);
    try {
      // One request a minute: after the document's own request every guarded route is past the limit.
      const app = appWith(undefined, { desk, limits: { requestsPerMinute: 1, activeRuns: 20 } });
      const { paths } = await documentOf(app);
      expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/v1/alerts', '/v1/alerts/{id}/decision']));
      await app.request('http://127.0.0.1:8787/v1/runs', { headers: auth });
      let limited = 0;
      for (const [template, item] of Object.entries(paths))
        for (const method of METHODS) {
          const operation = item[method];
          if (!operation) continue;
          const where = `${method} ${template}`;
          expect(operation.operationId, where).not.toBe(derivedOperationId(method, template));
          const path = template.replace(
            /\{[^}]+\}/gu,
            template.includes('alerts') ? '1' : 'r20260101_120000_ab12',
          );
          const response = await app.request(`http://127.0.0.1:8787${path}`, {
            method: method.toUpperCase(),
            headers: { ...auth, 'content-type': 'application/json' },
            ...(method === 'post' ? { body: '{}' } : {}),
          });
          if (response.status !== 429) continue;
          limited++;
          expect(Object.keys(operation.responses), where).toContain('429');
        }
      expect(limited).toBeGreaterThanOrEqual(14);
    } finally {
      await desk.close();
      await place.cleanup();
    }
  });

  it('places the API at the public URL when one is configured, else at the address asked', async () => {
    expect((await documentOf(appWith('https://kyc.bank.example/screening'))).servers).toEqual([
      { url: 'https://kyc.bank.example/screening' },
    ]);
    expect((await documentOf(appWith(), 'http://127.0.0.1:9911')).servers).toEqual([
      { url: 'http://127.0.0.1:9911' },
    ]);
  });

  it('declares verdicts, run statuses and matches as closed sets and structures', async () => {
    const { components, paths } = await documentOf(appWith());
    expect(components.schemas.Verdict?.enum).toEqual([...VERDICT_KINDS]);
    expect(components.schemas.Verdict?.enum).toEqual(
      expect.arrayContaining(['CLEAR', 'REVIEW', 'HIT', 'INCOMPLETE', 'INVALID', 'PARTIAL']),
    );
    expect(components.schemas.RunStatus?.enum).toEqual(['queued', 'running', 'done', 'failed', 'cancelled']);
    expect(Object.keys(components.schemas.Match?.properties ?? {}).sort()).toEqual([
      'decision',
      'decisive_field',
      'record_id',
      'record_name',
      'register',
      'score',
      'source',
    ]);
    expect(JSON.stringify(components.schemas.Screened)).toContain(
      '"items":{"$ref":"#/components/schemas/Match"}',
    );
    const verdicts = paths['/v1/runs/{id}/verdicts.csv']?.get;
    expect(verdicts?.parameters).toContainEqual(
      expect.objectContaining({ name: 'if-none-match', in: 'header' }),
    );
    expect(JSON.stringify(verdicts?.responses)).toContain('"ETag"');
  });
});

describe('a known path asked with another method', () => {
  it('answers 405 with Allow for every path of the document, and 404 for an unknown path', async () => {
    const app = appWith();
    const { paths } = await documentOf(app);
    let checked = 0;
    for (const [template, item] of Object.entries(paths)) {
      const path = template.replace(/\{[^}]+\}/gu, 'r20260101_120000_ab12');
      const taken = METHODS.filter((method) => item[method] !== undefined).map((m) => m.toUpperCase());
      for (const method of METHODS.map((m) => m.toUpperCase()).filter((m) => !taken.includes(m))) {
        const response = await app.request(`http://127.0.0.1:8787${path}`, { method, headers: auth });
        const body = (await response.json()) as { code: string };
        expect([response.status, body.code], `${method} ${path}`).toEqual([405, 'KYC_ERR_API_METHOD']);
        const allow = (response.headers.get('allow') ?? '').split(', ');
        expect(allow).toEqual(expect.arrayContaining(taken));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    const put = await app.request('http://127.0.0.1:8787/v1/runs', { method: 'PUT', headers: auth });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, HEAD');
    const doc = await app.request('http://127.0.0.1:8787/v1/openapi.json', { method: 'POST' });
    expect([doc.status, doc.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const unknown = await app.request('http://127.0.0.1:8787/v1/nothing', { method: 'PUT', headers: auth });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('allow')).toBeNull();
  });
});

describe('an Excel workbook uploaded', () => {
  const WORKBOOK = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const book = xlsxBytes([
    {
      name: 'Клиенты',
      rows: [
        ['ФИО', 'ИНН'],
        ['Иванов Иван Иванович', '7707083893'],
      ],
    },
  ]);
  const post = (type: string, body: string | Uint8Array | FormData) =>
    appWith().request('http://127.0.0.1:8787/v1/runs', {
      method: 'POST',
      headers: { ...auth, ...(type === '' ? {} : { 'content-type': type }) },
      body,
    });
  const form = (type: string, name: string, bytes: Buffer = book) => {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return data;
  };

  it('is taken by its Content-Type, as a multipart file part, and by its content when labelled CSV', async () => {
    for (const [what, response] of [
      ['workbook type', await post(WORKBOOK, new Uint8Array(book))],
      ['labelled CSV with a charset', await post('text/csv; charset=windows-1251', new Uint8Array(book))],
      ['form part of its type', await post('', form(WORKBOOK, 'clients.xlsx'))],
      ['form part of octet-stream', await post('', form('application/octet-stream', 'clients.xlsx'))],
    ] as const)
      expect(response.status, `${what}: ${await response.clone().text()}`).toBe(202);
  });

  it('is refused as labelled a workbook when it is not one, and the document declares the type', async () => {
    for (const response of [
      await post(WORKBOOK, 'ФИО,ИНН\nИванов Иван,7707083893\n'),
      await post('', form(WORKBOOK, 'clients.xlsx', Buffer.from('ФИО,ИНН\nИванов Иван,7707083893\n'))),
    ]) {
      const body = (await response.json()) as { code: string; message: string };
      expect([response.status, body.code]).toEqual([415, 'KYC_ERR_API_MEDIA_TYPE']);
      expect(body.message).toContain('not one');
    }
    const { paths } = await documentOf(appWith());
    expect(JSON.stringify(paths['/v1/runs']?.post)).toContain(WORKBOOK);
  });
});

describe('errors of an upload', () => {
  it("a file without a name column is refused in API terms, never with the CLI's --columns", async () => {
    const response = await appWith().request('http://127.0.0.1:8787/v1/runs', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: 'номер,город\n1,Москва\n',
    });
    const body = (await response.json()) as { code: string; message: string };
    expect([response.status, body.code]).toEqual([400, 'KYC_ERR_INPUT_NO_KEY_COLUMN']);
    expect(body.message).not.toContain('--columns');
    expect(body.message).toContain('header line');
  });

  it("refuses checks and max_age as query parameters, a missing column as the file's or the JSON body's", async () => {
    const app = appWith();
    const refusal = async (path: string, type: string, body: string) => {
      const response = await app.request(`http://127.0.0.1:8787${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': type },
        body,
      });
      const answer = (await response.json()) as { code: string; message: string };
      expect([response.status, answer.code], answer.message).toEqual([400, 'KYC_ERR_API_REQUEST']);
      // Neither a command line nor a flag, nor the CLI's environment variable: the caller sent none.
      expect(answer.message).not.toMatch(/command line|--|KYC_MAX_AGE/u);
      // The detail after the catalog's words, which name every place a request can be wrong.
      return answer.message.slice(answer.message.indexOf('): ') + 3);
    };
    const csv = 'full_name\nИванов Иван\n';
    const json = JSON.stringify({ full_name: 'Иванов Иван' });
    const file = (query: string) => refusal(`/v1/runs?${query}`, 'text/csv', csv);
    const client = (query: string) => refusal(`/v1/screen?wait=0&${query}`, 'application/json', json);
    expect(await file('checks=bogus')).toContain('query parameter checks: unknown check "bogus"');
    expect(await client('checks=bogus')).toContain('query parameter checks: unknown check "bogus"');
    expect(await file('max_age=zz')).toContain('query parameter max_age: "zz" is not check=age');
    expect(await client('max_age=zz')).toContain('query parameter max_age');
    const column = await file('checks=email');
    expect(column).toContain('the file has no e-mail column');
    expect(column).not.toMatch(/JSON/u);
    const field = await client('checks=email');
    expect(field).toContain('the JSON body has no email field');
    expect(field).not.toMatch(/column|header line/u);
    expect(await client('wait=abc')).toContain('query parameter wait:');
    expect(await refusal('/v1/screen?wait=0', 'application/json', '{"full_name":5}')).toContain(
      'JSON body field full_name:',
    );
  });

  it('a client of POST /v1/screen without a name or identifier is refused in terms of its JSON fields', async () => {
    const response = await appWith().request('http://127.0.0.1:8787/v1/screen?wait=0', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'CL-1', email: 'x@example.com' }),
    });
    const body = (await response.json()) as { code: string; message: string };
    expect([response.status, body.code]).toEqual([400, 'KYC_ERR_API_CLIENT_NO_KEY']);
    expect(body.message).toContain('full_name');
    expect(body.message).not.toMatch(/column|header|file/iu);
  });
});
