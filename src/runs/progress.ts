import { parseCounters, verdictCount } from '../domain/run-counters.js';
import type { Counters, RunState } from '../run/state/run-store.js';
import type { LiveProgress, RunPhase } from '../run/state/run-progress.js';
import { SlidingRate } from './progress-rate.js';
import { TotalEstimator } from './progress-total.js';
import type { FollowTick } from './submit.js';

export { estimateTotal, TotalEstimator, type TotalEstimate } from './progress-total.js';
export { SlidingRate } from './progress-rate.js';

/** What the run is doing: waiting for a coordinator, one of its phases, or finished. */
export type ProgressPhase = 'queued' | RunPhase | 'done' | 'failed' | 'cancelled';

/**
 * What a run's progress says, as plain figures: shared by the TTY bar and the periodic log line of a run
 * without a terminal (cron), so both tell the same story.
 */
export interface ProgressFigures {
  readonly phase: ProgressPhase;
  /** Seconds in the phase so far, when the coordinator said when it began. */
  readonly phaseSeconds: number | undefined;
  /** The register mirror's download: searches answered and distinct records received so far. */
  readonly mirror: { readonly searches: number; readonly records: number };
  readonly written: number;
  /** Rows in the file: exact once the reader reached its end, else estimated (undefined: not yet). */
  readonly total: number | undefined;
  readonly exact: boolean;
  /** Over the last RATE_WINDOW_MS; undefined until the window spans a few seconds. */
  readonly rowsPerSecond: number | undefined;
  readonly callsPerSecond: number | undefined;
  /** Calls the run sent (its `calls` counter). */
  readonly calls: number;
  readonly etaSeconds: number | undefined;
  readonly rateLimited: number;
  readonly verdicts: Readonly<Record<'HIT' | 'INCOMPLETE' | 'REVIEW' | 'CLEAR' | 'INVALID', number>>;
}

/** The rates' window: long enough to smooth a batch written at once, short enough to follow a change of pace. */
export const RATE_WINDOW_MS = 15_000;

/**
 * The run reads as running only once its preflight passed; a coordinator that took it notes the preflight
 * before. Any other phase of a queued run is left from before it was queued again.
 */
function phaseOf(run: RunState, live: LiveProgress | undefined): ProgressPhase {
  if (run.status === 'running') return live?.phase ?? 'screening';
  if (run.status === 'queued' && live?.phase === 'preflight') return 'preflight';
  return run.status;
}

/**
 * Rows and calls per second over a sliding window, the converging total and the phase, as one follower of
 * a run sees them tick after tick.
 */
export class RateMeter {
  private rows = new SlidingRate(RATE_WINDOW_MS);
  private calls = new SlidingRate(RATE_WINDOW_MS);
  private readonly mirrorSearches = new SlidingRate(RATE_WINDOW_MS);
  private readonly totals = new TotalEstimator();
  private phase: ProgressPhase | undefined;

  figures({ run, counters, live }: FollowTick, now = Date.now()): ProgressFigures {
    const parsed = parseCounters(counters);
    const phase = phaseOf(run, live);
    // A new phase starts the windows again: the mirror's calls may reach the counters all at once as it ends.
    if (phase !== this.phase) {
      this.rows = new SlidingRate(RATE_WINDOW_MS);
      this.calls = new SlidingRate(RATE_WINDOW_MS);
      this.phase = phase;
    }
    this.rows.add(run.written, now);
    this.calls.add(parsed.calls, now);
    this.mirrorSearches.add(live?.mirrorSearches ?? 0, now);
    this.totals.observe(run);
    const estimate = this.totals.estimate(run);
    const rowsPerSecond = this.rows.perSecond();
    const left = estimate ? Math.max(0, estimate.total - run.written) : undefined;
    return {
      phase,
      phaseSeconds: live?.phaseSince === undefined ? undefined : Math.max(0, (now - live.phaseSince) / 1_000),
      mirror: { searches: live?.mirrorSearches ?? 0, records: live?.mirrorRecords ?? 0 },
      written: run.written,
      total: estimate?.total,
      exact: estimate?.exact ?? false,
      rowsPerSecond,
      // While the mirror downloads, its searches are the run's calls, each counted as it is answered.
      callsPerSecond: phase === 'mirror' ? this.mirrorSearches.perSecond() : this.calls.perSecond(),
      calls: parsed.calls,
      etaSeconds:
        left !== undefined && rowsPerSecond !== undefined && rowsPerSecond > 0
          ? left / rowsPerSecond
          : undefined,
      rateLimited: parsed.rateLimited,
      verdicts: verdictsOf(counters),
    };
  }
}

function verdictsOf(counters: Counters): ProgressFigures['verdicts'] {
  return {
    HIT: verdictCount(counters, 'HIT'),
    INCOMPLETE: verdictCount(counters, 'INCOMPLETE'),
    REVIEW: verdictCount(counters, 'REVIEW'),
    CLEAR: verdictCount(counters, 'CLEAR'),
    INVALID: verdictCount(counters, 'INVALID'),
  };
}
