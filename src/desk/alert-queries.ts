import type { Queryable, SqlValue } from './db/database.js';
import { ALERT_COLUMNS, DECISION_COLUMNS, alertOf, decisionOf, sightingOf } from './rows.js';
import type { AlertDetail, AlertFilter, AlertPage, Decision } from './types.js';

/** Reading alerts: the inbox (a filtered page, riskiest first) and one alert with its history. */

export const MAX_PAGE = 500;
const DAY_MS = 86_400_000;

function whereOf(filter: AlertFilter, now: Date): { sql: string; params: SqlValue[] } {
  const params: SqlValue[] = [];
  const terms: string[] = [];
  const param = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.status && filter.status.length > 0)
    terms.push(`a.status IN (${filter.status.map((s) => param(s)).join(', ')})`);
  if (filter.register !== undefined) terms.push(`a.register = ${param(filter.register)}`);
  if (filter.sighting !== undefined) terms.push(`a.sighting = ${param(filter.sighting)}`);
  if (filter.runId !== undefined)
    terms.push(
      `EXISTS (SELECT 1 FROM desk_sightings s WHERE s.alert_id = a.id AND s.run_id = ${param(filter.runId)})`,
    );
  if (filter.minAgeDays !== undefined)
    terms.push(`a.opened_at <= ${param(new Date(now.getTime() - filter.minAgeDays * DAY_MS))}`);
  if (filter.maxAgeDays !== undefined)
    terms.push(`a.opened_at >= ${param(new Date(now.getTime() - filter.maxAgeDays * DAY_MS))}`);
  return { sql: terms.length > 0 ? `WHERE ${terms.join(' AND ')}` : '', params };
}

/** A page of alerts, riskiest first, then the most recently seen; `total` counts every page. */
export async function listAlerts(db: Queryable, filter: AlertFilter, now = new Date()): Promise<AlertPage> {
  const { sql, params } = whereOf(filter, now);
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), MAX_PAGE);
  const offset = Math.max(filter.offset ?? 0, 0);
  const [rows, counted] = await Promise.all([
    db.query(
      `SELECT ${ALERT_COLUMNS} FROM desk_alerts a ${sql}
       ORDER BY a.risk DESC, a.last_seen_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM desk_alerts a ${sql}`, params),
  ]);
  return { alerts: rows.map(alertOf), total: Number(counted[0]?.total ?? 0) };
}

/** The alert's decisions, newest first, each with its approval when it has one. */
export async function decisionsOf(db: Queryable, alertId: number): Promise<Decision[]> {
  const rows = await db.query(
    `SELECT ${DECISION_COLUMNS} FROM desk_decisions d LEFT JOIN desk_approvals p ON p.decision_id = d.id
     WHERE d.alert_id = $1 ORDER BY d.id DESC`,
    [alertId],
  );
  return rows.map(decisionOf);
}

export async function getAlert(db: Queryable, id: number): Promise<AlertDetail | undefined> {
  const [row] = await db.query(`SELECT ${ALERT_COLUMNS} FROM desk_alerts a WHERE a.id = $1`, [id]);
  if (!row) return undefined;
  const [decisions, sightings] = await Promise.all([
    decisionsOf(db, id),
    db.query(
      `SELECT run_id, row_number::int AS row_number, record_hash, match, score::float8 AS score, sighting, seen_at
       FROM desk_sightings WHERE alert_id = $1 ORDER BY seen_at DESC, run_id DESC, row_number DESC`,
      [id],
    ),
  ]);
  return { ...alertOf(row), decisions, sightings: sightings.map(sightingOf) };
}
