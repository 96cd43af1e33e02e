import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { resolveLang, type Lang } from '../../i18n/lang.js';
import { KycError } from '../../errors.js';
import { checkGuardedTarget, writeGuardedFile } from '../../infra/guarded-file.js';
import { ensureWritableParent } from '../../infra/writable.js';
import type { Manifest } from '../../export/manifest.js';
import type { RunDeskRecord } from '../desk-record.js';
import { computeDelta, verdictsPathOf } from '../delta/report.js';
import { renderReport, type ReportDelta } from './html-report.js';
import { collectReportData } from './report-data.js';

/** A run output directory, or a manifest.json path: the manifest, and the two files it hashed. */
export function readRunManifest(target: string): { manifest: Manifest; path: string } {
  const path = resolve(target);
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'manifest.json') : path;
  if (!existsSync(file))
    throw new KycError('KYC_ERR_INPUT_NOT_FOUND', `${file}: no manifest.json (the run has not finished?)`);
  try {
    return { manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest, path: file };
  } catch (error) {
    throw new KycError('KYC_ERR_VERDICTS_FILE', `${file} is not a manifest of kyc-screen`, { cause: error });
  }
}

export interface ReportOptions {
  /** The run's output directory or manifest.json. */
  readonly target: string;
  /** The report file; default report.html beside the manifest. */
  readonly out?: string | undefined;
  /** An earlier run (verdicts CSV or output directory) to show the changes against. */
  readonly previous?: string | undefined;
  readonly columns?: string | undefined;
  /** Replace an existing report file. */
  readonly overwrite?: boolean | undefined;
  readonly now?: Date;
  /** The report's language; default: KYC_LANG, else Russian. */
  readonly lang?: Lang | undefined;
  /**
   * What the review desk holds of the run's rows (src/reporting/desk-record.ts); undefined: the desk has no
   * record of the run, which every HIT and REVIEW row then says.
   */
  readonly desk?: RunDeskRecord | undefined;
}

/** Writes the HTML report of a finished run; returns its path. */
export async function writeRunReport(options: ReportOptions): Promise<string> {
  const { manifest, path } = readRunManifest(options.target);
  const out = resolve(options.out ?? join(dirname(path), 'report.html'));
  ensureWritableParent(out);
  const [verdicts, evidence] = manifest.outputs;
  if (!verdicts || !evidence)
    throw new KycError('KYC_ERR_VERDICTS_FILE', `${path} names no verdicts and evidence files`);
  const beside = (file: { path: string }) => {
    // Outputs may have moved with their directory (an archive, an audit package): look beside the manifest.
    const moved = join(dirname(path), file.path.split(/[\\/]/).pop() ?? '');
    return existsSync(file.path) ? file.path : moved;
  };
  // The run's files and the one compared against are never the report, whatever the flags.
  const guard = {
    overwrite: options.overwrite,
    protect: [
      path,
      beside(verdicts),
      beside(evidence),
      ...(options.previous ? [verdictsPathOf(options.previous)] : []),
    ],
  };
  await checkGuardedTarget(out, guard);
  const data = await collectReportData({
    manifest,
    verdicts: beside(verdicts),
    evidence: beside(evidence),
    columns: options.columns,
  });
  let delta: ReportDelta | undefined;
  if (options.previous) {
    const previous = verdictsPathOf(options.previous);
    delta = {
      previous,
      report: await computeDelta(previous, beside(verdicts), { columns: options.columns }),
    };
  }
  const html = renderReport(data, {
    ...(delta ? { delta } : {}),
    lang: options.lang ?? resolveLang(undefined),
    desk: options.desk,
    generatedAt: (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, ''),
  });
  await writeGuardedFile(out, html, guard);
  return out;
}
