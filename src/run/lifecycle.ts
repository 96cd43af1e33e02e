import type { RunState } from './state/run-store.js';

/**
 * What the run engine tells the rest of the product about a run's life. The coordinator and the runs
 * worker call these and know nothing of what they do: the wiring above them (src/runs/wiring.ts) connects
 * them to the run report, the webhooks and whatever else listens, so that src/run/ and src/workers/ import
 * none of those.
 */
export interface RunLifecycle {
  /**
   * The completed run's outputs and manifest are on their final names; the run does not read as done yet,
   * so whoever sees it done finds what this hook wrote. A failure here must not fail the run: the hook logs
   * it and returns.
   */
  outputsPlaced(run: RunState): Promise<void>;
  /** The run reads as done. */
  runFinished(runId: string): Promise<void>;
  /** The run failed for good (not interrupted, not cancelled, not taken over); `code` is its error code. */
  runFailed(runId: string, code: string): Promise<void>;
}
