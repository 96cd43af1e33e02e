/**
 * Bytes of a client file → header + a pulled stream of rows. The stages are Node streams joined by
 * `pipeline`, so each holds a bounded buffer and reads only as fast as the consumer pulls rows:
 *
 *   source chunks → RawGuard (line length, UTF-8 validity) → [iconv-lite decoder] → csv-parse → rows
 *
 * (the decoder only for Windows-1251 and UTF-16LE: csv-parse reads UTF-8 bytes itself). Only the first
 * SNIFF_BYTES are looked at ahead of parsing, to choose the encoding and the delimiter.
 */
import { Readable, type Transform, pipeline } from 'node:stream';
import { KycError } from '../errors.js';
import { LinedCsvParser, ParsePosition, toKycError, type ParsedRecord } from './csv.js';
import { RawGuard, createDecoder } from './decode.js';
import { hasKeyColumn, looksLikeData, mapHeader } from './headers.js';
import { identifierColumnWarnings } from './id-columns.js';
import { SNIFF_BYTES, resolveOptions, type ResolvedOptions } from './options.js';
import { RecordSource } from './records.js';
import { buildItem, rowContext, type RowContext } from './row.js';
import { inspectHead, sniffDelimiter } from './sniff.js';
import type { ClientFile, IngestEncoding, IngestHeader, IngestItem, IngestOptions } from './types.js';

type ByteSource = NodeJS.ReadableStream | AsyncIterable<Uint8Array>;
type ChunkIterator = AsyncIterator<unknown>;

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  // A stream someone called setEncoding() on hands out strings: they are already text, so UTF-8 is exact.
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new KycError('KYC_ERR_INTERNAL', `the input yielded ${typeof chunk}, not bytes`);
}

function iteratorOf(input: ByteSource): ChunkIterator {
  const iterable = input as Partial<AsyncIterable<unknown>>;
  const asyncIterator = iterable[Symbol.asyncIterator];
  if (typeof asyncIterator !== 'function') {
    throw new KycError('KYC_ERR_INTERNAL', 'the input is neither a readable stream nor an async iterable');
  }
  return asyncIterator.call(input);
}

/** Pulls chunks until at least `size` bytes are in hand (or the input ends). */
async function readHead(source: ChunkIterator, size: number): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await source.next();
    if (next.done === true) return { head: Buffer.concat(chunks, length), done: true };
    const chunk = toBuffer(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  return { head: Buffer.concat(chunks, length), done: false };
}

/** The head already read, then the rest of the source, every chunk seen by the guard on the way. */
async function* rawChunks(first: Buffer, done: boolean, source: ChunkIterator, guard: RawGuard) {
  try {
    if (first.length > 0) {
      guard.push(first);
      yield first;
    }
    if (!done) {
      for (;;) {
        const next = await source.next();
        if (next.done === true) break;
        const chunk = toBuffer(next.value);
        if (chunk.length === 0) continue;
        guard.push(chunk);
        yield chunk;
      }
    }
    guard.end();
  } finally {
    // Closes the file when reading stops early (an error, or a consumer that stopped pulling rows).
    await source.return?.();
  }
}

/**
 * How many bytes of the file the rows handed out took: the parser counts the bytes it was given, which are
 * the file's own for UTF-8 and the decoder's UTF-8 for the other encodings, scaled back by the file's bytes
 * per decoded byte, both counted as each chunk is decoded.
 */
class ByteCounts {
  private raw = 0;
  private decoded = 0;
  private decoding = false;

  constructor(private readonly bom: number) {}

  /** The decoder of the other encodings, counting what it takes and what it hands the parser. */
  decoder(encoding: IngestEncoding): Transform {
    this.decoding = true;
    return createDecoder(encoding, (raw, decoded) => {
      this.raw += raw;
      this.decoded += decoded;
    });
  }

  fileBytes(parsed: number): number {
    if (!this.decoding) return this.bom + parsed;
    return this.decoded > 0 ? this.bom + Math.round((parsed * this.raw) / this.decoded) : this.bom;
  }
}

/** Whitespace-only records (an empty Excel row: ";;;;") carry no client and are not rows. */
function isBlank(cells: readonly string[]): boolean {
  for (const cell of cells) {
    if (cell.length > 0 && cell.trim() !== '') return false;
  }
  return true;
}

async function nextRecord(records: RecordSource): Promise<ParsedRecord | undefined> {
  for (;;) {
    const record = await records.next();
    if (record === undefined || !isBlank(record.cells)) return record;
  }
}

function checkFieldSizes(record: ParsedRecord, max: number, header: readonly string[] | undefined): void {
  const { cells } = record;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i] ?? '';
    // UTF-8 needs at most 3 bytes per UTF-16 code unit, so shorter strings cannot be over the limit.
    if (cell.length * 3 <= max) continue;
    const bytes = Buffer.byteLength(cell, 'utf8');
    if (bytes <= max) continue;
    const column = header?.[i] === undefined ? `column ${i + 1}` : `column ${i + 1} ("${header[i]}")`;
    throw new KycError(
      'KYC_ERR_INPUT_FIELD_TOO_LONG',
      `${column} of the record ending on line ${record.line} is ${bytes} bytes; the limit is ${max}`,
    );
  }
}

/**
 * The rows as an iterable that can be iterated once. `return()` also closes the input when the rows
 * were never pulled: a generator that has not started skips its `finally`, and the file would stay
 * open until the process ends.
 */
function onlyOnce<T>(generator: AsyncGenerator<T>, close: () => void): AsyncIterable<T> {
  let taken = false;
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      if (taken)
        throw new KycError('KYC_ERR_INTERNAL', 'the rows of a client file can be iterated only once');
      taken = true;
      return {
        next: () => generator.next(),
        return: async (value?: unknown) => {
          close();
          return generator.return(value);
        },
      };
    },
  };
}

/** What rowsOf pulls records from: the file's RecordSource, or the same with records read ahead first. */
type Records = Pick<RecordSource, 'next'>;

interface RowsState {
  readonly records: Records;
  readonly context: RowContext;
  readonly header: readonly string[];
  readonly options: ResolvedOptions;
  readonly position: ParsePosition;
  readonly close: () => void;
}

async function* rowsOf(state: RowsState): AsyncGenerator<IngestItem> {
  const { records, context, header, options, position } = state;
  let row = 0;
  try {
    for (;;) {
      const pending = records.next();
      // Buffered records come back without a promise: one await per row (the yield) instead of three.
      const record = pending instanceof Promise ? await pending : pending;
      if (record === undefined) return;
      if (isBlank(record.cells)) continue;
      row++;
      position.rowsRead = row;
      if (record.bytes !== undefined) position.rowsEndByte = record.bytes;
      checkFieldSizes(record, options.maxFieldBytes, header);
      if (row < options.startRow) continue;
      yield buildItem(row, record.cells, record.line, context);
    }
  } catch (error) {
    throw toKycError(error, position, options.maxLineBytes);
  } finally {
    state.close();
  }
}

/** Delimiters people use that the sniffer does not guess (a wrong guess would split names). */
const OTHER_DELIMITERS = [':', '#', '~', '^', '!', '/', '\\'];

/**
 * A one-column header that holds key columns once split on an unusual character: the file is delimited
 * by that character, and saying so beats "no name column" for a file that has one.
 */
function refuseUnsupportedDelimiter(columns: readonly string[], opts: ResolvedOptions): void {
  const [only] = columns;
  if (columns.length !== 1 || only === undefined || opts.delimiter !== undefined) return;
  for (const delimiter of OTHER_DELIMITERS) {
    const parts = only.split(delimiter);
    if (parts.length > 1 && hasKeyColumn(mapHeader(parts, opts.columns).mapping))
      throw new KycError(
        'KYC_ERR_INPUT_DELIMITER',
        `the columns are separated by ${JSON.stringify(delimiter)}, which is not detected automatically ` +
          `(only ; , tab and | are); give the delimiter: --delimiter '${delimiter}'`,
      );
  }
}

/** Rows looked at ahead of screening, to find a column of INNs under a header the reader does not know. */
const LOOK_AHEAD_ROWS = 50;

/** Up to `count` non-blank records read ahead, and a source that gives them back before the rest. */
async function readAhead(
  records: RecordSource,
  count: number,
): Promise<{ records: ParsedRecord[]; source: Records }> {
  const ahead: ParsedRecord[] = [];
  while (ahead.length < count) {
    const record = await nextRecord(records);
    if (record === undefined) break;
    ahead.push(record);
  }
  let i = 0;
  const source: Records = { next: () => (i < ahead.length ? ahead[i++] : records.next()) };
  return { records: ahead, source };
}

/** Where the records come from and how the file was written, for the header. */
export interface RecordsOfFile {
  readonly records: RecordSource;
  readonly options: ResolvedOptions;
  readonly format: Pick<IngestHeader, 'encoding' | 'bom' | 'delimiter'> &
    Partial<Pick<IngestHeader, 'workbook'>>;
  readonly position: ParsePosition;
  readonly close: () => void;
}

/**
 * The header and rows of a client file from its records, whatever the file was (CSV text or a workbook's
 * sheet): the same column rules and INVALID rows for both.
 */
export async function clientFileOf(source: RecordsOfFile): Promise<ClientFile> {
  const { records, options: opts, position, close } = source;
  const first = await nextRecord(records);
  if (first === undefined) throw new KycError('KYC_ERR_INPUT_EMPTY', 'the file holds only blank lines');
  checkFieldSizes(first, opts.maxFieldBytes, undefined);
  const columns = first.cells;
  const { mapping, bik } = mapHeader(columns, opts.columns);
  if (!hasKeyColumn(mapping)) {
    refuseUnsupportedDelimiter(columns, opts);
    if (looksLikeData(columns, opts.today)) {
      throw new KycError(
        'KYC_ERR_INPUT_NO_HEADER',
        'the first line holds client data, not column names; add a header line',
      );
    }
    throw new KycError(
      'KYC_ERR_INPUT_NO_KEY_COLUMN',
      `none of the columns ${columns.map((c) => JSON.stringify(c)).join(', ')} is a name, ИНН, ОГРН, ОГРНИП ` +
        'or СНИЛС column; name them with the columns option (--columns name=…,inn=…)',
    );
  }
  const ahead = await readAhead(records, mapping.inn === undefined ? LOOK_AHEAD_ROWS : 1);
  if (ahead.records.length === 0) {
    throw new KycError(
      'KYC_ERR_INPUT_NO_ROWS',
      'the file has a header line and no client rows after it; nothing to screen',
    );
  }
  const warnings = identifierColumnWarnings(columns, mapping, ahead.records);
  const header: IngestHeader = {
    columns,
    mapping,
    ...source.format,
    ...(warnings.length ? { warnings } : {}),
  };
  const context: RowContext = rowContext(columns.length, mapping, bik, opts.today);
  const rows = rowsOf({ records: ahead.source, context, header: columns, options: opts, position, close });
  return { header, rows: onlyOnce(rows, close) };
}

/**
 * Reads a client file from any byte stream. File-level problems found in the head (empty, binary,
 * undecodable, no usable header) reject the promise; those found later are thrown by the row iterator.
 * The rows can be iterated once; stopping early (`break`) closes the input.
 */
export async function readClientStream(input: ByteSource, options?: IngestOptions): Promise<ClientFile> {
  const opts = resolveOptions(options);
  const source = iteratorOf(input);
  let parser: LinedCsvParser | undefined;
  const positionOf = (): ParsePosition => parser?.position ?? new ParsePosition();
  const close = (): void => {
    if (parser !== undefined) parser.destroy();
    // Nothing more is read from it: a failure to close changes no row.
    else source.return?.().catch(() => undefined);
  };
  try {
    const { head, done } = await readHead(source, SNIFF_BYTES);
    if (head.length === 0) throw new KycError('KYC_ERR_INPUT_EMPTY', 'the file has 0 bytes');
    const window = head.length > SNIFF_BYTES ? head.subarray(0, SNIFF_BYTES) : head;
    const complete = done && window.length === head.length;
    const inspection = inspectHead(window, opts.encoding, complete);
    if (complete && inspection.text.trim() === '') {
      throw new KycError(
        'KYC_ERR_INPUT_EMPTY',
        'the file holds no text, only blank lines or a byte order mark',
      );
    }
    const delimiter = opts.delimiter ?? sniffDelimiter(inspection.text);
    const guard = new RawGuard({
      encoding: inspection.encoding,
      maxLineBytes: opts.maxLineBytes,
      validateUtf8: inspection.encoding === 'utf-8',
      utf8Evidence: inspection.utf8Evidence,
      startOffset: inspection.bomLength,
    });
    const counts = new ByteCounts(inspection.bomLength);
    const raw = Readable.from(rawChunks(head.subarray(inspection.bomLength), done, source, guard), {
      objectMode: false,
    });
    parser = new LinedCsvParser(delimiter, opts.maxLineBytes);
    // csv-parse consumes UTF-8 bytes natively and decodes each field once; running UTF-8 input through a
    // decoder first would only turn bytes into text and back. The other encodings go through iconv-lite.
    // A failure in any stage destroys the parser with that error; RecordSource hands it to the caller.
    if (inspection.encoding === 'utf-8') pipeline(raw, parser, () => undefined);
    else pipeline(raw, counts.decoder(inspection.encoding), parser, () => undefined);
    const records = new RecordSource(parser);
    const position = parser.position;
    const consumed = () => ({ rows: position.rowsRead, bytes: counts.fileBytes(position.rowsEndByte) });
    const file = await clientFileOf({
      records,
      options: opts,
      format: { encoding: inspection.encoding, bom: inspection.bom, delimiter },
      position: parser.position,
      close,
    });
    return { ...file, consumed };
  } catch (error) {
    close();
    throw toKycError(error, positionOf(), opts.maxLineBytes);
  }
}
