import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import type { RunDeskRecord } from '../reporting/desk-record.js';
import { RunStore } from '../run/state/run-store.js';
import { deskMarkerKey, loadIntoRun } from './carry.js';
import type { Desk } from './desk.js';
import { runCandidates, type RunOutputs } from './run-candidates.js';
import type { RunAlerts } from './types.js';

/**
 * The desk at the two ends of a run, called by whichever process coordinates it (src/workers/workers.ts,
 * and the run's lifecycle through src/runs/wiring.ts): before the first row (and on every resume) the
 * approved false positives go into the run's whitelist; once the outputs are in place, before the report
 * and before the run reads as done (so that a schedule's delta finds them), its candidates become alerts.
 * A run coordinated where no desk is open has neither.
 */
export interface RunDeskHooks {
  /** Loads the desk's approved false positives into the run; true when the run has any. */
  beforeRun(runId: string): Promise<boolean>;
  /**
   * Records the candidates of a run whose outputs are in place as alerts; returns what the desk then holds
   * of the run's rows, for its report.
   */
  recordPlaced(run: RunOutputs & { readonly id: string }): Promise<RunDeskRecord>;
  /**
   * Records a done run that was not recorded in this process (its coordinator found it done: the process
   * that finished it died before it could); undefined for a run not done, or already recorded here.
   */
  afterRun(runId: string): Promise<RunAlerts | undefined>;
  /**
   * Records the done runs whose recording failed earlier (the desk's database was lost during the run, or
   * the process died while recording): each is claimed by one process; returns their ids.
   */
  recordPending(): Promise<string[]>;
}

/**
 * The runs whose alerts the desk has not recorded yet: a run is added when its recording fails, removed
 * once it is recorded. Any process that opens the desk records them (`recordPending`).
 */
export function deskPendingKey(prefix: string): string {
  return `${prefix}:desk:pending-runs`;
}

export interface RunDeskDeps {
  readonly desk: Desk;
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
  /** The dashboard's base URL (`KYC_DASHBOARD_URL`), for the report's links to the desk's alert pages. */
  readonly dashboardUrl?: string | undefined;
  /** Told of what a run did to the desk (webhook events); its failure is logged, never the run's. */
  readonly onRecorded?: (alerts: RunAlerts) => Promise<void>;
}

export function runDeskHooks(deps: RunDeskDeps): RunDeskHooks {
  const { desk, redis, prefix, log } = deps;
  const store = new RunStore(redis, prefix);
  // Runs recorded by this process since it started, so that the end of the run does not read them twice.
  const recordedHere = new Set<string>();
  const pending = deskPendingKey(prefix);
  const record = async (runId: string, run: RunOutputs): Promise<RunAlerts> => {
    let alerts: RunAlerts;
    try {
      alerts = await desk.recordRun(runId, runCandidates(run));
    } catch (error) {
      // Fail closed: the run stays owed to the desk until a process with a working desk records it.
      await redis.sadd(pending, runId);
      throw error;
    }
    recordedHere.add(runId);
    await redis.srem(pending, runId);
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
  };
  return {
    async beforeRun(runId) {
      const entries = await desk.approvedFalsePositives();
      return loadIntoRun(redis, prefix, runId, entries);
    },
    async recordPlaced(run) {
      await record(run.id, run);
      const held = await desk.runRecord(run.id, deps.dashboardUrl);
      return held ?? { runId: run.id, rows: new Map() };
    },
    async afterRun(runId) {
      if (recordedHere.delete(runId)) return undefined;
      const run = await store.get(runId);
      if (run?.status !== 'done') return undefined;
      return record(runId, run);
    },
    async recordPending() {
      const recorded: string[] = [];
      for (const runId of await redis.smembers(pending)) {
        // SREM claims the run: another process opening the desk now does not record it twice.
        if ((await redis.srem(pending, runId)) === 0) continue;
        const run = await store.get(runId);
        if (run?.status !== 'done') continue;
        await record(runId, run);
        recordedHere.delete(runId);
        recorded.push(runId);
        log.warn({ runId }, 'review desk: the alerts of a run its desk could not record are recorded now');
      }
      return recorded;
    },
  };
}
