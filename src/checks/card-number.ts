import { isValidLuhn } from '../identifiers/index.js';

/**
 * The card cell of a client row, read by the coordinator before anything reaches Redis. The reader keeps
 * only Luhn-valid full numbers in `Client.card` (masked and failing numbers become row warnings), but the
 * card check must also see those two: a failing number is the check's own finding, and a masked number
 * (what most bank exports carry) still names its BIN. Only the masked form ever leaves the coordinator.
 */
export type CardCell =
  /** 12–19 digits. `masked` is what job data, the service and the evidence see. */
  | { readonly form: 'full'; readonly masked: string; readonly luhnValid: boolean }
  /** Masked at the source: at least six leading digits (the BIN), mask characters, trailing digits. */
  | { readonly form: 'masked'; readonly masked: string }
  /** Anything else: too short, letters, a mask that hides the BIN. */
  | { readonly form: 'unreadable' };

const SEPARATORS = /[\s\u00a0\u2007\u202f-]+/g;
/** Exports mask with asterisks, x or bullets; the service takes asterisks. */
const MASK_CHARS = /[*xX•]/g;
const FULL = /^\d{12,19}$/;
const MASKED = /^\d{6,}\*+\d+$/;
/** `="4111…"`: the formula that exports use to keep Excel from turning a number into 4.111E+15. */
const FORMULA_TEXT = /^="(.*)"$/;

/** First six and last four digits, asterisks between, same length: the form PCI DSS allows to show. */
export function maskCardNumber(digits: string): string {
  if (digits.length <= 10) return '*'.repeat(digits.length);
  return digits.slice(0, 6) + '*'.repeat(digits.length - 10) + digits.slice(-4);
}

/** Reads a card cell; undefined when it is blank. */
export function readCardCell(raw: string | undefined): CardCell | undefined {
  let value = (raw ?? '').replace(SEPARATORS, '');
  const formula = FORMULA_TEXT.exec(value);
  if (formula) value = formula[1] ?? '';
  if (value.startsWith("'")) value = value.slice(1);
  if (value === '') return undefined;
  if (FULL.test(value)) return { form: 'full', masked: maskCardNumber(value), luhnValid: isValidLuhn(value) };
  const asterisks = value.replace(MASK_CHARS, '*');
  if (MASKED.test(asterisks) && asterisks.length >= 12 && asterisks.length <= 19) {
    // A source mask may show more than six and four digits; ours never does.
    const digitsShown = asterisks.replace(/\*/g, '').length;
    return { form: 'masked', masked: digitsShown > 10 ? remask(asterisks) : asterisks };
  }
  return { form: 'unreadable' };
}

/** Re-masks a masked number that shows more than the first six and last four digits. */
function remask(masked: string): string {
  return masked.slice(0, 6) + '*'.repeat(masked.length - 10) + masked.slice(-4);
}

/**
 * The card cell as verdicts.csv may show it: every digit after the sixth and before the last four is
 * replaced by `*`, separators and other characters stay. Only cells with at least 12 digits are touched
 * (no card number is shorter); this is the one exception to "input cells exactly as read".
 */
export function maskCardCell(cell: string): string {
  const total = cell.replace(/\D/g, '').length;
  if (total < 12) return cell;
  let seen = 0;
  return cell.replace(/\d/g, (digit) => {
    seen++;
    return seen <= 6 || seen > total - 4 ? digit : '*';
  });
}

/**
 * The row's cells with its card column masked; the same array when there is nothing to mask. A row with
 * more or fewer cells than the header (`width`) has its cells shifted, so the card number may sit in any
 * of them: there every cell that reads as a full, Luhn-valid card number is masked as well.
 */
export function maskCardColumn(
  cells: readonly string[],
  column: number | undefined,
  width?: number,
): readonly string[] {
  if (column === undefined) return cells;
  if (width !== undefined && cells.length !== width) {
    const out = cells.map((cell, i) => {
      const read = i === column ? undefined : readCardCell(cell);
      return i === column || (read?.form === 'full' && read.luhnValid) ? maskCardCell(cell) : cell;
    });
    return out.every((cell, i) => cell === cells[i]) ? cells : out;
  }
  const cell = cells[column];
  if (cell === undefined) return cells;
  const masked = maskCardCell(cell);
  if (masked === cell) return cells;
  const out = [...cells];
  out[column] = masked;
  return out;
}
