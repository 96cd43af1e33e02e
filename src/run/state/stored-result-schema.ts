import { z } from 'zod';
import {
  CHECK_KINDS,
  type CandidateDecision,
  type CheckError,
  type CheckStatus,
  type CheckResult,
  type RequestRecord,
  type ScoredCandidate,
  type UnrecognisedAnswer,
} from '../../domain/check.js';
import type { RowIssue } from '../../domain/client.js';
import type { Verdict, VerdictKind } from '../../domain/verdict.js';
import { isErrorCode, type ErrorCode } from '../../errors.js';

/**
 * The shapes of what the merge stores for the writer, as zod reads them back from Redis. Each is declared
 * against its domain type (a required field added there and forgotten here fails the type check, and so
 * does a member added to one of its unions); keys a schema does not name are kept, not dropped.
 */

/** The members of a string union, all of them: a member added to the type and missing here fails to compile. */
export function allOf<T extends string>() {
  return <const A extends readonly [T, ...T[]]>(values: A & ([T] extends [A[number]] ? unknown : never)) =>
    values;
}
export const errorCodeSchema = z.custom<ErrorCode>(
  (value) => typeof value === 'string' && isErrorCode(value),
  { error: 'expected a KYC_ERR code of the catalog' },
);

const params = z.record(z.string(), z.string());

export const rowIssueSchema: z.ZodType<RowIssue> = z.looseObject({
  code: errorCodeSchema,
  message: z.string(),
  field: z.string().exactOptional(),
});

const candidateSchema: z.ZodType<ScoredCandidate> = z.looseObject({
  source: z.string(),
  recordId: z.string(),
  recordHash: z.string(),
  recordName: z.string(),
  score: z.number(),
  decision: z.enum(allOf<CandidateDecision>()(['MATCH', 'POSSIBLE_MATCH', 'NO_MATCH', 'SUPPRESSED'])),
  explanation: z.string(),
});

const requestSchema: z.ZodType<RequestRecord> = z.looseObject({
  operation: z.string(),
  params,
  status: z.number(),
  digest: z.string().exactOptional(),
  cached: z.boolean().exactOptional(),
  reused: z.boolean().exactOptional(),
  fetchedAt: z.string().exactOptional(),
});

export const unrecognisedAnswerSchema: z.ZodType<UnrecognisedAnswer> = z.looseObject({
  operation: z.string(),
  kind: z.string(),
  example: z.string(),
});

const checkErrorSchema: z.ZodType<CheckError> = z.looseObject({ code: errorCodeSchema, message: z.string() });

export const checkResultSchema: z.ZodType<CheckResult> = z.looseObject({
  kind: z.enum(CHECK_KINDS),
  status: z.enum(allOf<CheckStatus>()(['CLEAR', 'POSSIBLE_MATCH', 'MATCH', 'FLAG', 'SKIPPED', 'ERROR'])),
  score: z.number(),
  detail: z.string(),
  reasons: z.array(z.string()),
  candidates: z.array(candidateSchema),
  requests: z.array(requestSchema),
  error: checkErrorSchema.exactOptional(),
  fields: params.exactOptional(),
  unrecognised: z.array(unrecognisedAnswerSchema).exactOptional(),
});

export const verdictSchema: z.ZodType<Verdict> = z.looseObject({
  row: z.number(),
  verdict: z.enum(allOf<VerdictKind>()(['HIT', 'INCOMPLETE', 'REVIEW', 'PARTIAL', 'CLEAR', 'INVALID'])),
  reasons: z.array(z.string()),
  checks: z.partialRecord(z.enum(CHECK_KINDS), checkResultSchema),
  scoringVersion: z.string(),
});
