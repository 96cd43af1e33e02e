import { z } from '@hono/zod-openapi';
import { ALERT_STATUSES, DECISIONS, FILTER_TEXT, MAX_AGE_DAYS, SIGHTINGS } from '../desk/types.js';

/** The review desk's part of the API contract (docs/api.md, "Review desk"). */

export const AlertIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 17, type: 'integer' }),
});

export const AlertListQuery = z.object({
  status: z
    .string()
    .optional()
    .openapi({
      description: `Comma-separated statuses (${ALERT_STATUSES.join(', ')}); \`inbox\` for open, pending and escalated. Default: every status.`,
    }),
  register: z
    .string()
    .regex(FILTER_TEXT, 'printable text of 1 to 200 characters')
    .optional()
    .openapi({ description: 'Only alerts of this register.' }),
  run: z
    .string()
    .regex(FILTER_TEXT, 'printable text of 1 to 200 characters')
    .optional()
    .openapi({ description: 'Only alerts a run saw (its id).' }),
  sighting: z
    .enum(SIGHTINGS)
    .optional()
    .openapi({ description: 'How the alert was seen in its latest run: new, seen_again or reopened.' }),
  min_age_days: z.coerce
    .number()
    .min(0)
    .max(MAX_AGE_DAYS)
    .optional()
    .openapi({ description: `Opened (or reopened) at least this many days ago (0–${MAX_AGE_DAYS}).` }),
  max_age_days: z.coerce
    .number()
    .min(0)
    .max(MAX_AGE_DAYS)
    .optional()
    .openapi({ description: `Opened (or reopened) at most this many days ago (0–${MAX_AGE_DAYS}).` }),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});

const ApprovalSchema = z
  .object({
    approved: z.boolean(),
    comment: z.string(),
    approved_by: z.string(),
    approved_at: z.string(),
  })
  .openapi('AlertApproval');

export const DecisionSchema = z
  .object({
    id: z.number().int(),
    alert_id: z.number().int(),
    decision: z.enum(DECISIONS),
    comment: z.string(),
    decided_by: z.string(),
    decided_at: z.string(),
    record_hash: z.string(),
    source: z.enum(['desk', 'import']),
    approval: ApprovalSchema.nullable().openapi({
      description: 'null while the decision waits for approval',
    }),
  })
  .openapi('AlertDecision');

export const AlertSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(ALERT_STATUSES),
    sighting: z.enum(SIGHTINGS),
    client_key: z.string(),
    client_name: z.string(),
    register: z.string(),
    record_id: z.string(),
    record_name: z.string(),
    check: z.string(),
    match: z.enum(['MATCH', 'POSSIBLE_MATCH']),
    score: z.number(),
    risk: z
      .number()
      .openapi({ description: 'What the list is sorted by: a MATCH over a POSSIBLE_MATCH, then the score.' }),
    record_hash: z.string(),
    first_run_id: z.string().nullable(),
    last_run_id: z.string().nullable(),
    last_row: z.number().int().nullable(),
    opened_at: z.string(),
    last_seen_at: z.string(),
    times_seen: z.number().int(),
    url: z.string(),
  })
  .openapi('Alert');

export const AlertListSchema = z
  .object({ alerts: z.array(AlertSchema), total: z.number().int(), next_url: z.string().nullable() })
  .openapi('AlertList');

export const AlertDetailSchema = AlertSchema.extend({
  explanation: z.string(),
  evidence: z.record(z.string(), z.unknown()),
  decisions: z.array(DecisionSchema).openapi({ description: 'Newest first.' }),
  sightings: z
    .array(
      z.object({
        run_id: z.string(),
        row: z.number().int(),
        record_hash: z.string(),
        match: z.enum(['MATCH', 'POSSIBLE_MATCH', 'SUPPRESSED']),
        score: z.number(),
        sighting: z.enum([...SIGHTINGS, 'suppressed']),
        seen_at: z.string(),
      }),
    )
    .openapi({ description: 'Every run that saw the candidate, newest first.' }),
}).openapi('AlertDetail');

export const DecisionBody = z
  .object({
    decision: z.enum(DECISIONS),
    comment: z.string().min(1).openapi({ description: 'Why; required.' }),
    record_hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "the alert's record_hash: 64 lowercase hex digits")
      .openapi({
        description:
          "The alert's `record_hash` as the analyst saw it; a record that changed since answers 409 (KYC_ERR_DESK_STALE_RECORD).",
      }),
  })
  .openapi('DecisionRequest');

export const ApprovalBody = z
  .object({
    decision_id: z.number().int().positive().openapi({
      description:
        'The id of the decision the approver reviewed; when the analyst has decided again since, 409 (KYC_ERR_DESK_STALE_DECISION).',
    }),
    approve: z.boolean(),
    comment: z.string().optional().openapi({ description: 'Required when sending the decision back.' }),
  })
  .openapi('ApprovalRequest');
