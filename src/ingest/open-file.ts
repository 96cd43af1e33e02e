/** The one module of ingest that touches the file system; everything else works on byte streams. */
import { open } from 'node:fs/promises';
import { KycError } from '../errors.js';
import { readClientStream } from './reader.js';
import type { ClientFile, IngestOptions } from './types.js';

/** 64 KiB reads: one read fills the sniffing window, and the stream never holds much more. */
const READ_CHUNK = 64 * 1024;

export async function openClientFile(path: string, options?: IngestOptions): Promise<ClientFile> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new KycError('KYC_ERR_INPUT_NOT_FOUND', `${path} (${reason})`, { cause: error });
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new KycError('KYC_ERR_INPUT_NOT_FOUND', `${path} is a directory`);
  } catch (error) {
    await handle.close();
    throw error instanceof KycError ? error : new KycError('KYC_ERR_INPUT_NOT_FOUND', path, { cause: error });
  }
  // The stream owns the handle from here: it closes it at the end, on error and when destroyed.
  const stream = handle.createReadStream({ highWaterMark: READ_CHUNK });
  const file = await readClientStream(stream, options);
  return { ...file, bytesRead: () => stream.bytesRead };
}
