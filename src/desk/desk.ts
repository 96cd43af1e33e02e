import type { Database } from './db/database.js';
import { openDatabase, type DatabaseSettings } from './db/open.js';
import { getAlert, listAlerts } from './alert-queries.js';
import { approvedFalsePositives, type CarriedDecision } from './carry.js';
import { approve, decide, type ApprovalInput, type DecisionInput } from './decisions.js';
import { recordRun } from './record-run.js';
import { decisionsForRun } from './run-decisions.js';
import { runDeskRecord } from './run-record.js';
import type { RunDeskRecord } from '../reporting/desk-record.js';
import type {
  AlertDetail,
  AlertFilter,
  AlertPage,
  Decision,
  Person,
  RunAlerts,
  RunCandidate,
  RunDecision,
} from './types.js';

/**
 * The review desk: alerts across runs, decisions with four eyes, and what later runs carry of them
 * (docs/review-desk.md). One object over one database (a PostgreSQL server or the embedded one); the API,
 * the dashboard, the CLI and the run hooks all go through it.
 */
export class Desk {
  constructor(readonly db: Database) {}

  /** Opens (and migrates) the database of the settings: `DATABASE_URL`, or the state directory's. */
  static async open(settings: DatabaseSettings): Promise<Desk> {
    return new Desk(await openDatabase(settings));
  }

  /**
   * Opens what the first statement would: the embedded engine starts (and migrates) now rather than in
   * the middle of something that waits for it, and stays up until the next statement.
   */
  async ready(): Promise<void> {
    if (this.db.warm) await this.db.warm();
    else await this.db.query('SELECT 1');
  }

  /** A page of alerts matching the filter, riskiest first. */
  listAlerts(filter: AlertFilter = {}): Promise<AlertPage> {
    return listAlerts(this.db, filter);
  }

  /** One alert with its decisions (and their approvals) and every run that saw it; undefined: none. */
  getAlert(id: number): Promise<AlertDetail | undefined> {
    return getAlert(this.db, id);
  }

  /** An analyst's decision (KYC_ERR_DESK_ROLE without the role, KYC_ERR_DESK_COMMENT without a comment). */
  decide(alertId: number, person: Person, input: DecisionInput): Promise<Decision> {
    return decide(this.db, alertId, person, input);
  }

  /** An approver's approval or send-back of the last decision; the decider is refused (KYC_ERR_DESK_OWN_DECISION). */
  approve(alertId: number, person: Person, input: ApprovalInput): Promise<Decision> {
    return approve(this.db, alertId, person, input);
  }

  /** A finished run's candidates into alerts (new, seen again, reopened, suppressed). */
  recordRun(
    runId: string,
    candidates: AsyncIterable<RunCandidate> | Iterable<RunCandidate>,
  ): Promise<RunAlerts> {
    return recordRun(this.db, runId, candidates);
  }

  /** The approved false positives in force: what later runs suppress, and what `whitelist export` writes. */
  approvedFalsePositives(): Promise<CarriedDecision[]> {
    return approvedFalsePositives(this.db);
  }

  /** The decisions on the alerts a run saw, per row: for the run's audit package. */
  decisionsForRun(runId: string): Promise<RunDecision[]> {
    return decisionsForRun(this.db, runId);
  }

  /** What the desk holds of a run's rows (alerts, how the run saw them, where they stand); undefined: no record. */
  runRecord(runId: string, dashboardUrl?: string): Promise<RunDeskRecord | undefined> {
    return runDeskRecord(this.db, runId, dashboardUrl);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

export type { ApprovalInput, DecisionInput } from './decisions.js';
export type { CarriedDecision } from './carry.js';
export * from './types.js';
