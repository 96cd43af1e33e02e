import type { Redis } from 'ioredis';
import type { WhitelistEntry } from '../verdict/whitelist-entry.js';
import { whitelistKeys } from '../whitelist/store.js';
import type { Queryable } from './db/database.js';
import { iso } from './rows.js';

/**
 * Approved decisions carried into later runs. An approved false positive is a whitelist entry (client key,
 * register, record id, the record hash it was decided on) and goes through the same rule as a whitelist
 * file's entry (src/verdict/whitelist-rule.ts): the same candidate with the same hash is SUPPRESSED with
 * the same reason codes, one with another hash is reopened. The reviewer the reasons name is the analyst
 * and the approver.
 */

export interface CarriedDecision extends WhitelistEntry {
  readonly alertId: number;
  readonly decisionId: number;
  readonly decidedBy: string;
  readonly approvedBy: string;
  readonly source: 'desk' | 'import';
}

/** Per alert, the last approved decision, when it is a false positive. */
export async function approvedFalsePositives(db: Queryable): Promise<CarriedDecision[]> {
  const rows = await db.query(
    `SELECT * FROM (
       SELECT DISTINCT ON (d.alert_id) d.alert_id::int AS alert_id, d.id::int AS decision_id, d.decision,
         d.record_hash, d.decided_by, d.decided_at, d.comment, d.source, p.approved_by, a.client_key, a.register,
         a.record_id
       FROM desk_decisions d
       JOIN desk_approvals p ON p.decision_id = d.id AND p.approved
       JOIN desk_alerts a ON a.id = d.alert_id
       ORDER BY d.alert_id, d.id DESC) last
     WHERE last.decision = 'false_positive' ORDER BY last.decision_id`,
  );
  return rows.map((r) => {
    const decidedBy = String(r.decided_by);
    const approvedBy = String(r.approved_by);
    const source = String(r.source) === 'import' ? 'import' : 'desk';
    return {
      alertId: Number(r.alert_id),
      decisionId: Number(r.decision_id),
      clientKey: String(r.client_key),
      register: String(r.register),
      recordId: String(r.record_id),
      recordHash: String(r.record_hash),
      reviewer: `${decidedBy}, approved by ${approvedBy}`,
      date: iso(r.decided_at).slice(0, 10),
      comment: String(r.comment),
      decidedBy,
      approvedBy,
      source,
    };
  });
}

/** Marks a run whose whitelist already holds the desk's entries: a resumed run is not loaded twice. */
export function deskMarkerKey(prefix: string, runId: string): string {
  return `${whitelistKeys(prefix, runId).entries}:desk`;
}

/**
 * Adds the entries to the run's whitelist in Redis, after a whitelist file's own entries of the same client
 * (the later entry wins: a decision of the desk over a line of a file). Done once per run; returns whether
 * the run's whitelist has any entry of the desk.
 */
export async function loadIntoRun(
  redis: Redis,
  prefix: string,
  runId: string,
  entries: readonly WhitelistEntry[],
): Promise<boolean> {
  const marker = deskMarkerKey(prefix, runId);
  const loaded = await redis.get(marker);
  if (loaded !== null) return Number(loaded) > 0;
  const key = whitelistKeys(prefix, runId).entries;
  const byClient = new Map<string, WhitelistEntry[]>();
  for (const entry of entries)
    byClient.set(entry.clientKey, [...(byClient.get(entry.clientKey) ?? []), entry]);
  const clients = [...byClient.keys()];
  for (let i = 0; i < clients.length; i += 500) {
    const slice = clients.slice(i, i + 500);
    const own = slice.length > 0 ? await redis.hmget(key, ...slice) : [];
    const fields: string[] = [];
    slice.forEach((client, j) => {
      const fromFile = own[j] ? (JSON.parse(own[j]) as WhitelistEntry[]) : [];
      const plain = (byClient.get(client) ?? []).map((e) => ({
        clientKey: e.clientKey,
        register: e.register,
        recordId: e.recordId,
        recordHash: e.recordHash,
        reviewer: e.reviewer,
        date: e.date,
        comment: e.comment,
      }));
      fields.push(client, JSON.stringify([...fromFile, ...plain]));
    });
    if (fields.length > 0) await redis.hset(key, ...fields);
  }
  await redis.set(marker, String(entries.length));
  return entries.length > 0;
}
