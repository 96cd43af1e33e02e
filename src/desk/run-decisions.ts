import type { Queryable } from './db/database.js';
import { DECISION_COLUMNS, decisionOf, iso } from './rows.js';
import type { RunDecision } from './types.js';

/**
 * The decisions on the alerts a run saw, row by row: every decision (with its approval) made on the alert,
 * each marked in force when it was approved before the run saw the row. The audit package carries them.
 */
export async function decisionsForRun(db: Queryable, runId: string): Promise<RunDecision[]> {
  const rows = await db.query(
    `SELECT s.row_number::int AS row_number, s.record_hash AS run_record_hash, s.sighting AS run_sighting,
       s.seen_at, a.register AS alert_register, a.record_id AS alert_record_id, ${DECISION_COLUMNS}
     FROM desk_sightings s
     JOIN desk_alerts a ON a.id = s.alert_id
     JOIN desk_decisions d ON d.alert_id = s.alert_id
     LEFT JOIN desk_approvals p ON p.decision_id = d.id
     WHERE s.run_id = $1
     ORDER BY s.row_number, d.alert_id, d.id`,
    [runId],
  );
  return rows.map((r) => {
    const decision = decisionOf(r);
    const seenAt = iso(r.seen_at);
    return {
      row: Number(r.row_number),
      alertId: decision.alertId,
      register: String(r.alert_register),
      recordId: String(r.alert_record_id),
      runRecordHash: String(r.run_record_hash),
      sighting: String(r.run_sighting) as RunDecision['sighting'],
      decision,
      inForce: decision.approval?.approved === true && decision.approval.approvedAt <= seenAt,
    };
  });
}
