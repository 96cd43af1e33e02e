import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { KycError } from '../errors.js';
import { digestTap, type FileDigest } from '../infra/file-digest.js';
import { PRIVATE_FILE_MODE } from '../infra/private-files.js';
import { partKindOf, requireWorkbook } from './upload-type.js';

/** `multipart/form-data`, whatever its parameters (the boundary). */
export function isMultipart(contentType: string | undefined): boolean {
  return /^multipart\/form-data\s*(;|$)/iu.test(contentType ?? '');
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 1_000;

/** What a multipart upload brought: its form fields, and the digest of its file part, taken on the way. */
export interface MultipartUpload {
  readonly fields: Record<string, string>;
  readonly digest: FileDigest;
}

/**
 * Streams the one file part of a multipart body into a new private file, never holding it in memory, and
 * answers the form fields and the file's digest. A file past `maxBytes` is KYC_ERR_API_TOO_LARGE (nothing
 * past the limit is stored); a part that is neither a CSV nor an .xlsx workbook is KYC_ERR_API_MEDIA_TYPE; no file part, a second one
 * or an unreadable body is KYC_ERR_API_REQUEST. On any failure the partial file is removed.
 */
export async function receiveMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  path: string,
  maxBytes: number,
): Promise<MultipartUpload> {
  const source = body ? Readable.fromWeb(body) : Readable.from([]);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: maxBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    });
  } catch (error) {
    throw new KycError('KYC_ERR_API_REQUEST', 'unreadable multipart/form-data body', { cause: error });
  }
  const fields: Record<string, string> = {};
  let saving: Promise<void> | undefined;
  let kind: 'csv' | 'workbook' | undefined;
  const tap = digestTap();
  // The first refusal wins. The rest of the body is read and dropped (busboy discards what is past a limit):
  // cutting the request stream off under busboy leaves its part streams erroring with no one listening.
  let refusal: KycError | undefined;
  const refuse = (error: KycError) => {
    refusal ??= error;
  };
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) refuse(new KycError('KYC_ERR_API_REQUEST', `form field ${name} is too long`));
    else fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    stream.on('error', () => undefined);
    if (saving !== undefined || refusal !== undefined) {
      stream.resume();
      return;
    }
    kind = partKindOf(info.mimeType, info.filename);
    if (kind === undefined) {
      stream.resume();
      refuse(
        new KycError('KYC_ERR_API_MEDIA_TYPE', `the file part ${name} is ${info.mimeType.slice(0, 80)}`),
      );
      return;
    }
    stream.on('limit', () => refuse(new KycError('KYC_ERR_API_TOO_LARGE', `more than ${maxBytes} bytes`)));
    saving = pipeline(stream, tap.stream, createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    saving.catch((error: unknown) =>
      refuse(new KycError('KYC_ERR_API_REQUEST', 'the file part could not be stored', { cause: error })),
    );
  });
  const tooMany = (what: string) => () => refuse(new KycError('KYC_ERR_API_REQUEST', what));
  parser.on('filesLimit', tooMany('one file part only'));
  parser.on('fieldsLimit', tooMany(`at most ${MAX_FIELDS} form fields`));
  try {
    await pipeline(source, parser).catch((error: unknown) => {
      throw (
        refusal ??
        new KycError('KYC_ERR_API_REQUEST', 'unreadable multipart/form-data body', { cause: error })
      );
    });
    await saving;
    if (refusal) throw refusal;
    if (saving === undefined)
      throw new KycError('KYC_ERR_API_REQUEST', 'no file part (the CSV or .xlsx) in the form');
    if (kind === 'workbook') await requireWorkbook(path);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return { fields, digest: tap.digest() };
}
