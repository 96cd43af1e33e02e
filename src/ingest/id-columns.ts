/**
 * A file whose INNs the reader cannot find screens every client without the debtor check, and reads CLEAR
 * where it should not. Two cases are told loudly (a file-level warning for the log, the run summary and
 * the manifest): a column full of INNs under a header no alias names, and a file with no identifier
 * column at all.
 */
import type { ParsedRecord } from './csv.js';
import { checkInn } from './fields.js';
import type { ColumnMapping, FileWarning } from './types.js';

/** Share of a column's non-empty sampled cells that must pass the INN checksum for it to hold INNs. */
const INN_SHARE = 0.8;
/** Fewer filled cells than this prove nothing either way. */
const MIN_FILLED = 3;

function holdsInns(records: readonly ParsedRecord[], column: number): boolean {
  let filled = 0;
  let inns = 0;
  for (const { cells } of records) {
    const cell = (cells[column] ?? '').trim();
    if (cell === '') continue;
    filled++;
    if (checkInn(cell)?.ok === true) inns++;
  }
  return filled >= MIN_FILLED && inns >= filled * INN_SHARE;
}

export function identifierColumnWarnings(
  columns: readonly string[],
  mapping: ColumnMapping,
  sample: readonly ParsedRecord[],
): FileWarning[] {
  if (mapping.inn !== undefined) return [];
  const mapped = new Set(Object.values(mapping));
  const unmapped = columns.flatMap((name, index) =>
    !mapped.has(index) && holdsInns(sample, index) ? [name] : [],
  );
  if (unmapped.length > 0) {
    const names = unmapped.map((n) => JSON.stringify(n)).join(', ');
    return [
      {
        code: 'KYC_ERR_INPUT_ID_COLUMN',
        message:
          `column ${names} holds INNs but its header is not known, so no INN is used: the debtor check ` +
          `cannot run; map it with --columns inn=${JSON.stringify(unmapped[0])}`,
      },
    ];
  }
  if (mapping.ogrn === undefined && mapping.ogrnip === undefined && mapping.snils === undefined) {
    return [
      {
        code: 'KYC_ERR_INPUT_ID_COLUMN',
        message:
          'the file has no ИНН, ОГРН, ОГРНИП or СНИЛС column: clients are screened by name only and the ' +
          'debtor check cannot run; add an INN column, or map one with --columns inn=<header>',
      },
    ];
  }
  return [];
}
