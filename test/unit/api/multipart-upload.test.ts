import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadableStream } from 'node:stream/web';
import { describe, expect, it } from 'vitest';
import { isMultipart, receiveMultipart } from '../../../src/api/multipart-upload.js';
import { partKindOf, WORKBOOK_TYPE } from '../../../src/api/upload-type.js';
import { fileDigest } from '../../../src/infra/file-digest.js';

const target = () => join(mkdtempSync(join(tmpdir(), 'kyc-multipart-')), 'input.csv');

/** A form as a client encodes it (the platform's FormData), as the stream and content type a server gets. */
async function encoded(form: FormData): Promise<{ body: ReadableStream<Uint8Array>; type: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: request.body as ReadableStream<Uint8Array>,
    type: request.headers.get('content-type') ?? '',
  };
}

function form(csv: string, type = 'text/csv', fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([csv], { type }), 'clients.csv');
  return data;
}

describe('multipart uploads', () => {
  it('stores the file part and answers the form fields, whatever their order, and the digest of the file', async () => {
    const path = target();
    const { body, type } = await encoded(form('a,b\n1,2\n', 'text/csv', { priority: 'high' }));
    expect(isMultipart(type)).toBe(true);
    const { fields, digest } = await receiveMultipart(body, type, path, 100);
    expect(fields).toEqual({ priority: 'high' });
    expect(readFileSync(path, 'utf8')).toBe('a,b\n1,2\n');
    expect(digest).toEqual(await fileDigest(path));
  });

  it('stops past the size limit and leaves no partial file', async () => {
    const path = target();
    const { body, type } = await encoded(form('a,b\n'.repeat(100)));
    await expect(receiveMultipart(body, type, path, 50)).rejects.toMatchObject({
      code: 'KYC_ERR_API_TOO_LARGE',
    });
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a part that is not a CSV, and a form without a file part', async () => {
    const png = await encoded(form('\u0089PNG', 'image/png'));
    await expect(receiveMultipart(png.body, png.type, target(), 100)).rejects.toMatchObject({
      code: 'KYC_ERR_API_MEDIA_TYPE',
    });
    const fieldsOnly = new FormData();
    fieldsOnly.append('priority', 'low');
    const none = await encoded(fieldsOnly);
    await expect(receiveMultipart(none.body, none.type, target(), 100)).rejects.toMatchObject({
      code: 'KYC_ERR_API_REQUEST',
    });
  });

  it('takes what browsers and curl call a .csv or an .xlsx file, and nothing else', () => {
    expect(partKindOf('text/csv', 'x.csv')).toBe('csv');
    expect(partKindOf('application/vnd.ms-excel', 'x.csv')).toBe('csv');
    expect(partKindOf('application/octet-stream', 'clients.CSV')).toBe('csv');
    expect(partKindOf('application/octet-stream', 'clients.xlsx')).toBe('workbook');
    expect(partKindOf(WORKBOOK_TYPE, 'clients.xlsx')).toBe('workbook');
    expect(partKindOf('application/octet-stream', 'clients.bin')).toBeUndefined();
    expect(partKindOf('application/json', 'x.csv')).toBeUndefined();
    expect(isMultipart('text/csv')).toBe(false);
    expect(isMultipart('multipart/form-data; boundary=x')).toBe(true);
  });
});
