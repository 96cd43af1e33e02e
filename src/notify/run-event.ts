import { z } from 'zod';
import { parseStoredJson } from '../run/state/stored-json.js';

/**
 * The webhook of an API run's end: what is sent (counts, codes and links only, never a client's data) and
 * what is kept of each attempt to send it. docs/api.md ("Webhooks") documents every field.
 */

export const RUN_EVENTS = ['run.completed', 'run.failed'] as const;
export type RunEventName = (typeof RUN_EVENTS)[number];

/**
 * Who receives a run's events: the callback URL given with the run, the server's own URL
 * (`KYC_API_WEBHOOK_URL`), or both. Only the callback's URL is kept (in the run's own data); the server's
 * URL and the secret stay in the configuration of the process that delivers.
 */
export type RunReceiver = 'callback' | 'server';

/** One queued delivery: the event of one run for one receiver. */
export interface RunEventJob {
  readonly runId: string;
  readonly event: RunEventName;
  readonly receiver: RunReceiver;
  /** The KYC_ERR_* code of a failed run. */
  readonly errorCode?: string;
  /** When the run ended, ISO 8601 UTC. */
  readonly at: string;
}

/** What the run's record says about its receivers. */
export interface RunWebhookTarget {
  readonly callbackUrl?: string;
  /** The server had a URL of its own when the run was submitted. */
  readonly server: boolean;
  /** First pause before a retry; the queue doubles it each time. */
  readonly backoffMs: number;
  /** The base URL of the webhook's links, as the run was submitted (absent on runs of older versions). */
  readonly linksBase?: string;
}

export interface RunLinks {
  readonly status_url: string;
  readonly verdicts_url: string;
  readonly evidence_url: string;
  readonly manifest_url: string;
}

export interface RunEventFacts {
  readonly status: string;
  /** Rows written per verdict. */
  readonly verdicts: Readonly<Record<string, number>>;
  readonly rows: number;
  readonly links: RunLinks;
}

/** The JSON body of the webhook: a failed run has no files to link to. */
export function runEventBody(job: RunEventJob, facts: RunEventFacts): string {
  const done = job.event === 'run.completed';
  return JSON.stringify({
    event: job.event,
    run_id: job.runId,
    status: facts.status,
    rows: facts.rows,
    verdicts: facts.verdicts,
    error_code: job.errorCode ?? null,
    status_url: facts.links.status_url,
    verdicts_url: done ? facts.links.verdicts_url : null,
    evidence_url: done ? facts.links.evidence_url : null,
    manifest_url: done ? facts.links.manifest_url : null,
    timestamp: job.at,
  });
}

/** The id of a delivery (`X-Kyc-Delivery`, and its job's id): the same for every retry of it. */
export function deliveryIdOf(job: Pick<RunEventJob, 'runId' | 'event' | 'receiver'>): string {
  return `${job.runId}_${job.event}_${job.receiver}`;
}

/** One attempt as GET /v1/runs/{id} shows it; the receiver is the URL's origin only. */
export interface WebhookAttempt {
  readonly event: RunEventName;
  readonly receiver: string;
  readonly attempt: number;
  readonly at: string;
  /** The receiver's HTTP status; null when it did not answer. */
  readonly http_status: number | null;
  /** Why there was no answer ('no connection', 'no answer in time'); null when there was one. */
  readonly error: string | null;
  readonly outcome: 'delivered' | 'failed';
  /** A failed attempt is retried after a back-off, unless it was the last. */
  readonly retrying: boolean;
}

/** Field of an attempt in the run's record: one field each, so concurrent deliveries never overwrite one another. */
export const ATTEMPT_FIELD_PREFIX = 'webhook-attempt:';

export function attemptField(deliveryId: string, attempt: number): string {
  return `${ATTEMPT_FIELD_PREFIX}${deliveryId}:${attempt}`;
}

// Shown by GET /v1/runs/{id} as read back: the fields keep the order attempts are written in.
const attemptSchema: z.ZodType<WebhookAttempt> = z.looseObject({
  event: z.enum(RUN_EVENTS),
  receiver: z.string(),
  attempt: z.number(),
  at: z.string(),
  http_status: z.number().nullable(),
  error: z.string().nullable(),
  outcome: z.enum(['delivered', 'failed']),
  retrying: z.boolean(),
});

/**
 * The attempts among a record's fields, oldest first. A field that does not read as an attempt is skipped:
 * the log only informs, and one damaged entry must not hide the run's status.
 */
export function attemptsOf(fields: Readonly<Record<string, string>>): WebhookAttempt[] {
  const attempts: WebhookAttempt[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (!field.startsWith(ATTEMPT_FIELD_PREFIX)) continue;
    const attempt = attemptSchema.safeParse(jsonOrUndefined(value));
    if (attempt.success) attempts.push(attempt.data);
  }
  return attempts.sort((a, b) => a.at.localeCompare(b.at) || a.attempt - b.attempt);
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Fields a target always has when written; one missing reads as it always did. */
const targetSchema = z.looseObject({
  callbackUrl: z.string().optional(),
  server: z.boolean().default(false),
  backoffMs: z.number().default(30_000),
  linksBase: z.string().optional(),
});

/**
 * The target as the run's record keeps it, or undefined when there is none to notify; a damaged one is
 * KYC_ERR_REDIS_CORRUPT (a run's receivers are not guessed).
 */
export function parseTarget(text: string | undefined): RunWebhookTarget | undefined {
  if (text === undefined) return undefined;
  const parsed = parseStoredJson(targetSchema, text, 'webhook target of a run');
  const { callbackUrl, server, backoffMs, linksBase } = parsed;
  const base = linksBase === undefined ? {} : { linksBase };
  if (callbackUrl !== undefined) return { callbackUrl, server, backoffMs, ...base };
  return server ? { server, backoffMs, ...base } : undefined;
}

export function receiversOf(target: RunWebhookTarget): RunReceiver[] {
  return [
    ...(target.callbackUrl === undefined ? [] : ['callback' as const]),
    ...(target.server ? ['server' as const] : []),
  ];
}
