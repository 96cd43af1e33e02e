import { createHash } from 'node:crypto';
import { close, readFile, write } from 'node:fs';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { KycError } from '../errors.js';
import { bomBytes, encodeCsvRecord, type CsvFormat } from '../export/csv-format.js';
import { firstInvalidUtf8 } from '../ingest/decode.js';
import { openRegularFile } from '../ingest/open-file.js';
import { openGuardedAppend, type GuardOptions } from '../infra/guarded-file.js';
import { sniffDelimiter } from '../ingest/sniff.js';
import { WHITELIST_COLUMNS, type WhitelistEntry } from '../verdict/whitelist-entry.js';

/**
 * The whitelist CSV: one reviewed false positive per line, columns client_key, register, record_id,
 * record_hash, reviewer, date, comment (header names compared without case, spaces or underscores; other
 * columns are ignored). Reviewers edit it in Excel, so a Windows-1251 file or `;` delimiters are read as
 * well, and `whitelist add` appends in the file's own encoding and delimiter.
 */

export interface WhitelistFile {
  readonly path: string;
  readonly sha256: string;
  /** The file's bytes, kept with the run so that an audit export holds exactly what was applied. */
  readonly bytes: Buffer;
  readonly text: string;
  readonly entries: readonly WhitelistEntry[];
  readonly format: CsvFormat;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const KEY_PREFIXES = ['id:', 'inn:', 'name:'];
const fold = (cell: string) => cell.toLowerCase().replace(/[\s_-]+/gu, '');

function invalid(path: string, detail: string): KycError {
  return new KycError('KYC_ERR_WHITELIST_FILE', `${path}: ${detail}`);
}

function decode(bytes: Buffer): { text: string; encoding: 'utf-8' | 'windows-1251'; bom: boolean } {
  const bom = bytes.subarray(0, 3).equals(UTF8_BOM);
  const body = bom ? bytes.subarray(3) : bytes;
  if (firstInvalidUtf8(body) === body.length) return { text: body.toString('utf8'), encoding: 'utf-8', bom };
  return { text: iconv.decode(body, 'windows-1251'), encoding: 'windows-1251', bom: false };
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/u.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function entryOf(path: string, line: number, cells: Readonly<Record<string, string>>): WhitelistEntry {
  const get = (column: (typeof WHITELIST_COLUMNS)[number]) => (cells[column] ?? '').trim();
  const entry: WhitelistEntry = {
    clientKey: get('client_key'),
    register: get('register'),
    recordId: get('record_id'),
    recordHash: get('record_hash').toLowerCase(),
    reviewer: get('reviewer'),
    date: get('date'),
    comment: get('comment'),
  };
  const at = `line ${line}`;
  if (!KEY_PREFIXES.some((p) => entry.clientKey.startsWith(p) && entry.clientKey.length > p.length))
    throw invalid(path, `${at}: client_key must start with id:, inn: or name: (as whitelist add writes it)`);
  if (!entry.register) throw invalid(path, `${at}: register is empty`);
  if (!entry.recordId) throw invalid(path, `${at}: record_id is empty`);
  if (!/^[0-9a-f]{64}$/u.test(entry.recordHash))
    throw invalid(path, `${at}: record_hash must be 64 hex digits (sha256)`);
  if (!entry.reviewer) throw invalid(path, `${at}: reviewer is empty`);
  if (!isIsoDate(entry.date)) throw invalid(path, `${at}: date must be YYYY-MM-DD`);
  return entry;
}

export function parseWhitelist(path: string, bytes: Buffer): WhitelistFile {
  const { text, encoding, bom } = decode(bytes);
  if (text.trim() === '') throw invalid(path, 'the file is empty (it needs at least the header line)');
  const delimiter = sniffDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    throw invalid(path, error instanceof Error ? error.message : String(error));
  }
  const [header = [], ...rows] = records;
  const folded = header.map(fold);
  const index = new Map<string, number>();
  for (const column of WHITELIST_COLUMNS) {
    const at = folded.indexOf(fold(column));
    if (at < 0) throw invalid(path, `the header has no ${column} column (${WHITELIST_COLUMNS.join(', ')})`);
    index.set(column, at);
  }
  const entries = rows.map((row, i) => {
    const cells: Record<string, string> = {};
    for (const [column, at] of index) cells[column] = row[at] ?? '';
    return entryOf(path, i + 2, cells);
  });
  return {
    path,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
    text,
    entries,
    format: { encoding, bom, delimiter },
  };
}

export async function readWhitelist(path: string): Promise<WhitelistFile> {
  let bytes: Buffer;
  try {
    const handle = await openRegularFile(path);
    try {
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (error) {
    // A FIFO or a device keeps its own code: it is not a whitelist that could be fixed.
    if (error instanceof KycError && error.code === 'KYC_ERR_INPUT_NOT_REGULAR') throw error;
    throw new KycError('KYC_ERR_WHITELIST_FILE', `${path}: cannot be read`, { cause: error });
  }
  return parseWhitelist(path, bytes);
}

function cellsOf(entry: WhitelistEntry): string[] {
  return [
    entry.clientKey,
    entry.register,
    entry.recordId,
    entry.recordHash,
    entry.reviewer,
    entry.date,
    entry.comment,
  ];
}

/**
 * Appends one entry in the file's own encoding and delimiter. A new file is created in `format` (the format
 * of the verdicts file the entry came from, which follows the input), so that it opens in the spreadsheet
 * the reviewers already use; UTF-8 files get a BOM so that Excel reads them as UTF-8.
 */
// The descriptor-taking forms: the guarded writer hands out a descriptor, opened once for read and append.
const readFd = promisify(readFile);
const writeFd = promisify(write);
const closeFd = promisify(close);

export async function appendWhitelistEntry(
  path: string,
  entry: WhitelistEntry,
  format: CsvFormat = { encoding: 'utf-8', bom: true, delimiter: ',' },
  guard: GuardOptions = {},
): Promise<void> {
  // One descriptor for the read and the append: never through a symlink, a new file 0600 (guarded-file.ts).
  const fd = openGuardedAppend(path, guard);
  try {
    let existing: Buffer;
    try {
      existing = await readFd(fd);
    } catch (error) {
      throw new KycError('KYC_ERR_WHITELIST_FILE', `${path}: cannot be read`, { cause: error });
    }
    if (existing.length === 0) {
      const created: CsvFormat = format.encoding === 'utf-8' ? { ...format, bom: true } : format;
      await writeFd(
        fd,
        Buffer.concat([
          bomBytes(created),
          encodeCsvRecord([...WHITELIST_COLUMNS], created),
          encodeCsvRecord(cellsOf(entry), created),
        ]),
      );
      return;
    }
    // Validates the file first: an entry appended to a broken file would be lost with it.
    const file = parseWhitelist(path, existing);
    const separator = /[\r\n]$/u.test(file.text) ? '' : '\r\n';
    const appended = { ...file.format, bom: false };
    await writeFd(
      fd,
      Buffer.concat([
        iconv.encode(separator, file.format.encoding),
        encodeCsvRecord(cellsOf(entry), appended),
      ]),
    );
  } finally {
    await closeFd(fd);
  }
}
