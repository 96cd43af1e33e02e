import { expect } from 'vitest';
import type { Client, RowIssue } from '../../../src/domain/client.js';
import { KycError, type ErrorCode } from '../../../src/errors.js';
import {
  readClientStream,
  type IngestHeader,
  type IngestItem,
  type IngestOptions,
} from '../../../src/ingest/index.js';

/** Yields bytes in chunks of `size`, the way a stream might deliver them (cutting characters in half). */
export async function* chunked(bytes: Buffer, size: number = bytes.length || 1): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

export interface ReadResult {
  readonly header: IngestHeader;
  readonly items: IngestItem[];
}

export async function readAll(
  input: string | Buffer,
  options?: IngestOptions,
  chunkSize?: number,
): Promise<ReadResult> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const file = await readClientStream(chunked(bytes, chunkSize), options);
  const items: IngestItem[] = [];
  for await (const item of file.rows) items.push(item);
  return { header: file.header, items };
}

export function clientOf(item: IngestItem | undefined): Client {
  if (item === undefined || !('client' in item))
    throw new Error(`expected a client, got ${JSON.stringify(item)}`);
  return item.client;
}

export function invalidOf(item: IngestItem | undefined): RowIssue {
  if (item === undefined || !('invalid' in item))
    throw new Error(`expected INVALID, got ${JSON.stringify(item)}`);
  return item.invalid;
}

/** The one client of a one-row file with the given header and row (comma-separated). */
export async function oneClient(header: string, row: string, options?: IngestOptions): Promise<Client> {
  const { items } = await readAll(`${header}\n${row}\n`, options);
  expect(items).toHaveLength(1);
  return clientOf(items[0]);
}

export async function expectKycError(promise: Promise<unknown>, code: ErrorCode): Promise<KycError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(KycError);
    const kyc = error as KycError;
    expect(kyc.code).toBe(code);
    return kyc;
  }
  throw new Error(`expected ${code}, nothing was thrown`);
}

export function codes(client: Client): string[] {
  return client.warnings.map((w) => w.code);
}
