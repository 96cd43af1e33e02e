import { readEvidence } from '../ingest/evidence-file.js';
import { openVerdictFile, type VerdictRow } from '../ingest/verdict-file.js';
import type { RunCandidate } from './types.js';

/**
 * A finished run's candidates for the desk, read from its outputs: evidence.jsonl gives each row's
 * candidates (register, record id, content hash, score, explanation), verdicts.csv the row's client key
 * and name (the key computed by the same ingest the run used). Both are in row order: read side by side.
 */

const KEPT = new Set(['MATCH', 'POSSIBLE_MATCH', 'SUPPRESSED']);

interface EvidenceCandidate {
  readonly source?: unknown;
  readonly recordId?: unknown;
  readonly recordHash?: unknown;
  readonly recordName?: unknown;
  readonly decision?: unknown;
  readonly score?: unknown;
  readonly explanation?: unknown;
}

interface EvidenceLine {
  readonly row: number;
  readonly checks?: Readonly<Record<string, { readonly candidates?: readonly EvidenceCandidate[] }>>;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function candidatesOf(line: EvidenceLine, verdict: VerdictRow): RunCandidate[] {
  const out: RunCandidate[] = [];
  for (const [kind, check] of Object.entries(line.checks ?? {})) {
    for (const c of check.candidates ?? []) {
      if (typeof c.decision !== 'string' || !KEPT.has(c.decision)) continue;
      out.push({
        row: line.row,
        clientKey: verdict.key,
        clientName: verdict.name,
        checkKind: kind,
        register: str(c.source),
        recordId: str(c.recordId),
        recordName: str(c.recordName),
        recordHash: str(c.recordHash),
        match: c.decision as RunCandidate['match'],
        score: typeof c.score === 'number' ? c.score : 0,
        explanation: str(c.explanation),
        evidence: c as Record<string, unknown>,
      });
    }
  }
  return out;
}

export interface RunOutputs {
  readonly out: string;
  readonly evidence: string;
  readonly columns?: string | undefined;
}

/** The candidates of rows that have a client key (a row keyed `row:N` has nothing to carry across runs). */
export async function* runCandidates(run: RunOutputs): AsyncGenerator<RunCandidate> {
  const verdicts = (await openVerdictFile(run.out, { columns: run.columns })).rows[Symbol.asyncIterator]();
  // A quick look before parsing: most rows have no candidate worth an alert.
  const select = (text: string): boolean => /"decision":"(MATCH|POSSIBLE_MATCH|SUPPRESSED)"/u.test(text);
  let verdict: VerdictRow | undefined;
  try {
    for await (const read of readEvidence(run.evidence, { select })) {
      const line = read as EvidenceLine;
      while (verdict === undefined || verdict.row < line.row) {
        const next = await verdicts.next();
        if (next.done) return;
        verdict = next.value;
      }
      if (verdict.row !== line.row || verdict.key.startsWith('row:')) continue;
      yield* candidatesOf(line, verdict);
    }
  } finally {
    await verdicts.return?.();
  }
}
