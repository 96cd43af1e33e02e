import type { RunState } from '../run/state/run-store.js';

/** How much of a failed run's reason the list shows; `status <runId>` shows all of it. */
const REASON_WIDTH = 160;

/** `2026-11-24T00:37:05.123Z` as `2026-11-24 00:37:05` (UTC, as stored); anything else as it is. */
export function utcMinuteSecond(iso: string | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)/.exec(iso);
  return match ? `${match[1]} ${match[2]}` : iso;
}

/** A failure as one line: the stored reason may carry a stack or a multi-line upstream text. */
export function failureLine(error: string | undefined, width = Number.POSITIVE_INFINITY): string {
  const first = (error ?? 'no reason recorded').split('\n')[0]?.trim() ?? '';
  return first.length > width ? `${first.slice(0, width - 1)}…` : first;
}

/** A scheduled run whose delta found new HITs, as one line (counts and the delta file, no client data). */
export function newHitsLine(run: RunState): string | undefined {
  const hits = run.delta?.newHits ?? 0;
  if (!run.delta || hits === 0) return undefined;
  return `${hits} new HIT${hits === 1 ? '' : 's'} since ${run.delta.previousRunId}: ${run.delta.file}`;
}

/**
 * `kyc-screen status` without a run id: a header and one aligned row per run (newest first, as given), a
 * failed run's reason on the line under it, so that a terminal or a cron mail shows why without `--json`.
 */
export function runListTable(
  runs: readonly RunState[],
  waiting: (run: RunState) => string | undefined = () => undefined,
): string {
  if (runs.length === 0) return 'No runs.';
  const header = ['RUN ID', 'STATUS', 'ROWS', 'PRIORITY', 'CREATED (UTC)', 'INPUT'];
  const rows = runs.map((run) => [
    run.id,
    // A run against the built-in emulator screened nobody for real: said where its status is.
    run.emulator ? `${run.status} EMULATOR` : run.status,
    `${run.written}/${run.totalRows === undefined ? '?' : String(run.totalRows)}`,
    run.priority,
    utcMinuteSecond(run.createdAt),
    run.input,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  // The last column (a path) is not padded: trailing blanks only get in the way of grep and diff.
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
  const out = [line(header)];
  runs.forEach((run, i) => {
    out.push(line(rows[i] ?? []));
    if (run.status === 'failed') out.push(`  failed: ${failureLine(run.error, REASON_WIDTH)}`);
    const why = waiting(run);
    if (why) out.push(`  ${why}`);
    const hits = newHitsLine(run);
    if (hits) out.push(`  ${hits}`);
  });
  return out.join('\n');
}
