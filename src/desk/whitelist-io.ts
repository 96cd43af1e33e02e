import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { KycError } from '../errors.js';
import { bomBytes, encodeCsvRecord, type CsvFormat } from '../export/csv-format.js';
import { WHITELIST_COLUMNS, type WhitelistEntry } from '../verdict/whitelist-entry.js';
import type { WhitelistFile } from '../whitelist/file.js';
import type { Database, Queryable } from './db/database.js';
import { approvedFalsePositives } from './carry.js';
import { insertApproval, insertDecision, requireRole } from './decisions.js';
import { samePerson } from './roles.js';
import type { Person } from './types.js';

/**
 * The whitelist CSV and the desk, both ways. `whitelist import` turns each line into an approved
 * false-positive decision (the line's reviewer decided it, on the line's date and record hash; the person
 * importing approves it, and may not be that reviewer); `whitelist export` writes the false positives in
 * force in the file's format, so that scripts made for the file go on.
 */

export interface ImportResult {
  readonly imported: number;
  /** Lines whose decision is already the one in force (an import run twice). */
  readonly unchanged: number;
}

async function alertFor(
  tx: Queryable,
  entry: WhitelistEntry,
  at: Date,
): Promise<{ id: number; recordHash: string }> {
  const [found] = await tx.query<{ id: number; record_hash: string }>(
    'SELECT id::int AS id, record_hash FROM desk_alerts WHERE client_key = $1 AND register = $2 AND record_id = $3',
    [entry.clientKey, entry.register, entry.recordId],
  );
  if (found) return { id: Number(found.id), recordHash: String(found.record_hash) };
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO desk_alerts (client_key, register, record_id, check_kind, status, sighting, match, score, risk,
       record_hash, explanation, evidence, opened_at, last_seen_at, times_seen)
     VALUES ($1, $2, $3, '', 'open', 'new', 'POSSIBLE_MATCH', 0, 0, $4, 'imported from a whitelist file', '{}', $5, $5, 0)
     RETURNING id::int AS id`,
    [entry.clientKey, entry.register, entry.recordId, entry.recordHash, at],
  );
  return { id: Number(row?.id), recordHash: entry.recordHash };
}

async function inForce(tx: Queryable, alertId: number, entry: WhitelistEntry): Promise<boolean> {
  const [row] = await tx.query<{
    decision: string;
    record_hash: string;
    decided_by: string;
    comment: string;
  }>(
    `SELECT d.decision, d.record_hash, d.decided_by, d.comment FROM desk_decisions d
     JOIN desk_approvals p ON p.decision_id = d.id AND p.approved WHERE d.alert_id = $1 ORDER BY d.id DESC LIMIT 1`,
    [alertId],
  );
  return (
    row?.decision === 'false_positive' &&
    row.record_hash === entry.recordHash &&
    row.decided_by === entry.reviewer &&
    row.comment === (entry.comment || 'whitelisted')
  );
}

export async function importWhitelist(
  db: Database,
  file: Pick<WhitelistFile, 'path' | 'entries'>,
  person: Person,
  at = new Date(),
): Promise<ImportResult> {
  requireRole(person, 'approver');
  const approver = person.name;
  const own = file.entries.findIndex((e) => samePerson(e.reviewer, approver));
  if (own >= 0)
    throw new KycError(
      'KYC_ERR_DESK_OWN_DECISION',
      `${file.path} entry ${own + 1} was reviewed by ${file.entries[own]?.reviewer}, who imports it as ${approver}: another person must approve`,
    );
  return db.transaction(async (tx) => {
    let imported = 0;
    let unchanged = 0;
    for (const entry of file.entries) {
      const alert = await alertFor(tx, entry, at);
      if (await inForce(tx, alert.id, entry)) {
        unchanged++;
        continue;
      }
      const decision = {
        decision: 'false_positive' as const,
        comment: entry.comment || 'whitelisted',
        recordHash: entry.recordHash,
      };
      const decidedAt = new Date(`${entry.date}T00:00:00Z`);
      const decisionId = await insertDecision(tx, alert.id, entry.reviewer, decision, {
        source: 'import',
        at: decidedAt,
      });
      await insertApproval(
        tx,
        alert.id,
        approver,
        { decisionId, approve: true, comment: `imported from ${basename(file.path)}` },
        at,
      );
      // A line about an older version of the record than the desk has seen since: the alert stays open.
      if (alert.recordHash !== entry.recordHash)
        await tx.query(`UPDATE desk_alerts SET status = 'open' WHERE id = $1`, [alert.id]);
      imported++;
    }
    return { imported, unchanged };
  });
}

/** The false positives in force as whitelist lines: the analyst as reviewer, the decision's date and hash. */
export async function exportWhitelist(db: Queryable): Promise<WhitelistEntry[]> {
  const carried = await approvedFalsePositives(db);
  return carried.map((c) => ({
    clientKey: c.clientKey,
    register: c.register,
    recordId: c.recordId,
    recordHash: c.recordHash,
    reviewer: c.decidedBy,
    date: c.date,
    comment: c.comment,
  }));
}

/** The whitelist file's bytes: UTF-8 with a BOM (Excel), a header and one line per entry. */
export function whitelistBytes(entries: readonly WhitelistEntry[]): Buffer {
  const format: CsvFormat = { encoding: 'utf-8', bom: true, delimiter: ',' };
  return Buffer.concat([
    bomBytes(format),
    encodeCsvRecord([...WHITELIST_COLUMNS], format),
    ...entries.map((e) =>
      encodeCsvRecord(
        [e.clientKey, e.register, e.recordId, e.recordHash, e.reviewer, e.date, e.comment],
        format,
      ),
    ),
  ]);
}

/** Writes the file; an existing one is refused unless overwrite (nothing the user owns is replaced silently). */
export async function writeWhitelistFile(path: string, bytes: Buffer, overwrite: boolean): Promise<void> {
  try {
    await writeFile(path, bytes, { flag: overwrite ? 'w' : 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new KycError('KYC_ERR_OUTPUT_EXISTS', `${path} (give --overwrite to replace it)`);
    throw error;
  }
}
