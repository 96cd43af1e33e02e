import type { Database, Queryable } from './db/database.js';
import type { AlertStatus, RunAlerts, RunCandidate, Sighting } from './types.js';

/**
 * A finished run's MATCH and POSSIBLE_MATCH candidates into alerts, keyed by client key, register and
 * record id: a key not seen before opens a new alert; one seen before is "seen again"; an approved false
 * positive whose record changed since is reopened. An approved true match stays what it is (the run keeps
 * the client flagged; it is not raised as new). A SUPPRESSED candidate (a false positive in force) is
 * noted against its alert. Recording a run twice (a resumed coordinator) changes nothing the second time.
 */

/** A MATCH outranks every POSSIBLE_MATCH; the score orders within each. */
export function riskOf(candidate: Pick<RunCandidate, 'match' | 'score'>): number {
  return (candidate.match === 'MATCH' ? 1 : 0) + candidate.score;
}

interface Existing {
  readonly id: number;
  readonly status: AlertStatus;
  readonly recordHash: string;
}

async function existing(tx: Queryable, c: RunCandidate): Promise<Existing | undefined> {
  const [row] = await tx.query<{ id: number; status: AlertStatus; record_hash: string }>(
    `SELECT id::int AS id, status, record_hash FROM desk_alerts
     WHERE client_key = $1 AND register = $2 AND record_id = $3 FOR UPDATE`,
    [c.clientKey, c.register, c.recordId],
  );
  return row ? { id: Number(row.id), status: row.status, recordHash: String(row.record_hash) } : undefined;
}

async function openAlert(tx: Queryable, runId: string, c: RunCandidate, at: Date): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO desk_alerts (client_key, register, record_id, check_kind, client_name, record_name, status,
       sighting, match, score, risk, record_hash, explanation, evidence, first_run_id, last_run_id, last_row,
       opened_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'open', 'new', $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $15)
     RETURNING id::int AS id`,
    [
      c.clientKey,
      c.register,
      c.recordId,
      c.checkKind,
      c.clientName,
      c.recordName,
      c.match,
      c.score,
      riskOf(c),
      c.recordHash,
      c.explanation,
      JSON.stringify(c.evidence),
      runId,
      c.row,
      at,
    ],
  );
  return Number(row?.id);
}

/** How a raised candidate meets its alert, and the alert's status after. */
function meeting(alert: Existing, c: RunCandidate): { sighting: Sighting; status: AlertStatus } {
  if (alert.status === 'false_positive' && alert.recordHash !== c.recordHash)
    return { sighting: 'reopened', status: 'open' };
  return { sighting: 'seen_again', status: alert.status };
}

async function seeAgain(
  tx: Queryable,
  runId: string,
  alert: Existing,
  c: RunCandidate,
  at: Date,
): Promise<Sighting> {
  const { sighting, status } = meeting(alert, c);
  await tx.query(
    `UPDATE desk_alerts SET status = $2, sighting = $3, match = $4, score = $5, risk = $6, record_hash = $7,
       explanation = $8, evidence = $9, last_run_id = $10, last_row = $11, last_seen_at = $12,
       times_seen = times_seen + 1, client_name = $13, record_name = $14, check_kind = $15,
       opened_at = CASE WHEN $3 = 'reopened' THEN $12 ELSE opened_at END
     WHERE id = $1`,
    [
      alert.id,
      status,
      sighting,
      c.match,
      c.score,
      riskOf(c),
      c.recordHash,
      c.explanation,
      JSON.stringify(c.evidence),
      runId,
      c.row,
      at,
      c.clientName,
      c.recordName,
      c.checkKind,
    ],
  );
  return sighting;
}

async function alreadyRecorded(tx: Queryable, alertId: number, runId: string, row: number): Promise<boolean> {
  const found = await tx.query(
    'SELECT 1 FROM desk_sightings WHERE alert_id = $1 AND run_id = $2 AND row_number = $3',
    [alertId, runId, row],
  );
  return found.length > 0;
}

type Outcome = Sighting | 'suppressed' | 'recorded' | 'none';

async function recordOne(
  tx: Queryable,
  runId: string,
  c: RunCandidate,
  at: Date,
): Promise<[Outcome, number]> {
  const alert = await existing(tx, c);
  // Suppressed by a whitelist file's entry, with no alert of the desk behind it: nothing to note.
  if (!alert && c.match === 'SUPPRESSED') return ['none', 0];
  if (alert && (await alreadyRecorded(tx, alert.id, runId, c.row))) return ['recorded', alert.id];
  let id: number;
  let outcome: Outcome;
  if (!alert) {
    id = await openAlert(tx, runId, c, at);
    outcome = 'new';
  } else if (c.match === 'SUPPRESSED') {
    id = alert.id;
    outcome = 'suppressed';
    await tx.query(
      'UPDATE desk_alerts SET last_seen_at = $2, last_run_id = $3, last_row = $4 WHERE id = $1',
      [id, at, runId, c.row],
    );
  } else {
    id = alert.id;
    outcome = await seeAgain(tx, runId, alert, c, at);
  }
  await tx.query(
    `INSERT INTO desk_sightings (alert_id, run_id, row_number, record_hash, match, score, sighting, seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, runId, c.row, c.recordHash, c.match, c.score, outcome, at],
  );
  return [outcome, id];
}

/** Records the run's candidates, a batch per transaction; returns the alert ids by what happened to them. */
export async function recordRun(
  db: Database,
  runId: string,
  candidates: AsyncIterable<RunCandidate> | Iterable<RunCandidate>,
  at = new Date(),
): Promise<RunAlerts> {
  const out = {
    opened: [] as number[],
    reopened: [] as number[],
    seenAgain: [] as number[],
    suppressed: [] as number[],
  };
  const flush = async (batch: RunCandidate[]) =>
    db.transaction(async (tx) => {
      for (const c of batch) {
        const [outcome, id] = await recordOne(tx, runId, c, at);
        if (outcome === 'new') out.opened.push(id);
        else if (outcome === 'reopened') out.reopened.push(id);
        else if (outcome === 'seen_again') out.seenAgain.push(id);
        else if (outcome === 'suppressed') out.suppressed.push(id);
      }
    });
  let batch: RunCandidate[] = [];
  for await (const candidate of candidates) {
    batch.push(candidate);
    if (batch.length >= 200) {
      await flush(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await flush(batch);
  // Last: a run read as recorded has every sighting in.
  await db.query('INSERT INTO desk_runs (run_id, recorded_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    runId,
    at,
  ]);
  return { runId, ...out };
}
