import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { announceRunEnd } from '../notify/run-webhooks.js';
import { writeRunReport } from '../reporting/report/write-report.js';
import type { RunLifecycle } from '../run/lifecycle.js';
import type { RunState } from '../run/state/run-store.js';
import { WhitelistStore } from '../whitelist/store.js';
import type { WorkerWiring } from '../workers/workers.js';

interface WiringDeps {
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
}

/**
 * The run report beside the outputs, when the run asked for one. A report that cannot be written leaves
 * the run done (its outputs are what it owes), with a warning: `kyc-screen report html` can write it later.
 */
async function writeReportBeside(run: RunState, log: Logger): Promise<void> {
  if (run.report !== true) return;
  try {
    // A report.html the user already had there stays, as the outputs do, unless the run may overwrite.
    await writeRunReport({ target: run.manifest, overwrite: run.overwrite === true, lang: run.lang });
  } catch (error) {
    log.warn({ runId: run.id, err: error }, 'the run report could not be written');
  }
}

/** The product's answer to the engine's lifecycle: the report beside the outputs, the run webhooks. */
export function runLifecycle(deps: WiringDeps): RunLifecycle {
  return {
    outputsPlaced: (run) => writeReportBeside(run, deps.log),
    runFinished: (runId) => announceRunEnd(deps, runId, 'run.completed'),
    runFailed: (runId, code) => announceRunEnd(deps, runId, 'run.failed', code),
  };
}

/** What every process that starts workers (run, worker, serve) hands them: lifecycle hooks and whitelists. */
export function workerWiring(deps: WiringDeps): WorkerWiring {
  return { lifecycle: runLifecycle(deps), whitelist: new WhitelistStore(deps.redis, deps.prefix) };
}
