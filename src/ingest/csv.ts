/**
 * csv-parse, configured once for bank exports, and the translation of its errors into catalog codes.
 * The parser reads UTF-8 bytes; it holds one record at a time, capped by max_record_size.
 */
import { CsvError, Parser, type Options } from 'csv-parse';
import { KycError } from '../errors.js';

/** One record with the physical line it ends on (records with quoted line breaks span several). */
export interface ParsedRecord {
  readonly cells: string[];
  readonly line: number;
  /** Bytes of the parser's input up to the end of this record (absent: not parsed from a byte stream). */
  readonly bytes?: number;
}

/** Where the parser stands, kept up to date while it runs, for the line numbers in error messages. */
export class ParsePosition {
  /** Physical line the last complete record ended on (0 before the first). */
  lastRecordLine = 0;
  /** Blank lines skipped up to that record. */
  emptyLinesAtLastRecord = 0;
  /** Data rows handed out so far (those before a resume's first row included), for the run's progress. */
  rowsRead = 0;
  /** Bytes of the parser's input up to the end of the last row handed out. */
  rowsEndByte = 0;

  /** The line where the record after the last complete one starts, given the blank lines skipped since. */
  nextRecordStart(emptyLinesNow: number): number {
    return this.lastRecordLine + 1 + Math.max(0, emptyLinesNow - this.emptyLinesAtLastRecord);
  }
}

const PARSER_OPTIONS: Options = {
  quote: '"',
  escape: '"',
  // Every common line ending, in any mix: exports appended to by a second tool mix them.
  record_delimiter: ['\r\n', '\n', '\r'],
  // Unquoted fields with quotes inside (ООО "Ромашка") are everyday 1C/Excel output, not an error.
  relax_quotes: true,
  // A short or long row is a row problem (COLUMN_COUNT), reported on that row; it must not stop the file.
  relax_column_count: true,
  skip_empty_lines: true,
  bom: false,
};

/**
 * csv-parse that tags every record with the physical line it ends on. The parser pushes each record
 * synchronously while its live `info` still describes that record, so reading `info.lines` in push is
 * exact and costs nothing, where the `on_record` hook would build two info objects per record.
 */
export class LinedCsvParser extends Parser {
  readonly position = new ParsePosition();

  constructor(delimiter: string, maxRecordBytes: number) {
    super({ ...PARSER_OPTIONS, delimiter, max_record_size: maxRecordBytes });
  }

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null || chunk === undefined) return super.push(chunk, encoding);
    const line = this.info.lines;
    this.position.lastRecordLine = line;
    this.position.emptyLinesAtLastRecord = this.info.empty_lines;
    const record: ParsedRecord = { cells: chunk as string[], line, bytes: this.info.bytes };
    return super.push(record, encoding);
  }
}

function numberField(error: CsvError, key: string): number | undefined {
  const value = error[key];
  return typeof value === 'number' ? value : undefined;
}

/** Turns whatever the read pipeline threw into the one KycError the caller reports. */
export function toKycError(error: unknown, position: ParsePosition, maxLineBytes: number): KycError {
  if (error instanceof KycError) return error;
  if (error instanceof CsvError) {
    const lineNow = numberField(error, 'lines') ?? position.lastRecordLine + 1;
    const start = position.nextRecordStart(
      numberField(error, 'empty_lines') ?? position.emptyLinesAtLastRecord,
    );
    switch (error.code) {
      case 'CSV_QUOTE_NOT_CLOSED':
        return new KycError(
          'KYC_ERR_INPUT_PARSE',
          `unbalanced quotes: the quoted field opened in the record starting at line ${start} is not closed ` +
            `by the end of the file (line ${lineNow})`,
          { cause: error },
        );
      case 'CSV_MAX_RECORD_SIZE':
        return new KycError(
          'KYC_ERR_INPUT_LINE_TOO_LONG',
          `the record starting at line ${start} is longer than ${maxLineBytes} bytes by line ${lineNow}` +
            (lineNow > start
              ? ' (a quoted field runs over several lines: probably an unbalanced quote)'
              : ''),
          { cause: error },
        );
      default:
        return new KycError('KYC_ERR_INPUT_PARSE', `line ${lineNow}: ${error.message}`, { cause: error });
    }
  }
  if (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('E')
  ) {
    // A system error mid-read (EIO, a vanished network share): the file can no longer be read.
    return new KycError('KYC_ERR_INPUT_NOT_FOUND', error.message, { cause: error });
  }
  return new KycError('KYC_ERR_INTERNAL', error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}
