import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { announceRunEnd } from '../notify/run-webhooks.js';
import type { RunDeskRecord } from '../reporting/desk-record.js';
import { recordReportInManifest } from '../reporting/report/manifest-report-entry.js';
import { writeRunReport } from '../reporting/report/write-report.js';
import type { RunLifecycle } from '../run/lifecycle.js';
import type { DeskAbsence, RunState } from '../run/state/run-store.js';
import { WhitelistStore } from '../whitelist/store.js';
import type { WorkerWiring } from '../workers/workers.js';

/** The review desk's hooks as the commands open them (src/desk/run-hooks.ts). */
type DeskHooks = NonNullable<WorkerWiring['desk']>;

interface WiringDeps {
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
  /** The review desk of this process; absent: runs coordinated here are not recorded at a desk. */
  readonly desk?: DeskHooks | undefined;
  /** Why this process has no desk (src/workers/run-desk.ts): its runs say that decisions were not applied. */
  readonly deskAbsence?: DeskAbsence | undefined;
  /** Runs coordinated here fail without a desk (`worker --require-desk`, KYC_REQUIRE_DESK). */
  readonly requireDesk?: boolean | undefined;
}

/**
 * The run's alerts at the desk, recorded before its report and before it reads as done (a schedule's delta
 * reads them then). A desk that fails leaves the run done without them: the end of the run tries again,
 * and failing that the run stays owed to the desk (src/desk/run-hooks.ts, `recordPending`) until a
 * process opens a working desk. The report then says the desk has no record of the run; the log says why.
 */
async function recordAtDesk(run: RunState, deps: WiringDeps): Promise<RunDeskRecord | undefined> {
  if (!deps.desk) return undefined;
  try {
    return await deps.desk.recordPlaced(run);
  } catch (error) {
    deps.log.error({ runId: run.id, err: error }, DESK_NOT_RECORDED);
    return undefined;
  }
}

/** What the log says of a run the desk could not record. */
export const DESK_NOT_RECORDED =
  'review desk: the run could not be recorded; its alerts are recorded when a process (run, worker, serve) next opens the desk';

/**
 * The run report beside the outputs, when the run asked for one. A report that cannot be written leaves
 * the run done (its outputs are what it owes), with a warning: `kyc-screen report html` can write it later.
 */
async function writeReportBeside(run: RunState, log: Logger, desk: RunDeskRecord | undefined): Promise<void> {
  if (run.report !== true) return;
  try {
    // A report.html the user already had there stays, as the outputs do, unless the run may overwrite.
    const report = await writeRunReport({
      target: run.manifest,
      overwrite: run.overwrite === true,
      lang: run.lang,
      desk,
    });
    await recordReportInManifest(run.manifest, report);
  } catch (error) {
    log.warn({ runId: run.id, err: error }, 'the run report could not be written');
  }
}

/** The product's answer to the engine's lifecycle: the desk's alerts, the report beside the outputs, the run webhooks. */
export function runLifecycle(deps: WiringDeps): RunLifecycle {
  return {
    outputsPlaced: async (run) => writeReportBeside(run, deps.log, await recordAtDesk(run, deps)),
    runFinished: (runId) => announceRunEnd(deps, runId, 'run.completed'),
    runFailed: (runId, code) => announceRunEnd(deps, runId, 'run.failed', code),
  };
}

/**
 * What every process that starts workers (run, worker, serve) hands them: lifecycle hooks, whitelists and
 * the desk.
 */
export function workerWiring(deps: WiringDeps): WorkerWiring {
  return {
    lifecycle: runLifecycle(deps),
    whitelist: new WhitelistStore(deps.redis, deps.prefix),
    ...(deps.desk ? { desk: deps.desk } : {}),
    ...(deps.desk || !deps.deskAbsence ? {} : { deskAbsence: deps.deskAbsence }),
    ...(deps.requireDesk ? { requireDesk: true } : {}),
  };
}
