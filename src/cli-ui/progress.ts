import cliProgress from 'cli-progress';
import { parseCounters } from '../domain/run-counters.js';
import type { FollowTick } from '../runs/submit.js';
import { progressFigures, progressText, type ProgressFigures } from './progress-figures.js';

/**
 * The TTY progress display of a run: a bar of rows written of the total (estimated from the bytes read
 * until the reader reaches the end of the file, and then marked ≈), verdict counts, upstream calls per
 * second, 429s and ETA, fitted to the terminal's width. Drawn on stderr; logs never go there while it is shown.
 */
export interface ProgressDisplay {
  update(tick: FollowTick): void;
  stop(): void;
}

const BAR = 20;

/** Rows and calls per second as a follower sees them: calls over the last second, rows since it started. */
export class RateMeter {
  private lastCalls = -1;
  private lastAt = Date.now();
  private cps = 0;
  private readonly startedAt = Date.now();
  private startWritten = -1;

  figures({ run, counters }: FollowTick, now = Date.now()): ProgressFigures {
    const calls = parseCounters(counters).calls;
    if (this.lastCalls < 0) this.lastCalls = calls;
    if (now - this.lastAt >= 1_000) {
      this.cps = ((calls - this.lastCalls) * 1_000) / (now - this.lastAt);
      this.lastCalls = calls;
      this.lastAt = now;
    }
    if (this.startWritten < 0) this.startWritten = run.written;
    const rowsPerSecond = (run.written - this.startWritten) / Math.max(1, (now - this.startedAt) / 1_000);
    return progressFigures(run, counters, { rowsPerSecond, callsPerSecond: this.cps });
  }
}

export function progressDisplay(stream: NodeJS.WriteStream): ProgressDisplay {
  const bar = new cliProgress.SingleBar(
    { stream, format: '{bar} {text}', hideCursor: true, clearOnComplete: false, barsize: BAR, fps: 5 },
    cliProgress.Presets.shades_classic,
  );
  const meter = new RateMeter();
  let started = false;
  return {
    update(tick) {
      const figures = meter.figures(tick);
      const width = (stream.columns || 80) - BAR - 2;
      const total = Math.max(figures.total ?? 0, tick.run.dispatched, tick.run.written, 1);
      const payload = { text: progressText(figures, width) };
      if (!started) {
        bar.start(total, tick.run.written, payload);
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(tick.run.written, payload);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
