/**
 * OWASP CSV formula injection: a cell a spreadsheet may evaluate must not start with `=`, `+`, `-`, `@`,
 * tab, carriage return or line feed. Such a cell gets a leading single quote (never a tab), inside normal
 * RFC 4180 quoting done by the CSV writer.
 *
 * The judgement call, documented in docs/pipeline.md ("Outputs"): a cell that is a plain decimal number
 * (`-12`, `-3.50`, `-3,50`) is left as it is. A spreadsheet reads it as a number, not a formula, and amounts
 * exported by banking systems must stay numbers. Anything else starting with a trigger (`-2+3`, `-A1`) is
 * prefixed.
 */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\n']);
const PLAIN_NUMBER = /^-\d+(?:[.,]\d+)?$/;

export function neutralizeCell(cell: string): string {
  if (cell.length === 0 || !TRIGGERS.has(cell.charAt(0))) return cell;
  if (PLAIN_NUMBER.test(cell)) return cell;
  return `'${cell}`;
}

export function isDangerousCell(cell: string): boolean {
  return neutralizeCell(cell) !== cell;
}
