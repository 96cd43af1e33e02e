import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { ParsedRecord } from '../csv.js';
import { KycError } from '../../errors.js';
import { cellText, columnOf, type CellContext } from './cell-value.js';
import { unescapeOoxml, xmlReader } from './xml.js';
import { inflatedTooLarge } from './zip-archive.js';

/** What one sheet may take: the CSV limit of a line, applied to a row, and the cap of the whole sheet. */
export interface SheetLimits {
  /** A row as the CSV line it becomes (its cells' UTF-8 bytes and a delimiter between each), as maxLineBytes. */
  readonly maxRowBytes: number;
  /** The sheet inflated, and the CSV of its rows, each (KYC_XLSX_MAX_SHEET_BYTES). */
  readonly maxSheetBytes: number;
}

function rowTooLong(row: number, max: number): KycError {
  return new KycError(
    'KYC_ERR_INPUT_LINE_TOO_LONG',
    `row ${row} of the sheet is longer than ${max} bytes as a CSV line (its cells with a delimiter between each)`,
  );
}

/** A worksheet has 16,384 columns, A to XFD (ECMA-376 part 1, 18.3.1.4). */
export const MAX_COLUMNS = 16_384;

/**
 * A cell past XFD is no cell Excel can write: the workbook was made by hand, or made to pad a row to a
 * column number of millions (which no process survives); it is refused before any cell is added for it.
 */
function checkColumn(column: number, reference: string | undefined, row: number): void {
  if (column < MAX_COLUMNS) return;
  const cell =
    reference === undefined ? `cell ${column + 1}` : `cell ${JSON.stringify(reference.slice(0, 32))}`;
  throw new KycError(
    'KYC_ERR_INPUT_XLSX',
    `row ${row}: ${cell} is beyond column XFD, the last of a worksheet (${MAX_COLUMNS} columns)`,
  );
}

/** A row of the sheet as a record: its cells (gaps filled with empty cells) and its row number as `line`. */
class RowCollector {
  readonly done: ParsedRecord[] = [];
  private cells: string[] | undefined;
  private rowNumber = 0;
  /** Where a cell without a reference goes: after the one before it, empty or not. */
  private nextColumn = 0;
  private cell: { type: string | undefined; style: number; column: number; value: string[] } | undefined;
  private inValue = false;
  /** Characters of the row so far (a lower bound of its UTF-8 bytes), to stop a runaway row early. */
  private rowChars = 0;
  /** The CSV bytes of the rows made so far, against the sheet's cap. */
  private csvBytes = 0;

  constructor(
    private readonly context: CellContext,
    private readonly limits: SheetLimits,
    private readonly part: string,
  ) {}

  open(name: string, a: Readonly<Record<string, string>>): void {
    if (name === 'row') {
      this.rowNumber = a.r === undefined ? this.rowNumber + 1 : Number(a.r);
      this.cells = [];
      this.rowChars = 0;
      this.nextColumn = 0;
    } else if (name === 'c' && this.cells) {
      const column = columnOf(a.r) ?? this.nextColumn;
      checkColumn(column, a.r, this.rowNumber);
      this.nextColumn = column + 1;
      this.cell = { type: a.t, style: Number(a.s ?? 0), column, value: [] };
    } else if ((name === 'v' || name === 't') && this.cell) this.inValue = true;
  }

  text(text: string): void {
    if (!this.inValue || !this.cell) return;
    this.rowChars += text.length;
    if (this.rowChars > this.limits.maxRowBytes) throw rowTooLong(this.rowNumber, this.limits.maxRowBytes);
    this.cell.value.push(text);
  }

  close(name: string): void {
    if (name === 'v' || name === 't') this.inValue = false;
    else if (name === 'c' && this.cell && this.cells) {
      const { type, style, column, value } = this.cell;
      const raw = value.join('');
      const text = cellText(
        { type, style, value: type === 'inlineStr' || type === 'str' ? unescapeOoxml(raw) : raw },
        this.context,
      );
      // An empty cell (styled, or with an empty value) adds nothing: gaps are filled when a value follows.
      if (text !== '') {
        while (this.cells.length < column) this.cells.push('');
        this.cells[column] = text;
      }
      this.cell = undefined;
    } else if (name === 'row' && this.cells) {
      this.endRow(this.cells);
      this.cells = undefined;
    }
  }

  private endRow(cells: string[]): void {
    let bytes = Math.max(0, cells.length - 1);
    for (const cell of cells) bytes += cell.length === 0 ? 0 : Buffer.byteLength(cell, 'utf8');
    if (bytes > this.limits.maxRowBytes) throw rowTooLong(this.rowNumber, this.limits.maxRowBytes);
    this.csvBytes += bytes + 2;
    if (this.csvBytes > this.limits.maxSheetBytes)
      throw inflatedTooLarge(`${this.part} (as CSV)`, this.limits.maxSheetBytes, 'KYC_XLSX_MAX_SHEET_BYTES');
    this.done.push({ cells, line: this.rowNumber });
  }
}

/**
 * The sheet's rows, streamed: the XML is parsed as it is inflated, so a sheet of a million rows never sits
 * in memory. `consumed` counts the sheet's uncompressed bytes read, for progress.
 */
export async function* sheetRows(
  part: string,
  stream: Readable,
  context: CellContext & SheetLimits,
  consumed: (bytes: number) => void,
): AsyncGenerator<ParsedRecord> {
  const rows = new RowCollector(context, context, part);
  let inflated = 0;
  const reader = xmlReader(
    part,
    {
      open: (name, attributes) => rows.open(name, attributes),
      text: (text) => rows.text(text),
      close: (name) => rows.close(name),
    },
    // No text between two tags can be longer than a row may be.
    context.maxRowBytes,
  );
  const decoder = new StringDecoder('utf8');
  for await (const chunk of stream) {
    inflated += (chunk as Buffer).length;
    if (inflated > context.maxSheetBytes)
      throw inflatedTooLarge(part, context.maxSheetBytes, 'KYC_XLSX_MAX_SHEET_BYTES');
    consumed((chunk as Buffer).length);
    reader.write(decoder.write(chunk as Buffer));
    yield* rows.done.splice(0);
  }
  reader.write(decoder.end());
  reader.end();
  yield* rows.done.splice(0);
}
