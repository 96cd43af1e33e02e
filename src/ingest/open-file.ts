/** The one module of ingest that touches the file system; everything else works on byte streams. */
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { KycError } from '../errors.js';
import { readClientStream } from './reader.js';
import { readWorkbook } from './xlsx/open-workbook.js';
import type { ClientFile, IngestOptions } from './types.js';

/** 64 KiB reads: one read fills the sniffing window, and the stream never holds much more. */
const READ_CHUNK = 64 * 1024;

/** What a path that is not a regular file is, in words for an error line. */
function kindOf(s: Stats): string {
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/** Refuses anything but a regular file; a directory keeps its long-standing KYC_ERR_INPUT_NOT_FOUND. */
function requireRegular(path: string, s: Stats): void {
  if (s.isFile()) return;
  if (s.isDirectory()) throw new KycError('KYC_ERR_INPUT_NOT_FOUND', `${path} is a directory`);
  throw new KycError('KYC_ERR_INPUT_NOT_REGULAR', `${path} is ${kindOf(s)}`);
}

/**
 * Opens an input file for reading, regular files only: a FIFO would block the open (and the command) until
 * some writer came, a device would be read as endless or empty data. The path is looked at before it is
 * opened, and the open itself never waits (O_NONBLOCK), so a name swapped for a FIFO in between is caught
 * by the second look, at the handle. A symlink to a regular file is fine.
 */
export async function openRegularFile(path: string): Promise<FileHandle> {
  try {
    requireRegular(path, await stat(path));
  } catch (error) {
    if (error instanceof KycError) throw error;
    throw new KycError('KYC_ERR_INPUT_NOT_FOUND', `${path} (${codeOf(error)})`, { cause: error });
  }
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new KycError('KYC_ERR_INPUT_NOT_FOUND', `${path} (${codeOf(error)})`, { cause: error });
  }
  try {
    requireRegular(path, await handle.stat());
  } catch (error) {
    await handle.close();
    throw error instanceof KycError ? error : new KycError('KYC_ERR_INPUT_NOT_FOUND', path, { cause: error });
  }
  return handle;
}

function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : String(error);
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A ZIP whose first entry is an Office part: an .xlsx (the name of the file is not trusted either way). */
async function isWorkbook(handle: FileHandle): Promise<boolean> {
  const head = Buffer.alloc(4096);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  const bytes = head.subarray(0, bytesRead);
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) return false;
  const text = bytes.toString('latin1');
  return text.includes('[Content_Types].xml') || text.includes('xl/') || text.includes('_rels/');
}

export async function openClientFile(path: string, options?: IngestOptions): Promise<ClientFile> {
  const handle = await openRegularFile(path);
  try {
    if (await isWorkbook(handle)) return await readWorkbook(path, handle, options);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  // The stream owns the handle from here: it closes it at the end, on error and when destroyed.
  const stream = handle.createReadStream({ highWaterMark: READ_CHUNK });
  const file = await readClientStream(stream, options);
  return { ...file, bytesRead: () => stream.bytesRead };
}
