import type { RunDeskHooks } from '../desk/run-hooks.js';
import { KycError } from '../errors.js';
import type { Logger } from '../log.js';
import { DESK_ABSENCE_TEXT, type DeskAbsence, type RunStore } from '../run/state/run-store.js';

/** How the process that coordinates runs stands with the review desk (src/desk/run-hooks.ts). */
export interface CoordinatorDesk {
  /** The desk's hooks; absent: this process has no desk open. */
  readonly hooks?: RunDeskHooks | undefined;
  /** Why this process has no desk (absent with no hooks: DESK_NOT_OPEN). */
  readonly absence?: DeskAbsence | undefined;
  /** Every run coordinated here needs the desk (`worker --require-desk`, KYC_REQUIRE_DESK), whatever its own setting. */
  readonly required?: boolean | undefined;
}

/**
 * Before the first row of a run (and on every resume): the desk's approved false positives go into the
 * run's whitelist, or the run records that they did not and why, or, when it needs the desk, fails
 * (KYC_ERR_DESK_REQUIRED) before any row is screened. True when the run got desk entries.
 */
export async function deskBeforeRun(
  runId: string,
  desk: CoordinatorDesk,
  deps: { readonly store: RunStore; readonly log: Logger },
): Promise<boolean> {
  const run = await deps.store.get(runId);
  // A finished run is not screened again: nothing to load, nothing to say.
  if (!run || run.status === 'done' || run.status === 'cancelled') return false;
  if (desk.hooks) {
    const loaded = await desk.hooks.beforeRun(runId);
    await deps.store.noteDeskDecisions(runId, { status: 'applied' });
    return loaded;
  }
  const reason = desk.absence ?? 'DESK_NOT_OPEN';
  if (run.requireDesk === true || desk.required === true)
    throw new KycError('KYC_ERR_DESK_REQUIRED', `${reason}: ${DESK_ABSENCE_TEXT[reason]}`);
  await deps.store.noteDeskDecisions(runId, { status: 'not-applied', reason });
  deps.log.warn(
    { runId, deskDecisions: 'not-applied', reason },
    `review desk: decisions NOT applied to run ${runId} (${reason}: ${DESK_ABSENCE_TEXT[reason]}); approved false positives stay flagged`,
  );
  return false;
}
