import { z } from '@hono/zod-openapi';
import { CHECK_KINDS } from '../domain/check.js';
import { RUN_ID_PATTERN } from '../run/state/topology.js';

/**
 * The zod schemas of the API: the same objects validate requests and generate /v1/openapi.json, so the
 * published contract cannot drift from what the server accepts.
 */

export const ErrorSchema = z
  .object({
    code: z.string().openapi({ example: 'KYC_ERR_API_UNAUTHORIZED' }),
    message: z.string(),
    request_id: z.string(),
  })
  .openapi('Error');

export const RunIdParam = z.object({
  id: z
    .string()
    .regex(RUN_ID_PATTERN)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'r20260101_120000_ab12' }),
});

export const SubmitQuery = z.object({
  priority: z
    .enum(['high', 'normal', 'low'])
    .default('normal')
    .openapi({ description: 'Priority of the run; its checks inherit it.' }),
  checks: z
    .string()
    .optional()
    .openapi({
      description: `Comma-separated check kinds (${CHECK_KINDS.join(', ')}); default: the core checks and the optional ones whose column the file has.`,
    }),
  callback_url: z.string().optional().openapi({
    description:
      'An http(s) URL told, by a signed POST, when the run completes or fails (see "Webhooks" in the API docs).',
  }),
  max_age: z.string().optional().openapi({
    description:
      "Answers of earlier runs younger than this per check are used instead of a call, as `run --max-age` (e.g. debtor=30d,sanctions=1d); default: the server's KYC_MAX_AGE, else none.",
  }),
});

export const IdempotencyHeader = z.object({
  'idempotency-key': z.string().optional().openapi({
    description: 'A retried upload with the same key (and the same token) answers the same run.',
  }),
});

export const IfNoneMatchHeader = z.object({
  'if-none-match': z.string().optional().openapi({
    description: 'The ETag of the copy the client has: answered 304, without the body, while it is current.',
  }),
});

export { MatchSchema, RunStatusSchema, VerdictCountsSchema, VerdictSchema } from './answer-schemas.js';
import { MatchSchema, RunStatusSchema, VerdictCountsSchema, VerdictSchema } from './answer-schemas.js';

/** Absolute: under KYC_API_PUBLIC_URL when set, else under the origin the request was made to. */
const absoluteUrl = (description: string) => z.string().openapi({ format: 'uri', description });

const links = {
  status_url: absoluteUrl('The run (GET), an absolute URL.'),
  verdicts_url: absoluteUrl('The verdicts CSV once the run is done, an absolute URL.'),
  evidence_url: absoluteUrl('The evidence JSON Lines once the run is done, an absolute URL.'),
  manifest_url: absoluteUrl('The manifest once the run is done, an absolute URL.'),
};

export const SubmittedSchema = z
  .object({ id: z.string(), status: RunStatusSchema, ...links })
  .openapi('Submitted');

export const WebhookAttemptSchema = z
  .object({
    event: z.enum(['run.completed', 'run.failed']),
    receiver: z.string().openapi({ description: "The receiver's origin (scheme, host and port) only." }),
    attempt: z.number().int().openapi({ description: 'Attempt number, 1 for the first delivery.' }),
    at: z.string(),
    http_status: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Null when the receiver did not answer.' }),
    error: z.string().nullable().openapi({ example: 'no connection' }),
    outcome: z.enum(['delivered', 'failed']),
    retrying: z.boolean().openapi({ description: 'A failed attempt that will be retried after a back-off.' }),
  })
  .openapi('WebhookAttempt');

export const RunSchema = z
  .object({
    id: z.string(),
    status: RunStatusSchema,
    submitter: z.string(),
    priority: z
      .enum(['interactive', 'high', 'normal', 'low'])
      .openapi({ description: 'interactive: a single client screened through POST /v1/screen.' }),
    checks: z.array(z.string()),
    emulator: z
      .boolean()
      .openapi({ description: 'Screened against the built-in emulator: not a real screening.' }),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    progress: z.object({
      rows_read: z.number().int(),
      rows_written: z.number().int(),
      total_rows: z.number().int().nullable().openapi({ description: 'Known once the whole file was read.' }),
      input_bytes: z.number().int(),
      bytes_read: z.number().int().nullable(),
    }),
    verdicts: VerdictCountsSchema,
    error: z.string().nullable(),
    error_code: z.string().nullable().openapi({
      description:
        'The KYC_ERR code of a failed run; null while it has not failed, or when it failed unexpectedly.',
      example: 'KYC_ERR_OUTPUT_EXISTS',
    }),
    webhooks: z
      .array(WebhookAttemptSchema)
      .openapi({ description: "Attempts to deliver the run's webhooks, oldest first." }),
    ...links,
  })
  .openapi('Run');

export type RunBody = z.infer<typeof RunSchema>;
export type SubmittedBody = z.infer<typeof SubmittedSchema>;

export const ListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(50)
    .openapi({ description: 'Runs per page (1-200).' }),
  offset: z.coerce.number().int().min(0).default(0).openapi({ description: 'Runs to skip, newest first.' }),
});

export const RunListSchema = z
  .object({
    runs: z.array(RunSchema),
    total: z.number().int().openapi({ description: 'Runs submitted through the API.' }),
    next_url: z
      .string()
      .nullable()
      .openapi({ format: 'uri', description: 'The next page, an absolute URL; null on the last one.' }),
  })
  .openapi('RunList');

export type RunListBody = z.infer<typeof RunListSchema>;

/**
 * No line breaks or other control characters: one client is one CSV row. The length is checked first and
 * stops the checks (`abort`): the character test never runs over a field of megabytes.
 */
const cell = (description: string) =>
  z
    .string()
    .max(1000, { abort: true })
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/u, { error: 'control characters are not allowed' })
    .optional()
    .openapi({ description });

export const ClientSchema = z
  .object({
    client_id: cell('Your id of the client, echoed in the verdict.'),
    full_name: cell('Full name of a person, or the name of an organization.'),
    birth_date: cell('Birth date, e.g. 1975-03-14 or 14.03.1975.'),
    inn: cell('INN, 10 (organization) or 12 (person) digits.'),
    ogrn: cell('OGRN (13 digits) or OGRNIP (15 digits).'),
    snils: cell('SNILS, 11 digits.'),
    entity_type: cell('person, organization or individual_entrepreneur (default: inferred).'),
    email: cell('E-mail address (adds the e-mail check).'),
  })
  .strict()
  .openapi('Client');

export type ClientBody = z.infer<typeof ClientSchema>;

export const ScreenQuery = z.object({
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(30)
    .openapi({ description: 'Seconds to wait for the verdict before answering 202 (0-60).' }),
  checks: SubmitQuery.shape.checks,
  callback_url: SubmitQuery.shape.callback_url,
  max_age: SubmitQuery.shape.max_age,
});

export const ScreenedSchema = z
  .object({
    id: z.string(),
    status: z.enum(['done', 'failed']),
    verdict: z
      .object({
        verdict: VerdictSchema,
        reasons: z.array(z.string()),
        checks: z.record(z.string(), z.string()),
        matches: z.array(MatchSchema).openapi({
          description: 'Each matched, possibly matched or whitelisted record; empty when none.',
        }),
      })
      .nullable(),
    error: z.string().nullable(),
    ...links,
  })
  .openapi('Screened');

export type ScreenedBody = z.infer<typeof ScreenedSchema>;
