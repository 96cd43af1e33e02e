import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadableStream } from 'node:stream/web';
import { describe, expect, it } from 'vitest';
import { uploadKindOf, WORKBOOK_TYPE } from '../../../src/api/upload-type.js';
import { fileDigest } from '../../../src/infra/file-digest.js';
import { parseMaxUploadBytes, receiveUpload, DEFAULT_MAX_UPLOAD_BYTES } from '../../../src/api/upload.js';

function chunks(...parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
}

const target = () => join(mkdtempSync(join(tmpdir(), 'kyc-upload-')), 'input.csv');

describe('receiveUpload', () => {
  it('writes the body to the file as it arrives, up to the limit, and answers the digest of the file', async () => {
    const path = target();
    const digest = await receiveUpload(chunks('a,b\n', '1,2\n'), path, 8);
    expect(readFileSync(path, 'utf8')).toBe('a,b\n1,2\n');
    expect(digest).toEqual(await fileDigest(path));
    expect(digest.bytes).toBe(8);
  });

  it('stops past the limit and leaves no partial file', async () => {
    const path = target();
    await expect(receiveUpload(chunks('a,b\n', '1,2\n', '3'), path, 8)).rejects.toMatchObject({
      code: 'KYC_ERR_API_TOO_LARGE',
    });
    expect(existsSync(path)).toBe(false);
  });

  it('never replaces an existing file', async () => {
    const path = target();
    await receiveUpload(chunks('first'), path, 100);
    await expect(receiveUpload(chunks('second'), path, 100)).rejects.toMatchObject({ code: 'EEXIST' });
  });
});

describe('upload settings', () => {
  it('reads KYC_API_MAX_UPLOAD_BYTES as a positive whole number', () => {
    expect(parseMaxUploadBytes(undefined)).toBe(DEFAULT_MAX_UPLOAD_BYTES);
    expect(parseMaxUploadBytes('1024')).toBe(1024);
    for (const bad of ['0', '-1', '1.5', 'lots'])
      expect(() => parseMaxUploadBytes(bad)).toThrow(
        expect.objectContaining({ code: 'KYC_ERR_CONFIG_INVALID' }),
      );
  });

  it('takes text/csv, with the charset the reader knows, and the .xlsx type; nothing else', () => {
    const encodingOf = (type: string | undefined) => {
      const kind = uploadKindOf(type);
      return kind.kind === 'csv' ? kind.encoding : kind.kind;
    };
    expect(encodingOf('text/csv')).toBeUndefined();
    expect(encodingOf('Text/CSV; charset="windows-1251"')).toBe('windows-1251');
    expect(encodingOf('text/csv;charset=UTF-8')).toBe('utf-8');
    expect(uploadKindOf(WORKBOOK_TYPE)).toEqual({ kind: 'workbook' });
    for (const other of [undefined, 'application/json', 'multipart/form-data; boundary=x'])
      expect(() => uploadKindOf(other)).toThrow(expect.objectContaining({ code: 'KYC_ERR_API_MEDIA_TYPE' }));
    expect(() => uploadKindOf('text/csv; charset=koi8-r')).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_INPUT_OPTIONS' }),
    );
  });
});
