import type { Logger } from '../log.js';
import type { FollowTick } from '../runs/submit.js';
import { RateMeter } from './progress.js';

/**
 * Progress of a run without a terminal (cron, a container): one `progress` log line at a steady interval,
 * so that a log shows where a night went. The fields are the bar's: rows, total (and whether it is exact),
 * rates, ETA, 429s, INCOMPLETE rows.
 */
export function progressLog(log: Logger, intervalMs: number, now: () => number = Date.now) {
  const meter = new RateMeter();
  let last = now();
  return {
    update(tick: FollowTick): void {
      const at = now();
      const f = meter.figures(tick, at);
      if (at - last < intervalMs) return;
      last = at;
      log.info(
        {
          runId: tick.run.id,
          rows: f.written,
          total: f.total ?? null,
          totalExact: f.exact,
          rowsPerSecond: Number(f.rowsPerSecond.toFixed(1)),
          callsPerSecond: Number(f.callsPerSecond.toFixed(1)),
          etaSeconds: f.etaSeconds === undefined ? null : Math.ceil(f.etaSeconds),
          rateLimited429: f.rateLimited,
          incomplete: f.verdicts.INCOMPLETE,
          hits: f.verdicts.HIT,
        },
        'progress',
      );
    },
  };
}
