import type { Redis } from 'ioredis';
import { environment, setting } from '../settings/environment.js';
import { isKycError } from '../errors.js';
import type { Logger } from '../log.js';
import { databaseUrlOf } from './db/open.js';
import { Desk } from './desk.js';
import { decidedEvent, enqueueDeskEvent, openedEvent } from './desk-webhooks.js';
import { runDeskHooks, type RunDeskHooks } from './run-hooks.js';
import type { AlertStatus, Decision } from './types.js';

/** The desk as a command holds it: the store, the run hooks for its workers, and the webhook events. */
export interface CommandDesk {
  readonly desk: Desk;
  readonly hooks: RunDeskHooks;
  /** Queues the alert.decided event (when this process has a webhook receiver configured). */
  readonly onDecided: (decision: Decision, status: AlertStatus) => Promise<void>;
  close(): Promise<void>;
}

export interface CommandDeskOptions {
  readonly stateDir: string;
  readonly prefix: string;
  readonly redis: Redis;
  readonly log: Logger;
  readonly announce?: (line: string) => void;
  /**
   * `serve` needs its desk; `run` and `worker` go on without one when the embedded database is another
   * process's (their runs are then not recorded at the desk: a warning says so).
   */
  readonly required: boolean;
  /** The dashboard's base URL (`KYC_DASHBOARD_URL`): run reports link their alerts to the desk under it. */
  readonly dashboardUrl?: string | undefined;
  /** The embedded database's engine stops after this long without a statement (src/desk/db/embedded.ts). */
  readonly idleCloseMs?: number;
  /**
   * Start the embedded engine now: `run` reads the desk's approved false positives right before its first
   * row, and the engine's second or two of start-up (blocking) must not fall between the preflight and the
   * first check.
   */
  readonly warm?: boolean;
}

export async function openCommandDesk(options: CommandDeskOptions): Promise<CommandDesk | undefined> {
  const { redis, prefix, log } = options;
  let desk: Desk;
  try {
    desk = await Desk.open({
      databaseUrl: databaseUrlOf(environment()),
      stateDir: options.stateDir,
      ...(options.idleCloseMs === undefined ? {} : { idleCloseMs: options.idleCloseMs }),
    });
    if (options.warm) await desk.ready();
  } catch (error) {
    if (options.required || !isKycError(error) || error.code !== 'KYC_ERR_DB_BUSY') throw error;
    log.warn(
      { err: error },
      'review desk: not open in this process; runs coordinated here are not recorded at the desk',
    );
    return undefined;
  }
  options.announce?.(
    `Review desk database: ${desk.db.kind === 'postgres' ? desk.db.where : `embedded, ${desk.db.where}`}`,
  );
  // Events go to the API's receiver; a process that has none configured queues none.
  const notify = (setting('KYC_API_WEBHOOK_URL') ?? '') !== '';
  const hooks = runDeskHooks({
    desk,
    redis,
    prefix,
    log,
    dashboardUrl: options.dashboardUrl,
    onRecorded: async (alerts) => {
      const event = notify ? openedEvent(alerts) : undefined;
      if (event) await enqueueDeskEvent(redis, prefix, event);
    },
  });
  // Runs an earlier process could not record (its desk was lost during the run) are recorded now.
  await hooks.recordPending().catch((error: unknown) => {
    log.error({ err: error }, 'review desk: the runs owed to the desk could not be recorded yet');
  });
  return {
    desk,
    hooks,
    onDecided: async (decision, status) => {
      if (notify) await enqueueDeskEvent(redis, prefix, decidedEvent(decision, status));
    },
    close: () => desk.close(),
  };
}
