import type { CandidateDecision, CheckKind } from '../../domain/check.js';
import type { Manifest } from '../../export/manifest.js';
import { readEvidence } from '../../ingest/evidence-file.js';
import { openVerdictFile } from '../../ingest/verdict-file.js';

/** One matched record of a HIT or REVIEW row, as the report shows it. */
export interface ReportMatch {
  readonly check: string;
  readonly source: string;
  readonly recordId: string;
  readonly recordName: string;
  readonly decision: CandidateDecision;
  readonly score: number;
  readonly explanation: string;
}

export interface ReportRow {
  readonly row: number;
  readonly name: string;
  readonly verdict: string;
  readonly reasons: readonly string[];
  readonly matches: readonly ReportMatch[];
  /** Status cells of the checks that raised something (FLAG, ERROR, …), for rows without candidates. */
  readonly findings: readonly string[];
  /** When the oldest answer the verdict rests on was fetched, when it was kept from an earlier run. */
  readonly oldestAnswerAt?: string;
}

/** INCOMPLETE rows by the code of the check that failed, with the rows (first ones) behind each. */
export interface IncompleteGroup {
  readonly cause: string;
  readonly count: number;
  readonly rows: readonly number[];
}

/** An INVALID row: what the input held of its name, and why it could not be screened. */
export interface InvalidRow {
  readonly row: number;
  readonly name: string;
  readonly reasons: readonly string[];
}

export interface ReportData {
  readonly manifest: Manifest;
  /** INVALID rows, first ones (the CSV has them all), with their reasons. */
  readonly invalid: readonly InvalidRow[];
  /** INVALID rows beyond the listed ones. */
  readonly invalidOmitted: number;
  readonly attention: readonly ReportRow[];
  /** HIT and REVIEW rows beyond the listed ones (the CSV has them all). */
  readonly omitted: number;
  readonly incomplete: readonly IncompleteGroup[];
}

interface EvidenceCheck {
  readonly status?: string;
  readonly error?: { readonly code?: string };
  readonly candidates?: readonly Omit<ReportMatch, 'check'>[];
}
interface EvidenceLine {
  readonly row: number;
  readonly checks?: Partial<Record<CheckKind, EvidenceCheck>>;
  readonly oldest_answer_at?: string;
}

const SHOWN: ReadonlySet<string> = new Set(['MATCH', 'POSSIBLE_MATCH', 'SUPPRESSED']);
const RAISED = /^(MATCH|POSSIBLE_MATCH|FLAG|ERROR)/;
/** A page an officer reads, not a dump: the CSV holds every row. */
export const LISTED_ROWS = 2_000;
const ROWS_PER_CAUSE = 50;

/** Evidence lines in row order, read one at a time (the file can hold millions), references resolved. */
async function* evidenceLines(path: string): AsyncGenerator<EvidenceLine> {
  for await (const line of readEvidence(path)) yield line as EvidenceLine;
}

function matchesOf(evidence: EvidenceLine | undefined): ReportMatch[] {
  const out: ReportMatch[] = [];
  for (const [check, result] of Object.entries(evidence?.checks ?? {}))
    for (const c of result.candidates ?? [])
      if (SHOWN.has(c.decision)) out.push({ check, ...c, explanation: c.explanation });
  return out.sort((a, b) => b.score - a.score);
}

function causesOf(evidence: EvidenceLine | undefined): string[] {
  return Object.entries(evidence?.checks ?? {})
    .filter(([, r]) => r.status === 'ERROR')
    .map(([check, r]) => `${check}: ${r.error?.code ?? 'KYC_ERR_CHECK_FAILED'}`);
}

/**
 * Everything the report shows, from the run's three outputs, streamed: verdicts.csv (names as the input
 * wrote them) and evidence.jsonl (candidates, causes) are both in row order and read side by side.
 */
export async function collectReportData(paths: {
  readonly manifest: Manifest;
  readonly verdicts: string;
  readonly evidence: string;
  readonly columns?: string | undefined;
}): Promise<ReportData> {
  const attention: ReportRow[] = [];
  const invalid: InvalidRow[] = [];
  let invalidOmitted = 0;
  const causes = new Map<string, { count: number; rows: number[] }>();
  let omitted = 0;
  const evidence = evidenceLines(paths.evidence);
  let pending = await evidence.next();
  const verdicts = await openVerdictFile(paths.verdicts, { columns: paths.columns });
  for await (const row of verdicts.rows) {
    while (!pending.done && pending.value.row < row.row) pending = await evidence.next();
    const line = !pending.done && pending.value.row === row.row ? pending.value : undefined;
    if (row.verdict === 'HIT' || row.verdict === 'REVIEW') {
      if (attention.length >= LISTED_ROWS) omitted++;
      else
        attention.push({
          row: row.row,
          name: row.name,
          verdict: row.verdict,
          reasons: row.reasons,
          matches: matchesOf(line),
          findings: Object.entries(row.checks)
            .filter(([, status]) => RAISED.test(status))
            .map(([kind, status]) => `${kind}: ${status}`),
          ...(line?.oldest_answer_at ? { oldestAnswerAt: line.oldest_answer_at } : {}),
        });
    } else if (row.verdict === 'INVALID') {
      if (invalid.length >= LISTED_ROWS) invalidOmitted++;
      else invalid.push({ row: row.row, name: row.name, reasons: row.reasons });
    } else if (row.verdict === 'INCOMPLETE') {
      for (const cause of causesOf(line).length > 0 ? causesOf(line) : ['unknown']) {
        const group = causes.get(cause) ?? { count: 0, rows: [] };
        group.count++;
        if (group.rows.length < ROWS_PER_CAUSE) group.rows.push(row.row);
        causes.set(cause, group);
      }
    }
  }
  await evidence.return(undefined);
  const incomplete = [...causes.entries()]
    .map(([cause, g]) => ({ cause, count: g.count, rows: g.rows }))
    .sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause));
  // HIT rows first, then REVIEW, each in row order: what an officer acts on first.
  attention.sort((a, b) => (a.verdict === b.verdict ? a.row - b.row : a.verdict === 'HIT' ? -1 : 1));
  return { manifest: paths.manifest, attention, omitted, incomplete, invalid, invalidOmitted };
}
