import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { RunStore } from '../run/state/run-store.js';
import { deskMarkerKey, loadIntoRun } from './carry.js';
import type { Desk } from './desk.js';
import { runCandidates } from './run-candidates.js';
import type { RunAlerts } from './types.js';

/**
 * The desk at the two ends of a run, called by whichever process coordinates it (src/workers/workers.ts):
 * before the first row (and on every resume) the approved false positives go into the run's whitelist;
 * once the run is done its candidates become alerts. A run coordinated where no desk is open has neither.
 */
export interface RunDeskHooks {
  /** Loads the desk's approved false positives into the run; true when the run has any. */
  beforeRun(runId: string): Promise<boolean>;
  /** Records the done run's candidates as alerts; undefined for a run not done. */
  afterRun(runId: string): Promise<RunAlerts | undefined>;
}

export interface RunDeskDeps {
  readonly desk: Desk;
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
  /** Told of what a run did to the desk (webhook events); its failure is logged, never the run's. */
  readonly onRecorded?: (alerts: RunAlerts) => Promise<void>;
}

export function runDeskHooks(deps: RunDeskDeps): RunDeskHooks {
  const { desk, redis, prefix, log } = deps;
  const store = new RunStore(redis, prefix);
  return {
    async beforeRun(runId) {
      const entries = await desk.approvedFalsePositives();
      return loadIntoRun(redis, prefix, runId, entries);
    },
    async afterRun(runId) {
      const run = await store.get(runId);
      if (run?.status !== 'done') return undefined;
      const alerts = await desk.recordRun(runId, runCandidates(run));
      await redis.del(deskMarkerKey(prefix, runId));
      log.info(
        {
          runId,
          alertsOpened: alerts.opened.length,
          alertsReopened: alerts.reopened.length,
          alertsSeenAgain: alerts.seenAgain.length,
          alertsSuppressed: alerts.suppressed.length,
        },
        'review desk: the run recorded',
      );
      await deps.onRecorded?.(alerts).catch((error: unknown) => {
        log.warn({ runId, err: error }, 'review desk: the alert events could not be queued');
      });
      return alerts;
    },
  };
}
