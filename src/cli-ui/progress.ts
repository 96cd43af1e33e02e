import cliProgress from 'cli-progress';
import { RateMeter } from '../runs/progress.js';
import type { FollowTick } from '../runs/submit.js';
import { progressText } from './progress-figures.js';

export { RateMeter } from '../runs/progress.js';

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
