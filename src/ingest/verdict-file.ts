import { CHECK_KINDS } from '../domain/check.js';
import { KycError } from '../errors.js';
import type { CsvFormat } from '../export/csv-format.js';
import { cleanText } from './names.js';
import { openClientFile, parseColumnsOption, type IngestItem } from './index.js';
import { clientKey, clientKeyOf } from '../matching/client-key.js';

/**
 * A verdicts.csv read back, one row at a time: the client key (computed by the same ingest that read the
 * original input, so it equals the key the coordinator gave the merge), the verdict columns and a display
 * name. Used by delta reports and by `whitelist add`.
 */
export interface VerdictRow {
  readonly row: number;
  /** The client key, or `row:<n>` for a row that has none (an INVALID row without id or name). */
  readonly key: string;
  readonly name: string;
  readonly verdict: string;
  /** The reasons of the `kyc_reasons` cell, each as written (`CODE` or `CODE: note`). */
  readonly reasons: readonly string[];
  /** `kyc_<kind>` status cells by check kind, for the checks the run had. */
  readonly checks: Readonly<Record<string, string>>;
  readonly matches: string;
  readonly runId: string;
}

export interface VerdictFile {
  readonly columns: readonly string[];
  /** Encoding, BOM and delimiter the file is written in: files made from it (delta, whitelist) follow it. */
  readonly format: CsvFormat;
  readonly rows: AsyncIterable<VerdictRow>;
}

export interface VerdictFileOptions {
  /** The --columns mapping the run was made with, when its header needed one. */
  readonly columns?: string | undefined;
}

export function splitReasons(cell: string): string[] {
  return cell === '' ? [] : cell.split('; ').filter((r) => r.length > 0);
}

export async function openVerdictFile(path: string, options: VerdictFileOptions = {}): Promise<VerdictFile> {
  const file = await openClientFile(
    path,
    options.columns ? { columns: parseColumnsOption(options.columns) } : {},
  );
  const { columns, mapping } = file.header;
  const at = (name: string) => columns.indexOf(name);
  const verdictAt = at('kyc_verdict');
  if (verdictAt < 0) {
    await file.rows[Symbol.asyncIterator]().return?.();
    throw new KycError('KYC_ERR_VERDICTS_FILE', path);
  }
  const reasonsAt = at('kyc_reasons');
  const matchesAt = at('kyc_matches');
  const runAt = at('kyc_run_id');
  const checkColumns = CHECK_KINDS.map((kind) => [kind, at(`kyc_${kind}`)] as const).filter(
    ([, i]) => i >= 0,
  );

  function toRow(item: IngestItem): VerdictRow {
    const cell = (i: number) => (i >= 0 ? (item.cells[i] ?? '') : '');
    const rawName = cell(mapping.fullName ?? -1);
    let key: string | undefined;
    let name: string;
    if ('client' in item) {
      key = clientKeyOf(item.client);
      name = item.client.name ?? rawName;
    } else {
      key = clientKey({ clientId: cleanText(cell(mapping.clientId ?? -1)) });
      name = rawName;
    }
    const checks: Record<string, string> = {};
    for (const [kind, i] of checkColumns) checks[kind] = cell(i);
    return {
      row: item.row,
      key: key ?? `row:${item.row}`,
      name,
      verdict: cell(verdictAt),
      reasons: splitReasons(cell(reasonsAt)),
      checks,
      matches: cell(matchesAt),
      runId: cell(runAt),
    };
  }

  const { encoding, bom, delimiter } = file.header;
  return {
    columns,
    format: { encoding, bom, delimiter },
    rows: (async function* () {
      for await (const item of file.rows) yield toRow(item);
    })(),
  };
}

/** The encoding, BOM and delimiter of a verdicts file, read from its head only. */
export async function verdictFileFormat(path: string, options: VerdictFileOptions = {}): Promise<CsvFormat> {
  const file = await openVerdictFile(path, options);
  await file.rows[Symbol.asyncIterator]().return?.();
  return file.format;
}
