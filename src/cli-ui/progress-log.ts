import type { Logger } from '../log.js';
import type { FollowTick } from '../runs/submit.js';
import { RateMeter } from './progress.js';

const oneDecimal = (n: number | undefined) => (n === undefined ? null : Number(n.toFixed(1)));

/**
 * Progress of a run without a terminal (cron, a container): one `progress` log line at a steady interval,
 * and one whenever the run enters another phase, so that a log shows where a night went. The fields are the
 * bar's: phase (and the register mirror's counts while it is downloaded), rows, total (and whether it is
 * exact), rates over the last 15 s, ETA, 429s, INCOMPLETE rows.
 */
export function progressLog(log: Logger, intervalMs: number, now: () => number = Date.now) {
  const meter = new RateMeter();
  let last = now();
  let lastPhase: string | undefined;
  return {
    update(tick: FollowTick): void {
      const at = now();
      const f = meter.figures(tick, at);
      if (at - last < intervalMs && f.phase === lastPhase) return;
      last = at;
      lastPhase = f.phase;
      log.info(
        {
          runId: tick.run.id,
          phase: f.phase,
          ...(f.phase === 'mirror'
            ? { mirrorSearches: f.mirror.searches, mirrorRecords: f.mirror.records }
            : {}),
          rows: f.written,
          total: f.total ?? null,
          totalExact: f.exact,
          rowsPerSecond: oneDecimal(f.rowsPerSecond),
          callsPerSecond: oneDecimal(f.callsPerSecond),
          calls: f.calls,
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
