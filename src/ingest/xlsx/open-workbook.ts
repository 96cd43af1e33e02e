import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { KycError } from '../../errors.js';
import { ParsePosition, type ParsedRecord } from '../csv.js';
import { resolveOptions } from '../options.js';
import { clientFileOf } from '../reader.js';
import { RecordSource } from '../records.js';
import type { ClientFile, IngestOptions } from '../types.js';
import { sheetRows } from './sheet-rows.js';
import { NO_SHARED_STRINGS, readSharedStrings, type SharedStrings } from './shared-strings.js';
import { dateStyles } from './styles.js';
import { relatedPart, sheetsOf, workbookPart, type SheetRef } from './workbook-parts.js';
import { inflatedTooLarge, openZipArchive, type ZipArchive } from './zip-archive.js';

const STYLES_BYTES = 16 * 1024 * 1024;

/**
 * Outputs of a workbook's run are CSV for the same desk: UTF-8 with a byte-order mark and `;` between
 * cells, which Excel in a Russian locale opens as columns without an import dialog.
 */
const WORKBOOK_OUTPUT = { encoding: 'utf-8', bom: true, delimiter: ';' } as const;

/** `--sheet` by name, or by 1-based number among all sheets; default: the first visible sheet. */
export function chooseSheet(sheets: readonly SheetRef[], wanted: string | undefined): SheetRef {
  if (wanted === undefined) {
    const sheet = sheets.find((s) => !s.hidden) ?? sheets[0];
    if (sheet) return sheet;
  } else {
    const byName = sheets.find(
      (s) => s.name === wanted || s.name.trim().toLowerCase() === wanted.trim().toLowerCase(),
    );
    if (byName) return byName;
    const number = /^\d+$/u.test(wanted.trim()) ? sheets[Number(wanted) - 1] : undefined;
    if (number) return number;
  }
  throw new KycError(
    'KYC_ERR_INPUT_SHEET',
    `${wanted === undefined ? 'no sheet' : JSON.stringify(wanted)}; the workbook's sheets: ${sheets
      .map((s, i) => `${i + 1}. ${JSON.stringify(s.name)}`)
      .join(', ')}`,
  );
}

/**
 * A sheet stores no cell for an empty one, so a row's trailing empty cells are simply absent: rows are
 * padded to the header's width. A row wider than the header keeps its extra cells (and is INVALID as in CSV).
 */
async function* paddedToHeader(rows: AsyncIterable<ParsedRecord>): AsyncGenerator<ParsedRecord> {
  let width: number | undefined;
  for await (const record of rows) {
    const blank = record.cells.every((cell) => cell.trim() === '');
    if (width === undefined && !blank) width = record.cells.length;
    const missing = (width ?? 0) - record.cells.length;
    yield missing > 0 ? { ...record, cells: [...record.cells, ...Array<string>(missing).fill('')] } : record;
  }
}

/** The shared strings, streamed up to their cap (its directory size is checked first, then what inflates). */
async function sharedStringsOf(
  zip: ZipArchive,
  workbook: string,
  max: number,
  maxSpan: number,
): Promise<SharedStrings> {
  const part = await relatedPart(zip, workbook, /\/sharedStrings$/u);
  if (part === undefined) return NO_SHARED_STRINGS;
  if (zip.size(part) > max) throw inflatedTooLarge(part, max, 'KYC_XLSX_MAX_SHARED_STRINGS_BYTES');
  return readSharedStrings(part, await zip.stream(part), max, maxSpan);
}

/** A part the workbook relates to by type (styles), read whole up to a limit; absent: undefined. */
async function partText(
  zip: ZipArchive,
  workbook: string,
  type: RegExp,
  max: number,
): Promise<string | undefined> {
  const part = await relatedPart(zip, workbook, type);
  return part === undefined ? undefined : (await zip.read(part, max)).toString('utf8');
}

/**
 * An Excel workbook (.xlsx) read as a client file: one sheet, streamed row by row, with the same column
 * rules and INVALID rows as a CSV export. Dates are read from the cells' number formats, numbers as their
 * digits. The handle is the caller's regular file; it is closed when the rows end or the read fails.
 */
export async function readWorkbook(
  path: string,
  handle: FileHandle,
  options?: IngestOptions,
): Promise<ClientFile> {
  const opts = resolveOptions(options);
  const zip = await openZipArchive(path, handle.fd);
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    zip.close();
    void handle.close().catch(() => undefined);
  };
  try {
    const workbook = await workbookPart(zip);
    const sheet = chooseSheet(await sheetsOf(zip, workbook), options?.sheet);
    const strings = await sharedStringsOf(zip, workbook, opts.maxSharedStringsBytes, opts.maxLineBytes);
    const styles = dateStyles(await partText(zip, workbook, /\/styles$/u, STYLES_BYTES));
    const fileBytes = (await handle.stat()).size;
    const sheetBytes = Math.max(1, zip.size(sheet.part));
    if (sheetBytes > opts.maxSheetBytes)
      throw inflatedTooLarge(sheet.part, opts.maxSheetBytes, 'KYC_XLSX_MAX_SHEET_BYTES');
    let consumed = 0;
    const context = {
      strings,
      dateStyles: styles,
      maxRowBytes: opts.maxLineBytes,
      maxSheetBytes: opts.maxSheetBytes,
    };
    const rows = sheetRows(sheet.part, await zip.stream(sheet.part), context, (n) => {
      consumed += n;
    });
    const records = new RecordSource(Readable.from(paddedToHeader(rows), { objectMode: true }));
    const file = await clientFileOf({
      records,
      options: opts,
      format: { ...WORKBOOK_OUTPUT, workbook: { sheet: sheet.name } },
      position: new ParsePosition(),
      close,
    });
    return { ...file, bytesRead: () => Math.min(fileBytes, Math.round((consumed / sheetBytes) * fileBytes)) };
  } catch (error) {
    close();
    throw error;
  }
}
