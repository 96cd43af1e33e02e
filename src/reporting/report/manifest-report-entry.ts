import { createHash } from 'node:crypto';
import { chmod, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';

/**
 * The run's report is rendered from its manifest, so the manifest cannot hold the report's digest before
 * the report exists. The order is therefore fixed: the manifest is written with the outputs, the report
 * is rendered from it, and then the manifest gets a `report` entry (path, sha256, bytes) of its own, apart
 * from `outputs`, which is what the report shows. The run records the manifest's digest only after this,
 * so `report verify` and the audit package vouch for the manifest with the entry.
 */
export async function recordReportInManifest(manifestPath: string, reportPath: string): Promise<void> {
  const report = await readFile(reportPath);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
  const entry = {
    path: reportPath,
    name: basename(reportPath),
    sha256: createHash('sha256').update(report).digest('hex'),
    bytes: report.length,
  };
  const { mode } = await stat(manifestPath);
  // Written beside and renamed over: whoever reads the manifest meanwhile reads one whole version of it.
  const part = `${manifestPath}.report-entry.part`;
  await writeFile(part, JSON.stringify({ ...manifest, report: entry }, null, 2) + '\n', {
    mode: mode & 0o777,
  });
  await chmod(part, mode & 0o777);
  await rename(part, manifestPath);
}
