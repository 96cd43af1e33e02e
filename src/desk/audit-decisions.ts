import { readFile } from 'node:fs/promises';
import type { ErrorCode } from '../errors.js';
import { readEvidence } from '../ingest/evidence-file.js';
import { DECISIONS, type RunDecision } from './types.js';

/**
 * The desk's decisions in a run's audit package (`decisions.jsonl`): one line per decision on an alert the
 * run saw, with the row, who decided and approved, when, the comment and the record hash. `report verify`
 * reads them back against the package's evidence: each names a candidate of its row with the record hash
 * the run saw, a decision in force for a suppressed candidate is an approved false positive made on that
 * very record, and its approver is not its analyst.
 */
export const DECISIONS_FILE = 'decisions.jsonl';

export interface DecisionLine {
  readonly row: number;
  readonly alert_id: number;
  readonly register: string;
  readonly record_id: string;
  readonly run_record_hash: string;
  readonly sighting: string;
  readonly in_force: boolean;
  readonly decision: string;
  readonly comment: string;
  readonly decided_by: string;
  readonly decided_at: string;
  readonly record_hash: string;
  readonly source: string;
  readonly approval: { approved: boolean; comment: string; approved_by: string; approved_at: string } | null;
}

export function decisionsJsonl(decisions: readonly RunDecision[]): string {
  return decisions
    .map((d) => {
      const line: DecisionLine = {
        row: d.row,
        alert_id: d.alertId,
        register: d.register,
        record_id: d.recordId,
        run_record_hash: d.runRecordHash,
        sighting: d.sighting,
        in_force: d.inForce,
        decision: d.decision.decision,
        comment: d.decision.comment,
        decided_by: d.decision.decidedBy,
        decided_at: d.decision.decidedAt,
        record_hash: d.decision.recordHash,
        source: d.decision.source,
        approval: d.decision.approval
          ? {
              approved: d.decision.approval.approved,
              comment: d.decision.approval.comment,
              approved_by: d.decision.approval.approvedBy,
              approved_at: d.decision.approval.approvedAt,
            }
          : null,
      };
      return `${JSON.stringify(line)}\n`;
    })
    .join('');
}

interface Candidate {
  readonly source?: string;
  readonly recordId?: string;
  readonly recordHash?: string;
  readonly decision?: string;
}

/** Candidates of the evidence by row, for the rows the decisions name only. */
async function candidatesByRow(
  evidence: string,
  rows: ReadonlySet<number>,
): Promise<Map<number, Candidate[]>> {
  const out = new Map<number, Candidate[]>();
  const select = (text: string): boolean => rows.has(Number(/^\{"row":(\d+),/u.exec(text)?.[1]));
  for await (const read of readEvidence(evidence, { select })) {
    const parsed = read as { row: number; checks?: Record<string, { candidates?: Candidate[] }> };
    out.set(
      parsed.row,
      Object.values(parsed.checks ?? {}).flatMap((c) => c.candidates ?? []),
    );
  }
  return out;
}

function lineProblems(d: DecisionLine, candidates: readonly Candidate[]): string[] {
  const problems: string[] = [];
  if (!(DECISIONS as readonly string[]).includes(d.decision))
    problems.push(`decision ${String(d.decision)} is unknown`);
  if (!d.decided_by || !d.comment?.trim()) problems.push('has no analyst or no comment');
  if (!/^[0-9a-f]{64}$/u.test(d.record_hash ?? '')) problems.push('has no record hash');
  if (d.approval && d.approval.approved_by === d.decided_by) problems.push('was approved by its own analyst');
  const candidate = candidates.find((c) => c.source === d.register && c.recordId === d.record_id);
  if (!candidate) problems.push(`names ${d.register} ${d.record_id}, which the row's evidence does not hold`);
  else if (candidate.recordHash !== d.run_record_hash)
    problems.push('names a record hash other than the one in the evidence');
  if (d.sighting === 'suppressed' && d.in_force && d.decision === 'false_positive') {
    if (candidate?.decision !== 'SUPPRESSED')
      problems.push('is in force but the evidence did not suppress the match');
    if (d.record_hash !== d.run_record_hash) problems.push('is in force on another version of the record');
    if (d.approval?.approved !== true) problems.push('is in force without an approval');
  }
  return problems;
}

/** Problems of decisions.jsonl against the evidence of the same package (none: all consistent). */
export async function decisionProblems(
  decisionsPath: string,
  evidencePath: string,
): Promise<{ code: ErrorCode; message: string }[]> {
  const text = await readFile(decisionsPath, 'utf8');
  const lines: DecisionLine[] = [];
  const problems: { code: ErrorCode; message: string }[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    if (raw.trim() === '') continue;
    try {
      lines.push(JSON.parse(raw) as DecisionLine);
    } catch {
      problems.push({
        code: 'KYC_ERR_AUDIT_MISMATCH',
        message: `${DECISIONS_FILE} line ${i + 1} is not JSON`,
      });
    }
  }
  const byRow = await candidatesByRow(evidencePath, new Set(lines.map((l) => l.row)));
  for (const line of lines)
    for (const problem of lineProblems(line, byRow.get(line.row) ?? []))
      problems.push({
        code: 'KYC_ERR_AUDIT_MISMATCH',
        message: `${DECISIONS_FILE}: the decision of alert ${line.alert_id} on row ${line.row} ${problem}`,
      });
  return problems;
}
