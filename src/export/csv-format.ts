import iconv from 'iconv-lite';
import { stringify } from 'csv-stringify/sync';
import { neutralizeCell } from './csv-injection.js';

export type OutputEncoding = 'utf-8' | 'windows-1251' | 'utf-16le';

/** How output files are written; by default the input's own encoding, BOM and delimiter. */
export interface CsvFormat {
  readonly encoding: OutputEncoding;
  readonly bom: boolean;
  readonly delimiter: string;
}

/** The byte-order mark a format starts with, or an empty buffer. */
export function bomBytes(format: CsvFormat): Buffer {
  if (!format.bom && format.encoding !== 'utf-16le') return Buffer.alloc(0);
  if (format.encoding === 'utf-8') return Buffer.from([0xef, 0xbb, 0xbf]);
  if (format.encoding === 'utf-16le') return Buffer.from([0xff, 0xfe]);
  return Buffer.alloc(0);
}

/**
 * One CSV record, every cell neutralised against formula injection, quoted as RFC 4180 needs, CRLF
 * terminated (what Excel and RFC 4180 expect), encoded to bytes. Byte lengths matter: the writer's
 * checkpoint counts them to truncate the file exactly on resume.
 */
export function encodeCsvRecord(cells: readonly string[], format: CsvFormat): Buffer {
  return encodeText(recordText(cells, format), format.encoding);
}

/** The verdict row as CSV text, before encoding (what encodeCsvRecord encodes). */
function recordText(cells: readonly string[], format: CsvFormat): string {
  return stringify([cells.map(neutralizeCell)], {
    delimiter: format.delimiter,
    record_delimiter: '\r\n',
    // csv-stringify quotes only cells holding the whole record delimiter; a lone CR or LF must be quoted too.
    quoted_match: /[\r\n]/,
  });
}

/**
 * The record encoded, and whether the encoding had to replace a character it cannot represent (`Müller`
 * in windows-1251 becomes `M?ller`). UTF-8 and UTF-16 represent every character.
 */
export function encodeCsvRecordChecked(
  cells: readonly string[],
  format: CsvFormat,
): { bytes: Buffer; lossy: boolean } {
  const text = recordText(cells, format);
  const bytes = encodeText(text, format.encoding);
  // Printable ASCII is in every encoding; anything else is checked by a round trip.
  const lossy =
    format.encoding === 'windows-1251' &&
    /[^\x20-\x7e\t\r\n]/u.test(text) &&
    iconv.decode(bytes, format.encoding) !== text;
  return { bytes, lossy };
}

export function encodeText(text: string, encoding: OutputEncoding): Buffer {
  return encoding === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, encoding);
}
