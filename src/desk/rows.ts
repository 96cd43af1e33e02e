import type { Row } from './db/database.js';
import type { Alert, AlertSighting, Approval, Decision } from './types.js';

/**
 * SQL rows into the desk's records. The two drivers differ in small ways (a server's bigint is a string,
 * PGlite's a number; jsonb may come back as text): every field is converted here, once.
 */

/** The columns of an alert, in the form alertOf reads. */
export const ALERT_COLUMNS = `a.id::int AS id, a.client_key, a.register, a.record_id, a.check_kind, a.client_name,
  a.record_name, a.status, a.sighting, a.match, a.score::float8 AS score, a.risk::float8 AS risk, a.record_hash,
  a.explanation, a.evidence, a.first_run_id, a.last_run_id, a.last_row::int AS last_row, a.opened_at,
  a.last_seen_at, a.times_seen::int AS times_seen`;

export const DECISION_COLUMNS = `d.id::int AS id, d.alert_id::int AS alert_id, d.decision, d.comment, d.decided_by,
  d.decided_at, d.record_hash, d.source, p.id::int AS approval_id, p.approved, p.comment AS approval_comment,
  p.approved_by, p.approved_at`;

export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}

/** A column's value as text: drivers give strings, numbers or dates, never objects, for text columns. */
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : text(value);

function json(value: unknown): Record<string, unknown> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

export function alertOf(row: Row): Alert {
  return {
    id: Number(row.id),
    clientKey: text(row.client_key),
    register: text(row.register),
    recordId: text(row.record_id),
    checkKind: text(row.check_kind),
    clientName: text(row.client_name),
    recordName: text(row.record_name),
    status: text(row.status) as Alert['status'],
    sighting: text(row.sighting) as Alert['sighting'],
    match: text(row.match) as Alert['match'],
    score: Number(row.score),
    risk: Number(row.risk),
    recordHash: text(row.record_hash),
    explanation: text(row.explanation),
    evidence: json(row.evidence),
    firstRunId: nullableText(row.first_run_id),
    lastRunId: nullableText(row.last_run_id),
    lastRow: row.last_row === null || row.last_row === undefined ? null : Number(row.last_row),
    openedAt: iso(row.opened_at),
    lastSeenAt: iso(row.last_seen_at),
    timesSeen: Number(row.times_seen),
  };
}

export function decisionOf(row: Row): Decision {
  const approval: Approval | undefined =
    row.approval_id === null || row.approval_id === undefined
      ? undefined
      : {
          id: Number(row.approval_id),
          decisionId: Number(row.id),
          approved: row.approved === true || row.approved === 't',
          comment: text(row.approval_comment),
          approvedBy: text(row.approved_by),
          approvedAt: iso(row.approved_at),
        };
  return {
    id: Number(row.id),
    alertId: Number(row.alert_id),
    decision: text(row.decision) as Decision['decision'],
    comment: text(row.comment),
    decidedBy: text(row.decided_by),
    decidedAt: iso(row.decided_at),
    recordHash: text(row.record_hash),
    source: text(row.source) === 'import' ? 'import' : 'desk',
    ...(approval ? { approval } : {}),
  };
}

export function sightingOf(row: Row): AlertSighting {
  return {
    runId: text(row.run_id),
    row: Number(row.row_number),
    recordHash: text(row.record_hash),
    match: text(row.match) as AlertSighting['match'],
    score: Number(row.score),
    sighting: text(row.sighting) as AlertSighting['sighting'],
    seenAt: iso(row.seen_at),
  };
}
