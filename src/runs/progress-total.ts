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

type Sizes = Pick<
  RunState,
  'totalRows' | 'dispatched' | 'written' | 'bytesRead' | 'inputBytes' | 'rowsConsumed' | 'bytesConsumed'
>;

/** The rows parsed and the bytes they took, when the reader says (a CSV input of this version). */
function consumedOf(run: Sizes): Step | undefined {
  const { rowsConsumed: rows, bytesConsumed: bytes } = run;
  if (rows === undefined || bytes === undefined || rows <= 0 || bytes <= 0) return undefined;
  return { rows, bytes };
}

/**
 * The rows of the file from what the parsed rows took: the bytes not parsed yet over a mean row size.
 * Counted from the top of the file, so a resumed run's rows before its first one count too: they are
 * done, and their size says as much about the rest as the rows screened since.
 */
function fromConsumed(run: Sizes, consumed: Step, rowSize: number): TotalEstimate {
  const rest = Math.max(0, run.inputBytes - consumed.bytes) / rowSize;
  const read = Math.max(run.dispatched, run.written, consumed.rows);
  return { total: Math.max(read, Math.round(consumed.rows + rest)), exact: false };
}

/**
 * From one reading only (the dashboard): the rows parsed scaled by the bytes they took; without that
 * (a workbook, a run of an earlier version), rows scaled by the share of bytes read, which errs low by the
 * read-ahead, most at the start. Never below the rows already read.
 */
export function estimateTotal(run: Sizes): TotalEstimate | undefined {
  if (run.totalRows !== undefined) return { total: run.totalRows, exact: true };
  const consumed = consumedOf(run);
  if (consumed) return fromConsumed(run, consumed, consumed.bytes / consumed.rows);
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
  /** The rows parsed and their bytes, reading after reading (exact: no read-ahead in them). */
  private parsed: Step[] = [];

  /** One reading of the run: the first sight of a new byte count is a chunk step. */
  observe(run: Sizes): void {
    this.observeConsumed(run);
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

  private observeConsumed(run: Sizes): void {
    const consumed = consumedOf(run);
    if (!consumed) return;
    const last = this.parsed.at(-1);
    if (last && consumed.rows === last.rows) return;
    // Rows that went back: another coordinator read the file again (a resume): its readings only.
    if (last && (consumed.rows < last.rows || consumed.bytes < last.bytes)) this.parsed = [];
    this.parsed.push(consumed);
    if (this.parsed.length > MAX_STEPS) this.parsed = this.parsed.filter((_, i) => i % 2 === 0);
  }

  /**
   * The mean row size the rest of the file is estimated by: of the latest half of the rows when this
   * follower saw enough of them parsed (a file whose rows grow along it), else of every row parsed.
   */
  private rowSize(consumed: Step): number {
    const half = this.parsed.filter((s) => s.rows >= consumed.rows / 2);
    const first = half[0];
    // Only a half this follower saw whole: a resume's first reading may be far into the file.
    const whole = first !== undefined && consumed.rows - first.rows >= consumed.rows * 0.45;
    const recent = half.length >= RECENT_STEPS && whole ? slope(first, consumed) : undefined;
    return recent ?? consumed.bytes / consumed.rows;
  }

  /**
   * Exact once known; else from the rows parsed and the bytes they took (CSV inputs), or fitted from the
   * chunk steps of the bytes read; never below the rows already read.
   */
  estimate(run: Sizes): TotalEstimate | undefined {
    if (run.totalRows !== undefined) return { total: run.totalRows, exact: true };
    const consumed = consumedOf(run);
    if (consumed) return fromConsumed(run, consumed, this.rowSize(consumed));
    const fitted = this.fitted(run.inputBytes);
    if (fitted === undefined) return undefined;
    const read = Math.max(run.dispatched, run.written);
    return { total: Math.max(read, Math.round(fitted)), exact: false };
  }
}
