import { readRunManifest } from '../reporting/report/write-report.js';
import { environment, setting } from '../settings/environment.js';
import { deskRecordForReport } from '../desk/report-source.js';
import type { RunDeskRecord } from '../reporting/desk-record.js';
import { dashboardUrlOf } from '../settings/dashboard-url.js';

/**
 * What the review desk of this deployment holds of a run (by its manifest), for a report or a delta made
 * after it; undefined when it has no record. An embedded desk another process holds is not readable here:
 * said on stderr, and the output says the desk has no record.
 */
export async function deskRecordOfRun(
  manifest: string,
  options: { stateDir?: string | undefined },
): Promise<RunDeskRecord | undefined> {
  const { manifest: m } = readRunManifest(manifest);
  // Not the whole configuration: reading the files of a run needs neither the upstream nor its key.
  const stateDir = options.stateDir ?? (setting('KYC_STATE_DIR')?.trim() || '.state');
  const dashboardUrl = dashboardUrlOf(environment());
  let why: string;
  try {
    const found = await deskRecordForReport(stateDir, m.run_id, dashboardUrl);
    if (!found.busy) return found.record;
    why = found.busy;
  } catch (error) {
    // The report and the delta are the run's files' own: a desk that cannot be reached does not stop them.
    why = error instanceof Error ? error.message : String(error);
  }
  process.stderr.write(`Review desk not readable here (${why}): the run's alerts are not shown.\n`);
  return undefined;
}
