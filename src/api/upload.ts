import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { KycError } from '../errors.js';
import { digestTap, type FileDigest } from '../infra/file-digest.js';
import { PRIVATE_FILE_MODE } from '../infra/private-files.js';
import { DEFAULT_API_MAX_UPLOAD_ROWS } from '../settings/input-limits.js';

/** Default of KYC_API_MAX_UPLOAD_BYTES: 200 MiB, a few million client rows. */
export const DEFAULT_MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/** KYC_API_MAX_UPLOAD_BYTES: a positive whole number of bytes. */
export function parseMaxUploadBytes(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_MAX_UPLOAD_BYTES;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new KycError('KYC_ERR_CONFIG_INVALID', 'KYC_API_MAX_UPLOAD_BYTES must be a positive whole number');
  return n;
}

/** KYC_API_MAX_UPLOAD_ROWS: data rows of one upload, a positive whole number (default 1,000,000). */
export function parseMaxUploadRows(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_API_MAX_UPLOAD_ROWS;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new KycError('KYC_ERR_CONFIG_INVALID', 'KYC_API_MAX_UPLOAD_ROWS must be a positive whole number');
  return n;
}

/**
 * Streams a request body into a new private file, never holding it in memory, and answers the file's
 * digest, taken on the way. Past `maxBytes` the transfer stops and the partial file is removed
 * (KYC_ERR_API_TOO_LARGE); so is it on any other failure.
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | null,
  path: string,
  maxBytes: number,
): Promise<FileDigest> {
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new KycError('KYC_ERR_API_TOO_LARGE', `more than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
  const tap = digestTap();
  const source = body ? Readable.fromWeb(body) : Readable.from([]);
  try {
    await pipeline(
      source,
      limit,
      tap.stream,
      createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
    );
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return tap.digest();
}
