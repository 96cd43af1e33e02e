import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { CHECK_KINDS } from '../../../src/domain/check.js';

/** A verdicts.csv read back: the header, and each row as a column → cell map, by client_id. */
export interface VerdictFile {
  readonly header: readonly string[];
  readonly rows: readonly Readonly<Record<string, string>>[];
  byId(id: string): Readonly<Record<string, string>>;
}

export function readVerdicts(path: string): VerdictFile {
  const [header = [], ...cells] = parse(readFileSync(path, 'utf8'), { bom: true });
  const rows = cells.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
  return {
    header,
    rows,
    byId(id) {
      const row = rows.find((r) => r.client_id === id);
      if (!row) throw new Error(`no row ${id}`);
      return row;
    },
  };
}

/** The reason codes of a verdict row. */
export function reasonsOf(row: Readonly<Record<string, string>>): string[] {
  return (row.kyc_reasons ?? '').split('; ');
}

/** `FLAG: detail` → `FLAG`. */
export function statusOf(cell: string | undefined): string {
  return (cell ?? '').split(':')[0] ?? '';
}

/** The check kinds a verdict file has status columns for. */
export function statusColumns(header: readonly string[]): string[] {
  return CHECK_KINDS.filter((kind) => header.includes(`kyc_${kind}`));
}
