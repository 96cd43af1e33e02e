import cliProgress from 'cli-progress';
import { RateMeter } from '../runs/progress.js';
import type { FollowTick } from '../runs/submit.js';
import { progressLine } from './progress-figures.js';

export { RateMeter } from '../runs/progress.js';

/**
 * The TTY progress display of a run: what the run is doing (preflight, the register mirror with its
 * searches and records, screening, writing the outputs) and, while it screens, a bar of rows written of the
 * total (estimated and marked ≈ until the reader reaches the end of the file), HITs, rows and calls per
 * second over the last 15 s, 429s and ETA, fitted to the terminal's width. Drawn on stderr; logs never go
 * there while it is shown.
 */
export interface ProgressDisplay {
  update(tick: FollowTick): void;
  stop(): void;
}

export function progressDisplay(stream: NodeJS.WriteStream): ProgressDisplay {
  // The line, bar included, is drawn here (progressLine): it changes with the run's phase and the width.
  const bar = new cliProgress.SingleBar({
    stream,
    format: '{line}',
    hideCursor: true,
    clearOnComplete: false,
    fps: 5,
  });
  const meter = new RateMeter();
  let started = false;
  return {
    update(tick) {
      const figures = meter.figures(tick);
      const total = Math.max(figures.total ?? 0, tick.run.dispatched, tick.run.written, 1);
      const payload = { line: progressLine(figures, stream.columns) };
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
