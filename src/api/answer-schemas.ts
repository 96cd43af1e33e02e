import { z } from '@hono/zod-openapi';
import { VERDICT_KINDS, type VerdictKind } from '../domain/verdict.js';
import type { RunStatus } from '../run/state/run-store.js';
import { allOf } from '../run/state/stored-result-schema.js';

/**
 * The closed sets and structured parts of the API's answers, as named components of the document: a client
 * generator makes enums and classes of them instead of free strings.
 */

export const VerdictSchema = z.enum(VERDICT_KINDS).openapi('Verdict', {
  description:
    'HIT › INCOMPLETE › REVIEW › PARTIAL › CLEAR by precedence; INVALID for a row that could not be read.',
  example: 'CLEAR',
});

/** Every status a run has; a status added to RunStatus and missing here fails to compile. */
export const RUN_STATUSES = allOf<RunStatus>()(['queued', 'running', 'done', 'failed', 'cancelled']);

export const RunStatusSchema = z.enum(RUN_STATUSES).openapi('RunStatus', { example: 'done' });

export const VerdictCountsSchema = z
  .object(
    Object.fromEntries(VERDICT_KINDS.map((kind) => [kind, z.number().int().optional()])) as Record<
      VerdictKind,
      z.ZodOptional<z.ZodNumber>
    >,
  )
  .openapi('VerdictCounts', {
    description: 'Rows written per verdict; a verdict no row has is absent.',
    example: { CLEAR: 18, REVIEW: 2 },
  });

export const MATCH_DECISIONS = ['MATCH', 'POSSIBLE_MATCH', 'SUPPRESSED'] as const;

/** What a match rests on: an identifier or the birth date equal on the record, else the name alone. */
import { DECISIVE_FIELDS } from '../export/matches-cell.js';

export const MatchSchema = z
  .object({
    register: z.string().openapi({
      description: 'The check that found the record (foreign_agent, sanctions, …).',
      example: 'foreign_agent',
    }),
    source: z
      .string()
      .openapi({ description: 'The register it comes from.', example: 'minjust_foreign_agent' }),
    record_id: z.string().openapi({ description: 'The record within its register.', example: 'ИА-123' }),
    record_name: z.string().openapi({ example: 'Ковалёв Андрей Сергеевич' }),
    score: z.number().min(0).max(1).openapi({ example: 1 }),
    decision: z.enum(MATCH_DECISIONS).openapi({
      description: 'SUPPRESSED: the record matched, but a whitelist entry covers it.',
    }),
    decisive_field: z.enum(DECISIVE_FIELDS).openapi({ example: 'birth_date' }),
  })
  .openapi('Match');

export type MatchBody = z.infer<typeof MatchSchema>;
