import type { DeltaChange } from '../reporting/delta/compare.js';

/** A firing's recorded outcome (the job's return value; `schedule history` shows it). */
export interface ScheduledRunResult {
  readonly runId: string;
  readonly outDir: string;
  /** The firing's outcome as an exit code: 8 when the delta has new HITs, else the run's own. */
  readonly exitCode: number;
  /** The run's exit code (0, or 4 with INCOMPLETE rows). */
  readonly runExitCode: number;
  readonly previousRunId?: string;
  readonly delta?: Readonly<Record<DeltaChange, number>>;
  readonly newHits?: number;
  /** The firing did not run, and why (the previous firing of the schedule was still running). */
  readonly skipped?: string;
}
