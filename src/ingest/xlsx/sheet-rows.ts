import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { ParsedRecord } from '../csv.js';
import { KycError } from '../../errors.js';
import { cellText, columnOf, type CellContext } from './cell-value.js';
import { unescapeOoxml, xmlReader } from './xml.js';

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
  private cell: { type: string | undefined; style: number; column: number; value: string[] } | undefined;
  private inValue = false;

  constructor(private readonly context: CellContext) {}

  open(name: string, a: Readonly<Record<string, string>>): void {
    if (name === 'row') {
      this.rowNumber = a.r === undefined ? this.rowNumber + 1 : Number(a.r);
      this.cells = [];
    } else if (name === 'c' && this.cells) {
      const column = columnOf(a.r) ?? this.cells.length;
      checkColumn(column, a.r, this.rowNumber);
      this.cell = { type: a.t, style: Number(a.s ?? 0), column, value: [] };
    } else if ((name === 'v' || name === 't') && this.cell) this.inValue = true;
  }

  text(text: string): void {
    if (this.inValue) this.cell?.value.push(text);
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
      while (this.cells.length < column) this.cells.push('');
      this.cells[column] = text;
      this.cell = undefined;
    } else if (name === 'row' && this.cells) {
      this.done.push({ cells: this.cells, line: this.rowNumber });
      this.cells = undefined;
    }
  }
}

/**
 * The sheet's rows, streamed: the XML is parsed as it is inflated, so a sheet of a million rows never sits
 * in memory. `consumed` counts the sheet's uncompressed bytes read, for progress.
 */
export async function* sheetRows(
  part: string,
  stream: Readable,
  context: CellContext,
  consumed: (bytes: number) => void,
): AsyncGenerator<ParsedRecord> {
  const rows = new RowCollector(context);
  const reader = xmlReader(part, {
    open: (name, attributes) => rows.open(name, attributes),
    text: (text) => rows.text(text),
    close: (name) => rows.close(name),
  });
  const decoder = new StringDecoder('utf8');
  for await (const chunk of stream) {
    consumed((chunk as Buffer).length);
    reader.write(decoder.write(chunk as Buffer));
    yield* rows.done.splice(0);
  }
  reader.write(decoder.end());
  reader.end();
  yield* rows.done.splice(0);
}
