import cliProgress from 'cli-progress';
import type { FollowTick } from '../pipeline/submit.js';

/**
 * The TTY progress display of a run: rows written of the total (known once the file is read; until then
 * of the rows dispatched), verdict counts, upstream calls per second, 429s and ETA. Drawn on stderr;
 * logs never go there while it is shown.
 */
export interface ProgressDisplay {
  update(tick: FollowTick): void;
  stop(): void;
}

export function progressDisplay(stream: NodeJS.WriteStream): ProgressDisplay {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format:
        '{bar} {value}/{totalText} rows | HIT {hit} INCOMPLETE {incomplete} REVIEW {review} CLEAR {clear} INVALID {invalid} | {cps} calls/s | 429s {r429} | ETA {etaText}',
      hideCursor: true,
      clearOnComplete: false,
      barsize: 24,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let lastCalls = 0;
  let lastAt = Date.now();
  let cps = 0;
  const startedAt = Date.now();
  let startWritten = -1;
  return {
    update({ run, counters }) {
      const total = run.totalRows ?? Math.max(run.dispatched, run.written, 1);
      const now = Date.now();
      const calls = counters.calls ?? 0;
      if (now - lastAt >= 1_000) {
        cps = ((calls - lastCalls) * 1_000) / (now - lastAt);
        lastCalls = calls;
        lastAt = now;
      }
      if (startWritten < 0) startWritten = run.written;
      const done = run.written - startWritten;
      const rate = done / Math.max(1, (now - startedAt) / 1_000);
      const eta = run.totalRows !== undefined && rate > 0 ? (run.totalRows - run.written) / rate : undefined;
      const payload = {
        totalText: run.totalRows === undefined ? `${total}+` : String(total),
        hit: counters['verdict:HIT'] ?? 0,
        incomplete: counters['verdict:INCOMPLETE'] ?? 0,
        review: counters['verdict:REVIEW'] ?? 0,
        clear: counters['verdict:CLEAR'] ?? 0,
        invalid: counters['verdict:INVALID'] ?? 0,
        cps: cps.toFixed(1),
        r429: counters.rate_limited ?? 0,
        etaText: eta === undefined ? '…' : `${Math.ceil(eta)}s`,
      };
      if (!started) {
        bar.start(total, run.written, payload);
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(run.written, payload);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
