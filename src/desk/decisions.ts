import { KycError } from '../errors.js';
import type { Database, Queryable } from './db/database.js';
import { DECISION_COLUMNS, decisionOf } from './rows.js';
import { samePerson } from './roles.js';
import type { AlertStatus, Decision, DecisionKind, Person } from './types.js';

/**
 * The four eyes: an analyst decides, a different approver approves (the decision takes effect) or sends it
 * back (the alert is open again). Every step is a new row; nothing is edited. A new decision on an alert
 * supersedes its last one, approved or not.
 */

/** What an approved decision turns the alert into. */
export const STATUS_OF: Readonly<Record<DecisionKind, AlertStatus>> = {
  false_positive: 'false_positive',
  true_match: 'true_match',
  escalate: 'escalated',
};

export interface DecisionInput {
  readonly decision: DecisionKind;
  readonly comment: string;
  /**
   * The record's hash as the analyst saw it: the decision is recorded on it, and one made on a record that
   * has changed since (a run saw a new version) is refused with KYC_ERR_DESK_STALE_RECORD.
   */
  readonly recordHash: string;
}

export interface ApprovalInput {
  /**
   * The decision the approver reviewed. When it is no longer the alert's last one (the analyst decided
   * again meanwhile) the approval is refused with KYC_ERR_DESK_STALE_DECISION: nobody approves a decision
   * they have not seen.
   */
  readonly decisionId: number;
  readonly approve: boolean;
  readonly comment?: string | undefined;
}

export function requireRole(person: Person, role: 'analyst' | 'approver'): void {
  if (!person.roles.includes(role))
    throw new KycError('KYC_ERR_DESK_ROLE', `${person.name} is not an ${role}`);
}

async function lockAlert(tx: Queryable, alertId: number): Promise<{ recordHash: string }> {
  const [row] = await tx.query<{ record_hash: string }>(
    'SELECT record_hash FROM desk_alerts WHERE id = $1 FOR UPDATE',
    [alertId],
  );
  if (!row) throw new KycError('KYC_ERR_DESK_ALERT_NOT_FOUND', String(alertId));
  return { recordHash: String(row.record_hash) };
}

async function decisionById(tx: Queryable, id: number): Promise<Decision> {
  const [row] = await tx.query(
    `SELECT ${DECISION_COLUMNS} FROM desk_decisions d LEFT JOIN desk_approvals p ON p.decision_id = d.id WHERE d.id = $1`,
    [id],
  );
  if (!row) throw new KycError('KYC_ERR_INTERNAL', `decision ${id} not found after its insert`);
  return decisionOf(row);
}

/**
 * Inserts a decision on the record hash the input names (within the caller's transaction). At the desk
 * that must be the record as the alert holds it now; an import records the hash its file line names.
 */
export async function insertDecision(
  tx: Queryable,
  alertId: number,
  by: string,
  input: DecisionInput,
  options: { source: 'desk' | 'import'; at: Date },
): Promise<number> {
  const alert = await lockAlert(tx, alertId);
  if (options.source === 'desk' && input.recordHash !== alert.recordHash)
    throw new KycError(
      'KYC_ERR_DESK_STALE_RECORD',
      `alert ${alertId}: the decision was made on record ${input.recordHash.slice(0, 12)}, the alert now holds ${alert.recordHash.slice(0, 12)}`,
    );
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO desk_decisions (alert_id, decision, comment, decided_by, decided_at, record_hash, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int AS id`,
    [alertId, input.decision, input.comment.trim(), by, options.at, input.recordHash, options.source],
  );
  await tx.query(`UPDATE desk_alerts SET status = 'pending' WHERE id = $1`, [alertId]);
  return Number(row?.id);
}

export async function decide(
  db: Database,
  alertId: number,
  person: Person,
  input: DecisionInput,
  at = new Date(),
): Promise<Decision> {
  requireRole(person, 'analyst');
  if (input.comment.trim() === '') throw new KycError('KYC_ERR_DESK_COMMENT');
  return db.transaction(async (tx) => {
    const id = await insertDecision(tx, alertId, person.name, input, { source: 'desk', at });
    return decisionById(tx, id);
  });
}

/** The status of the alert's last approved decision (sent back: that one is in force again), or open. */
async function inForceStatus(tx: Queryable, alertId: number): Promise<AlertStatus> {
  const [row] = await tx.query<{ decision: DecisionKind }>(
    `SELECT d.decision FROM desk_decisions d JOIN desk_approvals p ON p.decision_id = d.id
     WHERE d.alert_id = $1 AND p.approved ORDER BY d.id DESC LIMIT 1`,
    [alertId],
  );
  return row ? STATUS_OF[row.decision] : 'open';
}

/**
 * Records an approval (or a send-back) of the decision the input names, which must be the alert's last
 * (within the caller's transaction).
 */
export async function insertApproval(
  tx: Queryable,
  alertId: number,
  by: string,
  input: ApprovalInput,
  at: Date,
): Promise<number> {
  await lockAlert(tx, alertId);
  const [last] = await tx.query<{
    id: number;
    decision: DecisionKind;
    decided_by: string;
    approval: number | null;
  }>(
    `SELECT d.id::int AS id, d.decision, d.decided_by, p.id AS approval FROM desk_decisions d
     LEFT JOIN desk_approvals p ON p.decision_id = d.id WHERE d.alert_id = $1 ORDER BY d.id DESC LIMIT 1`,
    [alertId],
  );
  if (last && Number(last.id) !== input.decisionId)
    throw new KycError(
      'KYC_ERR_DESK_STALE_DECISION',
      `alert ${alertId}: decision ${input.decisionId} is not its last one (${last.id}); open the alert again`,
    );
  if (!last || last.approval !== null)
    throw new KycError('KYC_ERR_DESK_NOTHING_TO_APPROVE', `alert ${alertId}`);
  if (samePerson(String(last.decided_by), by))
    throw new KycError('KYC_ERR_DESK_OWN_DECISION', `${by} made the decision on alert ${alertId}`);
  await tx.query(
    `INSERT INTO desk_approvals (decision_id, approved, comment, approved_by, approved_at) VALUES ($1, $2, $3, $4, $5)`,
    [last.id, input.approve, (input.comment ?? '').trim(), by, at],
  );
  const status: AlertStatus = input.approve ? STATUS_OF[last.decision] : await inForceStatus(tx, alertId);
  await tx.query('UPDATE desk_alerts SET status = $2 WHERE id = $1', [alertId, status]);
  return Number(last.id);
}

export async function approve(
  db: Database,
  alertId: number,
  person: Person,
  input: ApprovalInput,
  at = new Date(),
): Promise<Decision> {
  requireRole(person, 'approver');
  if (!input.approve && (input.comment ?? '').trim() === '')
    throw new KycError('KYC_ERR_DESK_COMMENT', 'sending a decision back needs a comment');
  return db.transaction(async (tx) => {
    const id = await insertApproval(tx, alertId, person.name, input, at);
    return decisionById(tx, id);
  });
}
