import { existsSync, readFileSync, statSync } from 'node:fs';
import { writeGuardedFile, type GuardOptions } from '../../infra/guarded-file.js';
import { join, resolve } from 'node:path';
import { KycError } from '../../errors.js';
import { bomBytes, encodeCsvRecord, type CsvFormat } from '../../export/csv-format.js';
import { openVerdictFile, type VerdictFileOptions, type VerdictRow } from '../../ingest/verdict-file.js';
import { alertsCell, alertsLine } from './alerts.js';
import {
  CHANGE_LABEL,
  DELTA_CHANGES,
  DeltaBuilder,
  failedChecks,
  type DeltaEntry,
  type DeltaReport,
} from './compare.js';
import {
  registerChangeBeside,
  registerChangeCell,
  registerChangeLines,
  withRegisterChange,
} from './register-change.js';

/** A run output directory (its verdicts.csv, or the one its manifest names) or a verdicts CSV path. */
export function verdictsPathOf(target: string): string {
  const path = resolve(target);
  if (!existsSync(path)) throw new KycError('KYC_ERR_INPUT_NOT_FOUND', path);
  if (!statSync(path).isDirectory()) return path;
  const beside = join(path, 'verdicts.csv');
  if (existsSync(beside)) return beside;
  const manifest = join(path, 'manifest.json');
  if (existsSync(manifest)) {
    const outputs = (JSON.parse(readFileSync(manifest, 'utf8')) as { outputs?: { path?: string }[] }).outputs;
    const named = outputs?.[0]?.path;
    if (named && existsSync(named)) return named;
  }
  throw new KycError('KYC_ERR_VERDICTS_FILE', `${path} has no verdicts.csv`);
}

/** The delta, and the CSV format of the current verdicts file, which the delta file follows. */
export async function computeDelta(
  previousPath: string,
  currentPath: string,
  options: VerdictFileOptions = {},
): Promise<DeltaReport & { readonly format: CsvFormat }> {
  const builder = new DeltaBuilder();
  for await (const row of (await openVerdictFile(previousPath, options)).rows) builder.addPrevious(row);
  const current = await openVerdictFile(currentPath, options);
  for await (const row of current.rows) builder.addCurrent(row);
  const report = builder.finish();
  const change = registerChangeBeside(currentPath);
  if (change === undefined) return { ...report, format: current.format };
  return { ...report, entries: withRegisterChange(report.entries, change), format: current.format };
}

export const DELTA_COLUMNS = [
  'changes',
  'client_key',
  'name',
  'previous_verdict',
  'current_verdict',
  'previous_row',
  'current_row',
  'previous_matches',
  'current_matches',
  'current_reasons',
  'previous_reasons',
  'failed_checks',
  'register_change',
  'alerts',
] as const;

function cells(entry: DeltaEntry, report: DeltaReport): string[] {
  const p = entry.previous;
  const c = entry.current;
  return [
    entry.changes.join(' '),
    entry.key,
    c?.name || p?.name || '',
    p?.verdict ?? '',
    c?.verdict ?? '',
    p ? String(p.row) : '',
    c ? String(c.row) : '',
    p?.matches ?? '',
    c?.matches ?? '',
    c?.reasons.join('; ') ?? '',
    p?.reasons.join('; ') ?? '',
    c ? failedChecks(c).join(' ') : '',
    registerChangeCell(entry),
    alertsCell(entry, report.desk),
  ];
}

/**
 * delta.csv, in the format of the run's verdicts.csv (which follows the input: encoding, BOM, delimiter), so
 * that it opens in the same spreadsheet the same way; CRLF, formula cells neutralised.
 */
export async function writeDeltaCsv(
  path: string,
  report: DeltaReport,
  format: CsvFormat,
  guard: GuardOptions = {},
): Promise<void> {
  const parts = [bomBytes(format), encodeCsvRecord([...DELTA_COLUMNS], format)];
  for (const entry of report.entries) parts.push(encodeCsvRecord(cells(entry, report), format));
  await writeGuardedFile(path, Buffer.concat(parts), guard);
}

const LISTED = 20;

function line(entry: DeltaEntry, report: DeltaReport): string {
  const row = entry.current ?? entry.previous;
  const from = entry.previous?.verdict ?? '(new)';
  const to = entry.current?.verdict ?? '(removed)';
  const side: VerdictRow | undefined = entry.current ?? entry.previous;
  const reasons = side?.reasons.slice(0, 3).join('; ') ?? '';
  const failed = entry.current ? failedChecks(entry.current) : [];
  const unverified = failed.length > 0 ? `  failed: ${failed.join(', ')}` : '';
  const alerts = alertsCell(entry, report.desk);
  const desk = alerts ? `  alerts: ${alerts}` : '';
  const text = `  ${entry.key}  ${row?.name ?? ''}  ${from} → ${to}  (row ${row?.row ?? '?'})${unverified}  ${reasons}`;
  return `${text.trimEnd()}${desk}`;
}

/** The printed summary: counts of every change, then the clients behind the ones an analyst acts on. */
export function deltaSummary(report: DeltaReport, labels: { previous: string; current: string }): string {
  const out = [
    `Delta: ${labels.previous} → ${labels.current}`,
    `Clients: ${report.clients.previous} before, ${report.clients.current} now`,
  ];
  const width = Math.max(...DELTA_CHANGES.map((c) => c.length));
  for (const change of DELTA_CHANGES)
    out.push(
      `  ${change.padEnd(width)}  ${String(report.counts[change]).padStart(6)}  ${CHANGE_LABEL[change]}`,
    );
  out.push(...alertsLine(report.desk));
  out.push(...registerChangeLines(report.entries, (entry) => line(entry, report)));
  for (const change of ['UNVERIFIED_HIT', 'NEW_HIT', 'WHITELIST_REOPENED', 'CLEARED_HIT'] as const) {
    const listed = report.entries.filter((e) => e.changes.includes(change));
    if (listed.length === 0) continue;
    out.push(`${CHANGE_LABEL[change][0]?.toUpperCase()}${CHANGE_LABEL[change].slice(1)}:`);
    for (const entry of listed.slice(0, LISTED)) out.push(line(entry, report));
    if (listed.length > LISTED) out.push(`  … ${listed.length - LISTED} more in the delta CSV`);
  }
  return out.join('\n');
}
