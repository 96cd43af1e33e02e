import { excelSerialToIso } from '../dates.js';
import type { SharedStrings } from './shared-strings.js';

/** A cell as the sheet stores it: its type (`t`), raw value (`<v>` or inline text) and style index (`s`). */
export interface RawCell {
  readonly type: string | undefined;
  readonly value: string;
  readonly style: number;
}

export interface CellContext {
  readonly strings: SharedStrings;
  readonly dateStyles: ReadonlySet<number>;
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/u;

/**
 * A number as digits a person would type: an INN Excel stored as 7707083893 (or 7.707083893E9) reads as
 * `7707083893`, never in exponent form. A number past 2^53 is kept as written: its digits were already
 * lost inside Excel (15 significant digits), and the row's checks will say the identifier is invalid.
 */
export function numberText(raw: string): string {
  const trimmed = raw.trim();
  if (!NUMBER.test(trimmed)) return trimmed;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return trimmed;
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
}

/** A date-styled number as an ISO date (the time of day dropped); an impossible serial stays a number. */
function dateText(raw: string): string {
  const serial = Number(raw);
  const date = excelSerialToIso(serial);
  return date.ok ? date.iso : numberText(raw);
}

/** The cell's text as the reader hands it on: what the cell shows, without Excel's display formatting. */
export function cellText(cell: RawCell, context: CellContext): string {
  switch (cell.type) {
    case 's': {
      const index = Number(cell.value);
      return context.strings.at(index) ?? '';
    }
    case 'inlineStr':
    case 'str':
    case 'e':
      return cell.value;
    case 'b':
      return cell.value.trim() === '1' ? 'TRUE' : 'FALSE';
    case 'd':
      // ISO 8601 date-time (strict OOXML): the date part.
      return cell.value.slice(0, 10);
    default:
      if (cell.value.trim() === '') return '';
      return context.dateStyles.has(cell.style) ? dateText(cell.value) : numberText(cell.value);
  }
}

/** Column index (0-based) of a cell reference: `C7` → 2, `AA1` → 26; undefined when there is none. */
export function columnOf(reference: string | undefined): number | undefined {
  if (!reference) return undefined;
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
  }
  return i === 0 ? undefined : column - 1;
}
