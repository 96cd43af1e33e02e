import type {
  RowAlert,
  RowAlertDecision,
  RowAlertSighting,
  RowAlertStatus,
  RunDeskRecord,
} from '../reporting/desk-record.js';
import type { Queryable, Row } from './db/database.js';

/**
 * What the desk holds of one run, row by row, for its report, its delta and its new-HITs notice: each
 * alert the row raised or met, how the run saw it, and where the alert stands now (the decision awaiting
 * approval, or the approved one in force, with who). Undefined when the desk has no record of the run.
 */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A run recorded before the desk kept its runs still has its sightings. */
async function recorded(db: Queryable, runId: string): Promise<boolean> {
  const [row] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM desk_runs WHERE run_id = $1)
       OR EXISTS (SELECT 1 FROM desk_sightings WHERE run_id = $1) AS known`,
    [runId],
  );
  return row?.known === true || row?.known === 't';
}

function decisionOf(row: Row, status: RowAlertStatus): RowAlert['decision'] {
  if (status === 'pending' && row.last_decision)
    return { kind: text(row.last_decision) as RowAlertDecision, decidedBy: text(row.last_by) };
  if (status !== 'open' && row.force_decision)
    return {
      kind: text(row.force_decision) as RowAlertDecision,
      decidedBy: text(row.force_by),
      approvedBy: text(row.force_approved_by),
    };
  return undefined;
}

function rowAlertOf(row: Row): RowAlert {
  const status = text(row.status) as RowAlertStatus;
  const decision = decisionOf(row, status);
  return {
    id: Number(row.id),
    register: text(row.register),
    recordId: text(row.record_id),
    sighting: text(row.sighting) as RowAlertSighting,
    status,
    ...(decision ? { decision } : {}),
  };
}

export async function runDeskRecord(
  db: Queryable,
  runId: string,
  dashboardUrl?: string,
): Promise<RunDeskRecord | undefined> {
  if (!(await recorded(db, runId))) return undefined;
  const found = await db.query(
    `SELECT s.row_number::int AS row_number, s.sighting, a.id::int AS id, a.register, a.record_id, a.status,
       latest.decision AS last_decision, latest.decided_by AS last_by,
       inforce.decision AS force_decision, inforce.decided_by AS force_by, inforce.approved_by AS force_approved_by
     FROM desk_sightings s
     JOIN desk_alerts a ON a.id = s.alert_id
     LEFT JOIN LATERAL (
       SELECT d.decision, d.decided_by FROM desk_decisions d
       WHERE d.alert_id = a.id ORDER BY d.id DESC LIMIT 1) latest ON true
     LEFT JOIN LATERAL (
       SELECT d.decision, d.decided_by, p.approved_by FROM desk_decisions d
       JOIN desk_approvals p ON p.decision_id = d.id AND p.approved
       WHERE d.alert_id = a.id ORDER BY d.id DESC LIMIT 1) inforce ON true
     WHERE s.run_id = $1
     ORDER BY s.row_number, a.id`,
    [runId],
  );
  const rows = new Map<number, RowAlert[]>();
  for (const row of found) {
    const n = Number(row.row_number);
    rows.set(n, [...(rows.get(n) ?? []), rowAlertOf(row)]);
  }
  return { runId, rows, ...(dashboardUrl ? { dashboardUrl } : {}) };
}
