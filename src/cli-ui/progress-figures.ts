import { parseCounters, verdictCount } from '../domain/run-counters.js';
import type { Counters, RunState } from '../run/state/run-store.js';

/**
 * What a run's progress says, as plain figures: shared by the TTY bar and the periodic log line of a run
 * without a terminal (cron), so both tell the same story.
 */
export interface ProgressFigures {
  readonly written: number;
  /** Rows in the file: exact once the reader reached its end, else estimated from the bytes read. */
  readonly total: number | undefined;
  readonly exact: boolean;
  /** Rows written per second since this follower started. */
  readonly rowsPerSecond: number;
  readonly etaSeconds: number | undefined;
  readonly callsPerSecond: number;
  readonly rateLimited: number;
  readonly verdicts: Readonly<Record<'HIT' | 'INCOMPLETE' | 'REVIEW' | 'CLEAR' | 'INVALID', number>>;
}

/**
 * The number of rows in the file: exact once known; else rows read so far scaled by the share of the file's
 * bytes read (the reader reads a little ahead, so the estimate errs low by at most one read buffer).
 */
export function estimateTotal(
  run: Pick<RunState, 'totalRows' | 'dispatched' | 'written' | 'bytesRead' | 'inputBytes'>,
): { total: number; exact: boolean } | undefined {
  if (run.totalRows !== undefined) return { total: run.totalRows, exact: true };
  const rows = Math.max(run.dispatched, run.written);
  if (!run.bytesRead || run.bytesRead <= 0 || run.inputBytes <= 0 || rows <= 0) return undefined;
  const share = Math.min(1, run.bytesRead / run.inputBytes);
  return { total: Math.max(rows, Math.round(rows / share)), exact: false };
}

export function progressFigures(
  run: RunState,
  counters: Counters,
  rates: { rowsPerSecond: number; callsPerSecond: number },
): ProgressFigures {
  const estimate = estimateTotal(run);
  const left = estimate ? Math.max(0, estimate.total - run.written) : undefined;
  return {
    written: run.written,
    total: estimate?.total,
    exact: estimate?.exact ?? false,
    rowsPerSecond: rates.rowsPerSecond,
    etaSeconds: left !== undefined && rates.rowsPerSecond > 0 ? left / rates.rowsPerSecond : undefined,
    callsPerSecond: rates.callsPerSecond,
    rateLimited: parseCounters(counters).rateLimited,
    verdicts: {
      HIT: verdictCount(counters, 'HIT'),
      INCOMPLETE: verdictCount(counters, 'INCOMPLETE'),
      REVIEW: verdictCount(counters, 'REVIEW'),
      CLEAR: verdictCount(counters, 'CLEAR'),
      INVALID: verdictCount(counters, 'INVALID'),
    },
  };
}

export function formatDuration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

interface Field {
  readonly text: string;
  /** Lower is worth more: fields are dropped from the highest rank down until the line fits. */
  readonly rank: number;
}

/**
 * The text after the bar, fitted to `width` columns: fields are dropped in order of value (verdicts an
 * analyst does not act on first, then 429s, calls/s, …), never cut in the middle.
 */
export function progressText(f: ProgressFigures, width: number): string {
  const approx = f.exact ? '' : '≈';
  const total = f.total === undefined ? '?' : `${approx}${f.total}`;
  const percent = f.total ? ` (${approx}${Math.floor((100 * f.written) / Math.max(1, f.total))} %)` : '';
  const fields: Field[] = [
    { text: `${f.written}/${total} rows${percent}`, rank: 0 },
    { text: `HIT ${f.verdicts.HIT}`, rank: 2 },
    { text: `INCOMPLETE ${f.verdicts.INCOMPLETE}`, rank: 3 },
    { text: `REVIEW ${f.verdicts.REVIEW}`, rank: 6 },
    { text: `CLEAR ${f.verdicts.CLEAR}`, rank: 7 },
    { text: `INVALID ${f.verdicts.INVALID}`, rank: 8 },
    { text: `${f.callsPerSecond.toFixed(1)} calls/s`, rank: 4 },
    { text: `429s ${f.rateLimited}`, rank: 5 },
    { text: `ETA ${f.etaSeconds === undefined ? '…' : `${approx}${formatDuration(f.etaSeconds)}`}`, rank: 1 },
  ];
  let kept = fields;
  const render = (list: readonly Field[]) => list.map((x) => x.text).join(' | ');
  while (render(kept).length > width && kept.length > 1) {
    const worst = Math.max(...kept.map((x) => x.rank));
    kept = kept.filter((x) => x.rank !== worst);
  }
  return render(kept);
}
