import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../helpers/postgres.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sha256Hex, startServe, stopServe, type ServeProcess } from '../../helpers/serve-process.js';
import { xlsxBytes, type TestSheet } from '../../helpers/xlsx-writer.js';

/** Workbooks made to take the server down: each fails its own run, and the server goes on answering. */

const TOKEN = 'bombs-Token-7Rt2Wq9Lx4Mz6Nc1Vb3Kp8Hd5Gs0Fj';
const auth = { authorization: `Bearer ${TOKEN}` };
let serve: ServeProcess;
let database: TestDatabase;

beforeAll(async () => {
  // The desk on the PostgreSQL server: the embedded one takes most of a minute to start on a busy machine.
  database = await createTestDatabase();
  serve = await startServe(['--state-dir', mkdtempSync(join(tmpdir(), 'kyc-api-bombs-'))], {
    REDIS_URL: redisUrl(),
    KYC_PREFIX: uniquePrefix(),
    KYC_API_TOKENS: `alice:${sha256Hex(TOKEN)}`,
    DATABASE_URL: database.url,
    // Caps small enough for bombs a test can write quickly; the defaults are measured in docs/operations.md.
    KYC_API_MAX_UPLOAD_ROWS: '100',
    KYC_XLSX_MAX_SHARED_STRINGS_BYTES: String(2 * 1024 * 1024),
    KYC_XLSX_MAX_SHEET_BYTES: String(4 * 1024 * 1024),
  });
}, 60_000);
afterAll(async () => {
  await stopServe(serve.child);
  await database.drop();
});

const HEADER = ['ФИО', 'ИНН'];
const CLIENT = ['Иванов Иван Иванович', '7707083893'];

/** A run submitted as any token holder would: the workbook as the body (the reader sniffs the ZIP). */
async function submit(book: Buffer): Promise<Response> {
  return fetch(`${serve.base}/v1/runs`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: book,
  });
}

/** The server is up and answers another request. */
async function expectServing(): Promise<void> {
  expect(serve.child.exitCode, serve.stderr()).toBeNull();
  expect((await fetch(`${serve.base}/v1/openapi.json`)).status).toBe(200);
  expect((await fetch(`${serve.base}/v1/runs`, { headers: auth })).status).toBe(200);
}

function book(sheet: Omit<TestSheet, 'name'>): Buffer {
  return xlsxBytes([{ name: 'Клиенты', ...sheet }]);
}

/** Bytes enough that what follows them is read by the run, not by the upload's first look at the file. */
const FILLER = '<row/>'.repeat(200_000);

const PAST_XFD = (row: number) =>
  `<row r="${row}"><c r="ZZZZZZZ${row}" t="inlineStr"><is><t>x</t></is></c></row>`;

describe('workbook bombs uploaded to serve', () => {
  it('a cell past column XFD: refused at upload when it is in the head of the sheet', async () => {
    const response = await submit(book({ rows: [HEADER, CLIENT], rawRows: PAST_XFD(3) }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'KYC_ERR_INPUT_XLSX' });
    await expectServing();
  }, 60_000);

  it('a cell past column XFD further down: every row of an upload is read, so it is refused there too', async () => {
    const response = await submit(book({ rows: [HEADER, CLIENT], rawRows: FILLER + PAST_XFD(3) }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body).toMatchObject({ code: 'KYC_ERR_INPUT_XLSX' });
    expect(body.message).toContain('XFD');
    await expectServing();
  }, 60_000);

  it('shared strings past their cap, a sheet past its cap, rows past the upload cap: refused, server serving', async () => {
    const many = Array.from({ length: 200_000 }, (_, i) => `<si><t>Строка ${i}</t></si>`).join('');
    const strings = xlsxBytes([{ name: 'Клиенты', rows: [HEADER, CLIENT] }], {
      sharedStrings: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>ФИО</t></si><si><t>ИНН</t></si>${many}</sst>`,
    });
    const refusals: [Buffer, string][] = [
      [strings, 'KYC_XLSX_MAX_SHARED_STRINGS_BYTES'],
      [
        book({ rows: [HEADER, CLIENT], rawRows: `<!-- ${'x'.repeat(5 * 1024 * 1024)} -->` }),
        'KYC_XLSX_MAX_SHEET_BYTES',
      ],
      [book({ rows: [HEADER, ...Array.from({ length: 101 }, () => CLIENT)] }), 'KYC_API_MAX_UPLOAD_ROWS'],
    ];
    for (const [bomb, setting] of refusals) {
      const response = await submit(bomb);
      const body = (await response.json()) as { code: string; message: string };
      expect(response.status, body.message).toBe(setting === 'KYC_API_MAX_UPLOAD_ROWS' ? 413 : 400);
      expect(body.message).toContain(setting);
      await expectServing();
    }
    // At the cap, the upload is taken.
    const atCap = await submit(book({ rows: [HEADER, ...Array.from({ length: 100 }, () => CLIENT)] }));
    expect(atCap.status, await atCap.clone().text()).toBe(202);
  }, 180_000);
});
