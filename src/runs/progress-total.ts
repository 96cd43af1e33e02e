import type { RunState } from '../run/state/run-store.js';

/**
 * How many rows the file holds, while the reader has not reached its end.
 *
 * The reader's `bytesRead` is what the file stream pulled from disk, and that runs ahead of the rows
 * dispatched by the buffers between them (the read chunk, the decoder, the CSV parser: a few hundred KB).
 * Rows over the share of bytes read therefore under-estimates badly at the start (a third of a 20,000-row
 * file). The byte count moves in whole chunks, though, and the read-ahead stays about the same: the rise in
 * bytes between two chunk steps over the rise in rows between them is the mean row size, whatever the
 * read-ahead. The estimate is fitted from the chunk steps this follower saw (TotalEstimator.fitted): it
 * corrects itself as the mean row size settles, and is exact once the reader reached the end.
 */
export interface TotalEstimate {
  readonly total: number;
  readonly exact: boolean;
}

type Sizes = Pick<RunState, 'totalRows' | 'dispatched' | 'written' | 'bytesRead' | 'inputBytes'>;

/**
 * From one reading only (the dashboard): rows scaled by the share of bytes read. It errs low by the
 * read-ahead, most at the start; never below the rows already read.
 */
export function estimateTotal(run: Sizes): TotalEstimate | undefined {
  if (run.totalRows !== undefined) return { total: run.totalRows, exact: true };
  const rows = Math.max(run.dispatched, run.written);
  if (!run.bytesRead || run.bytesRead <= 0 || run.inputBytes <= 0 || rows <= 0) return undefined;
  const share = Math.min(1, run.bytesRead / run.inputBytes);
  return { total: Math.max(rows, Math.round(rows / share)), exact: false };
}

interface Step {
  readonly rows: number;
  readonly bytes: number;
}

/** Chunk steps it takes before the mean row size is trusted (two give the first rise). */
const MIN_STEPS = 2;
/** Steps the latest half of the rows must span before its own mean row size is used. */
const RECENT_STEPS = 4;
/** Steps kept; beyond that every other one is dropped (a 1 GB file has 16,000 steps of 64 KiB). */
const MAX_STEPS = 1_024;

const slope = (from: Step, to: Step) =>
  to.rows > from.rows && to.bytes > from.bytes ? (to.bytes - from.bytes) / (to.rows - from.rows) : undefined;

/** The converging estimate of a follower that reads the run again and again (the CLI's bar and log). */
export class TotalEstimator {
  private steps: Step[] = [];
  private lastBytes = -1;

  /** One reading of the run: the first sight of a new byte count is a chunk step. */
  observe(run: Sizes): void {
    const bytes = run.bytesRead;
    // Once the whole file is pulled the read-ahead drains: those readings say nothing of the row size.
    if (bytes === undefined || bytes <= 0 || bytes >= run.inputBytes || run.dispatched <= 0) return;
    if (bytes === this.lastBytes) return;
    this.lastBytes = bytes;
    const last = this.steps.at(-1);
    if (last && (bytes < last.bytes || run.dispatched < last.rows)) this.steps = [];
    this.steps.push({ rows: run.dispatched, bytes });
    if (this.steps.length > MAX_STEPS)
      this.steps = this.steps.filter((_, i) => i % 2 === 0 || i === MAX_STEPS);
  }

  /**
   * The file's rows: the rows dispatched, plus the bytes not yet consumed over the mean row size of the
   * latest half of the rows read (a file whose rows grow or shrink along it is followed). The bytes not
   * consumed are those not pulled plus the read-ahead, measured at the first step as the bytes pulled beyond
   * its rows at the mean row size so far.
   */
  private fitted(inputBytes: number): number | undefined {
    const first = this.steps[0];
    const latest = this.steps.at(-1);
    if (!first || !latest || this.steps.length < MIN_STEPS) return undefined;
    const overall = slope(first, latest);
    if (overall === undefined) return undefined;
    // The latest half alone once it holds enough steps for its rise to be more than a chunk's noise.
    const half = this.steps.filter((s) => s.rows >= latest.rows / 2);
    const recent = (half.length >= RECENT_STEPS && half[0] ? slope(half[0], latest) : undefined) ?? overall;
    const ahead = Math.max(0, first.bytes - first.rows * overall);
    return latest.rows + Math.max(0, inputBytes - latest.bytes + ahead) / recent;
  }

  /** Exact once known; else fitted from the chunk steps, never below the rows already read. */
  estimate(run: Sizes): TotalEstimate | undefined {
    if (run.totalRows !== undefined) return { total: run.totalRows, exact: true };
    const fitted = this.fitted(run.inputBytes);
    if (fitted === undefined) return undefined;
    const read = Math.max(run.dispatched, run.written);
    return { total: Math.max(read, Math.round(fitted)), exact: false };
  }
}
