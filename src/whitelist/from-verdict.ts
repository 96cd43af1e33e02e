import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CandidateDecision } from '../domain/check.js';
import { KycError } from '../errors.js';
import { evidenceOfRow } from '../ingest/evidence-file.js';
import { openVerdictFile, type VerdictRow } from '../ingest/verdict-file.js';
import type { WhitelistEntry } from '../verdict/whitelist-entry.js';

/**
 * `whitelist add`: a reviewer points at one row of a verdicts file; the candidate to whitelist (register,
 * record id, content hash) comes from the evidence.jsonl beside it, the client key from the row itself.
 */
export interface FromVerdictOptions {
  readonly verdicts: string;
  readonly row: number;
  readonly register?: string | undefined;
  readonly recordId?: string | undefined;
  readonly reviewer: string;
  readonly comment?: string | undefined;
  readonly columns?: string | undefined;
  /** ISO date of the review; default: today in this machine's time zone. */
  readonly date?: string | undefined;
}

interface EvidenceCandidate {
  readonly source: string;
  readonly recordId: string;
  readonly recordHash: string;
  readonly recordName?: string;
  readonly decision: CandidateDecision;
}

interface EvidenceRow {
  readonly row: number;
  readonly run_id: string;
  readonly checks: Readonly<Record<string, { readonly candidates?: readonly EvidenceCandidate[] }>>;
}

const WHITELISTABLE: ReadonlySet<CandidateDecision> = new Set(['MATCH', 'POSSIBLE_MATCH']);

async function verdictRow(path: string, row: number, columns: string | undefined): Promise<VerdictRow> {
  const file = await openVerdictFile(path, { columns });
  for await (const item of file.rows) if (item.row === row) return item;
  throw new KycError('KYC_ERR_WHITELIST_ROW', `${path} has no data row ${row}`);
}

async function evidenceRow(path: string, row: number): Promise<EvidenceRow | undefined> {
  return (await evidenceOfRow(path, row)) as EvidenceRow | undefined;
}

function localIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export async function entryFromVerdict(options: FromVerdictOptions): Promise<WhitelistEntry> {
  const row = await verdictRow(options.verdicts, options.row, options.columns);
  if (row.key.startsWith('row:'))
    throw new KycError(
      'KYC_ERR_WHITELIST_ROW',
      `row ${options.row} has no client id, INN or name to key it by`,
    );
  const evidencePath = join(dirname(options.verdicts), 'evidence.jsonl');
  if (!existsSync(evidencePath))
    throw new KycError('KYC_ERR_WHITELIST_EVIDENCE', `${evidencePath} not found`);
  const evidence = await evidenceRow(evidencePath, options.row);
  if (!evidence)
    throw new KycError('KYC_ERR_WHITELIST_EVIDENCE', `${evidencePath} has no row ${options.row}`);
  if (row.runId && evidence.run_id !== row.runId) {
    throw new KycError(
      'KYC_ERR_WHITELIST_EVIDENCE',
      `${evidencePath} is of run ${evidence.run_id}, the verdicts row of run ${row.runId}`,
    );
  }
  const all = Object.values(evidence.checks).flatMap((check) =>
    (check.candidates ?? []).filter((c) => WHITELISTABLE.has(c.decision)),
  );
  const chosen = all.filter(
    (c) =>
      (options.register === undefined || c.source === options.register) &&
      (options.recordId === undefined || c.recordId === options.recordId),
  );
  const listing = all.map((c) => `${c.source} ${c.recordId} (${c.decision})`).join(', ');
  const [candidate, ...others] = chosen;
  if (!candidate) {
    throw new KycError(
      'KYC_ERR_WHITELIST_ROW',
      `row ${options.row} (${row.verdict}) has ${all.length === 0 ? 'no MATCH or POSSIBLE_MATCH' : `only: ${listing}`}`,
    );
  }
  if (others.length > 0) throw new KycError('KYC_ERR_WHITELIST_AMBIGUOUS', listing);
  return {
    clientKey: row.key,
    register: candidate.source,
    recordId: candidate.recordId,
    recordHash: candidate.recordHash,
    reviewer: options.reviewer.trim(),
    date: options.date ?? localIsoDate(),
    comment: (options.comment ?? '').trim(),
  };
}
