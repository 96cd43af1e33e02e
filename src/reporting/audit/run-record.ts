import type { RunState } from '../../run/state/run-store.js';
import type { ManifestView, VerifyProblem } from './package.js';

/**
 * Where the run's record is still kept, the package must agree with it: the same finished run, the same
 * input file, the same number of rows and the very manifest (with the outputs' digests and every count). A package re-made from edited
 * files and signed again with a stolen key still disagrees with the record the deployment kept.
 */
export function runRecordProblems(
  manifest: ManifestView,
  manifestSha256: string | undefined,
  run: RunState,
): VerifyProblem[] {
  const problems: VerifyProblem[] = [];
  const differ = (what: string, recorded: unknown, packaged: unknown): void => {
    problems.push({
      code: 'KYC_ERR_AUDIT_RUN_RECORD',
      message: `${what}: the run's record says ${String(recorded)}, the package ${String(packaged)}`,
    });
  };
  if (run.status !== 'done') differ('status', run.status, 'done');
  if (manifest.input?.sha256 !== run.inputSha256)
    differ('input sha256', run.inputSha256, manifest.input?.sha256 ?? 'none');
  const rows = manifest.rows?.total;
  if (run.totalRows !== undefined && rows !== run.totalRows) differ('rows', run.totalRows, rows ?? 'none');
  if (rows !== undefined && run.written !== rows) differ('rows written', run.written, rows);
  // The manifest holds the outputs' digests and the counts: its own digest vouches for all of them.
  if (run.manifestSha256 !== undefined && manifestSha256 !== run.manifestSha256)
    differ('manifest.json sha256', run.manifestSha256, manifestSha256 ?? 'none');
  return problems;
}
