import { ANSWER_CHECKS } from '../../settings/answer-policy.js';
import { z } from 'zod';
import { CHECK_KINDS } from '../../domain/check.js';
import type { OutputEncoding } from '../../export/csv-format.js';
import { failureCodeOf } from '../../failure.js';
import { LANGS } from '../../i18n/lang.js';
import { FA_STRATEGIES } from '../../settings/fa-strategy-option.js';
import { upstreamProfileSchema } from '../../settings/upstream-profile.js';
import {
  DESK_ABSENCES,
  type DeskAbsence,
  type RunDelta,
  type RunSettings,
  type RunState,
  type RunStatus,
} from './run-model.js';
import { allOf, errorCodeSchema } from './stored-result-schema.js';
import { parseStoredJson, parseStoredValue } from './stored-json.js';
import type { Priority } from './topology.js';

/**
 * A run's meta hash in Redis read back into a RunState, checked field by field: the settings are JSON
 * written once at submission, the progress fields are numbers written as strings. Keys a newer version
 * may add to the settings are kept; a damaged value is KYC_ERR_REDIS_CORRUPT naming the run and field.
 */

const encoding = z.enum(allOf<OutputEncoding>()(['utf-8', 'windows-1251', 'utf-16le']));

const runSettingsSchema: z.ZodType<RunSettings> = z.looseObject({
  id: z.string(),
  input: z.string(),
  inputSha256: z.string(),
  inputBytes: z.number(),
  out: z.string(),
  evidence: z.string(),
  manifest: z.string(),
  priority: z.enum(allOf<Priority>()(['interactive', 'high', 'normal', 'low'])),
  window: z.number(),
  cacheRows: z.number().exactOptional(),
  maxAge: z.partialRecord(z.enum(ANSWER_CHECKS), z.number()).exactOptional(),
  attempts: z.number().exactOptional(),
  checks: z.array(z.enum(CHECK_KINDS)),
  smtp: z.boolean().exactOptional(),
  cardRiskCountries: z.array(z.string()).exactOptional(),
  encoding: encoding.exactOptional(),
  delimiter: z.string().exactOptional(),
  columns: z.string().exactOptional(),
  sheet: z.string().exactOptional(),
  outEncoding: encoding.exactOptional(),
  outDelimiter: z.string().exactOptional(),
  outBom: z.boolean().exactOptional(),
  createdAt: z.string(),
  whitelist: z.looseObject({ path: z.string(), sha256: z.string(), entries: z.number() }).exactOptional(),
  schedule: z.string().exactOptional(),
  submitter: z.string().exactOptional(),
  faStrategy: z.enum(FA_STRATEGIES).exactOptional(),
  profile: upstreamProfileSchema.exactOptional(),
  overwrite: z.boolean().exactOptional(),
  outputMode: z.number().exactOptional(),
  emulator: z.boolean().exactOptional(),
  service: z
    .looseObject({ id: z.string().regex(/^[0-9a-f]{12}$/u), url: z.string(), keyFingerprint: z.string() })
    .exactOptional(),
  lang: z.enum(LANGS).exactOptional(),
  requireDesk: z.boolean().exactOptional(),
  config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

const runDeltaSchema: z.ZodType<RunDelta> = z.looseObject({
  previousRunId: z.string(),
  counts: z.record(z.string(), z.number()),
  newHits: z.number(),
  file: z.string(),
});

const count = z.string().regex(/^\d+$/, { error: 'expected a whole number' }).transform(Number);

const metaSchema = z.object({
  status: z.enum(allOf<RunStatus>()(['queued', 'running', 'done', 'failed', 'cancelled'])).default('queued'),
  cancelledAt: z.string().optional(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  manifestSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/u)
    .optional(),
  totalRows: count.optional(),
  bytesRead: count.optional(),
  rowsConsumed: count.optional(),
  bytesConsumed: count.optional(),
  dispatched: count.default(0),
  written: count.default(0),
  error: z.string().optional(),
  errorCode: errorCodeSchema.optional(),
  deskDecisions: z.enum(['applied', 'not-applied']).optional(),
  deskReason: z.enum(DESK_ABSENCES).optional(),
});

/** The run's state from its meta hash (as HGETALL returns it), or undefined when it has no settings. */
export function parseRunMeta(runId: string, meta: Readonly<Record<string, string>>): RunState | undefined {
  if (meta.settings === undefined) return undefined;
  const settings = parseStoredJson(runSettingsSchema, meta.settings, `settings of run ${runId}`);
  const fields = parseStoredValue(metaSchema, meta, `state of run ${runId}`);
  // Runs failed by an older version kept only the text: its code is read from it.
  const errorCode =
    fields.errorCode ?? (fields.error === undefined ? undefined : failureCodeOf(fields.error));
  return {
    ...settings,
    // The cancel mark outlives a coordinator that writes `running` after it: cancelled is final.
    status: fields.cancelledAt === undefined ? fields.status : 'cancelled',
    startedAt: fields.startedAt,
    finishedAt: fields.finishedAt,
    ...(fields.manifestSha256 === undefined ? {} : { manifestSha256: fields.manifestSha256 }),
    totalRows: fields.totalRows,
    dispatched: fields.dispatched,
    written: fields.written,
    ...(fields.bytesRead === undefined ? {} : { bytesRead: fields.bytesRead }),
    ...(fields.rowsConsumed === undefined || fields.bytesConsumed === undefined
      ? {}
      : { rowsConsumed: fields.rowsConsumed, bytesConsumed: fields.bytesConsumed }),
    error: fields.error,
    ...(errorCode === undefined ? {} : { errorCode }),
    ...deskDecisionsOf(fields.deskDecisions, fields.deskReason),
    ...(meta.delta === undefined
      ? {}
      : { delta: parseStoredJson(runDeltaSchema, meta.delta, `delta of run ${runId}`) }),
  };
}

/** The desk fields of the meta hash; a `not-applied` without a reason (never written so) reads as DESK_NOT_OPEN. */
function deskDecisionsOf(
  status: 'applied' | 'not-applied' | undefined,
  reason: DeskAbsence | undefined,
): Pick<RunState, 'deskDecisions'> {
  if (status === undefined) return {};
  if (status === 'applied') return { deskDecisions: { status } };
  return { deskDecisions: { status, reason: reason ?? 'DESK_NOT_OPEN' } };
}
