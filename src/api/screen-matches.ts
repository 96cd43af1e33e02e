import { z } from 'zod';
import { KycError } from '../errors.js';
import { decisiveField as decisiveFieldOf } from '../export/matches-cell.js';
import { readEvidence } from '../ingest/evidence-file.js';
import { MATCH_DECISIONS, type MatchBody } from './answer-schemas.js';

/**
 * The matches of a screened client as structured data, from the candidates its evidence line keeps (the
 * kyc_matches cell of verdicts.csv is text for a reader; the API answers fields a program can use).
 */

const candidateSchema = z.looseObject({
  source: z.string(),
  recordId: z.string(),
  recordName: z.string(),
  score: z.number(),
  decision: z.string(),
  explanation: z.string().default(''),
});

const lineSchema = z.looseObject({
  checks: z.record(z.string(), z.looseObject({ candidates: z.array(candidateSchema).default([]) })),
});

type Decision = (typeof MATCH_DECISIONS)[number];

const isDecision = (text: string): text is Decision => (MATCH_DECISIONS as readonly string[]).includes(text);

/** The same reading as the kyc_matches cell's (export/matches-cell.ts). */
export { decisiveFieldOf };

/** Matches of one evidence line (JSON), in the order of its checks and candidates; NO_MATCH left out. */
export function matchesOfEvidence(line: string): MatchBody[] {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new KycError('KYC_ERR_INTERNAL', 'evidence line is not JSON');
  }
  return matchesOfLine(json);
}

/** Matches of one parsed evidence line, its references resolved (ingest/evidence-file.ts). */
function matchesOfLine(json: unknown): MatchBody[] {
  const parsed = lineSchema.safeParse(json);
  // Written by this pipeline: a line of another shape is a damaged file, not "no matches".
  if (!parsed.success) throw new KycError('KYC_ERR_INTERNAL', 'evidence line of an unknown shape');
  const matches: MatchBody[] = [];
  for (const [register, check] of Object.entries(parsed.data.checks))
    for (const candidate of check.candidates) {
      if (!isDecision(candidate.decision)) continue;
      matches.push({
        register,
        source: candidate.source,
        record_id: candidate.recordId,
        record_name: candidate.recordName,
        score: Math.round(candidate.score * 100) / 100,
        decision: candidate.decision,
        decisive_field: decisiveFieldOf(candidate.explanation),
      });
    }
  return matches;
}

/** The matches of the first (a screen's only) row of an evidence file. */
export async function firstRowMatches(evidencePath: string): Promise<MatchBody[]> {
  for await (const line of readEvidence(evidencePath)) return matchesOfLine(line);
  throw new KycError('KYC_ERR_INTERNAL', 'the evidence file of the run is empty');
}
