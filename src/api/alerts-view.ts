import type { Alert, AlertDetail, Decision } from '../desk/types.js';

/** The desk's records as the API answers them (snake_case, as the rest of /v1). */

export function decisionBody(d: Decision) {
  return {
    id: d.id,
    alert_id: d.alertId,
    decision: d.decision,
    comment: d.comment,
    decided_by: d.decidedBy,
    decided_at: d.decidedAt,
    record_hash: d.recordHash,
    source: d.source,
    approval: d.approval
      ? {
          approved: d.approval.approved,
          comment: d.approval.comment,
          approved_by: d.approval.approvedBy,
          approved_at: d.approval.approvedAt,
        }
      : null,
  };
}

export function alertBody(a: Alert) {
  return {
    id: a.id,
    status: a.status,
    sighting: a.sighting,
    client_key: a.clientKey,
    client_name: a.clientName,
    register: a.register,
    record_id: a.recordId,
    record_name: a.recordName,
    check: a.checkKind,
    match: a.match,
    score: a.score,
    risk: a.risk,
    record_hash: a.recordHash,
    first_run_id: a.firstRunId,
    last_run_id: a.lastRunId,
    last_row: a.lastRow,
    opened_at: a.openedAt,
    last_seen_at: a.lastSeenAt,
    times_seen: a.timesSeen,
    url: `/v1/alerts/${a.id}`,
  };
}

export function alertDetailBody(a: AlertDetail) {
  return {
    ...alertBody(a),
    explanation: a.explanation,
    evidence: { ...a.evidence },
    decisions: a.decisions.map(decisionBody),
    sightings: a.sightings.map((s) => ({
      run_id: s.runId,
      row: s.row,
      record_hash: s.recordHash,
      match: s.match,
      score: s.score,
      sighting: s.sighting,
      seen_at: s.seenAt,
    })),
  };
}
