import type { AnswerPolicy } from '../settings/answer-policy.js';
import type { FlowJob } from 'bullmq';
import { prepareOptionalChecks, type OptionalCheckSettings } from '../checks/optional-plan.js';
import { planCheck } from '../checks/plan.js';
import type { CheckKind, CheckResult } from '../domain/check.js';
import { CORE_CHECK_KINDS, OPTIONAL_CHECK_KINDS, type OptionalCheckKind } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import type { IngestItem } from '../ingest/index.js';
import { clientKeyOf } from '../matching/client-key.js';
import type { UpstreamProfile } from '../upstream/client/index.js';
import {
  decideVerdict,
  failedCheck,
  invalidVerdict,
  screeningChecksFor,
  skippedCheck,
} from '../verdict/index.js';
import { clientForJobs, type CheckJobData, type MergeJobData, type StoredResult } from './job-data.js';
import { cacheWindowOf } from '../upstream/request-cache.js';
import { ABANDONED_JOB_AGE_S } from './state/retention.js';
import { QUEUES, checkJobId, mergeJobId } from './state/topology.js';
import { checkJobBackoff } from '../upstream/outcome-policy.js';

/** What every row of a run is planned with: the run's settings, fixed for the whole run. */
export interface FlowContext {
  readonly runId: string;
  /** The queue of the run's checks: its service's own (topology.ts, queuesOf). */
  readonly checksQueue: string;
  readonly kinds: readonly CheckKind[];
  readonly optional: OptionalCheckSettings;
  /** Column of the card number in the client file, if any: its cell is Luhn-checked and masked here. */
  readonly cardColumn: number | undefined;
  /** The run has a whitelist: the merge needs the client key to look it up. */
  readonly whitelist: boolean;
  readonly cacheRows: number;
  readonly profile?: UpstreamProfile;
  /** sha256 of the foreign-agent mirror the run uses, if it uses one. */
  readonly faMirror?: string;
  /** Max ages of answers kept across runs (src/answers), when the run reuses any. */
  readonly maxAge?: AnswerPolicy;
  /** BullMQ priority of the run's jobs. */
  readonly priority: number;
  /** Attempts of a check job and the base delay of its exponential backoff. */
  readonly attempts: number;
  readonly backoffMs: number;
  /** When the row was decided (ISO), for results decided without a check job. */
  readonly now: string;
}

/** A row decided here (stored as the row's result at once), or the flow that decides it. */
export type RowPlan = { readonly direct: StoredResult } | { readonly flow: FlowJob };

function byKind(results: readonly CheckResult[]): Partial<Record<CheckKind, CheckResult>> {
  const out: Partial<Record<CheckKind, CheckResult>> = {};
  for (const r of results) out[r.kind] = r;
  return out;
}

function optionalKindsOf(kinds: readonly CheckKind[]): OptionalCheckKind[] {
  return kinds.filter((k): k is OptionalCheckKind => (OPTIONAL_CHECK_KINDS as readonly string[]).includes(k));
}

type ClientItem = Extract<IngestItem, { client: unknown }>;

function flowOf(
  item: ClientItem,
  decided: CheckResult[],
  children: CheckKind[],
  jobClient: Client,
  context: FlowContext,
): FlowJob {
  const { row, client } = item;
  const { runId, kinds, priority } = context;
  // The client key only serves the whitelist lookup: without a whitelist it stays out of Redis.
  const key = context.whitelist ? clientKeyOf(client) : undefined;
  const data: MergeJobData = {
    runId,
    row,
    kinds,
    decided,
    warnings: client.warnings,
    required: screeningChecksFor(client.entityType),
    ...(key ? { clientKey: key } : {}),
  };
  const childData: CheckJobData = {
    runId,
    row,
    client: clientForJobs(jobClient, kinds),
    cache: cacheWindowOf(row, context.cacheRows),
    ...(optionalKindsOf(kinds).length > 0 ? { optional: context.optional } : {}),
    ...(context.profile ? { profile: context.profile } : {}),
    ...(context.faMirror ? { faMirror: context.faMirror } : {}),
    ...(context.maxAge ? { maxAge: context.maxAge } : {}),
  };
  return {
    name: 'merge',
    queueName: QUEUES.verdicts,
    data,
    opts: {
      jobId: mergeJobId(runId, row),
      priority,
      attempts: 5,
      backoff: { type: 'exponential', delay: 500 },
      // The merge stores its result under the run first; the job itself (with its children's values)
      // must not stay behind, or Redis would grow with the file. A failed one stays for the watchdog until
      // the run is done (purgeRunJobs), or ages out if the run never finishes.
      removeOnComplete: true,
      removeOnFail: { age: ABANDONED_JOB_AGE_S },
    },
    children: children.map((kind) => ({
      name: kind,
      queueName: context.checksQueue,
      data: childData,
      opts: {
        jobId: checkJobId(runId, row, kind),
        priority,
        attempts: context.attempts,
        backoff: checkJobBackoff(context.backoffMs),
        ignoreDependencyOnFailure: true,
        removeOnComplete: true,
        removeOnFail: true,
      },
    })),
  };
}

/**
 * What the coordinator dispatches for one row: an invalid row gets its INVALID result, a row whose checks
 * were all decided without a call (skipped, a failing Luhn…) gets its verdict, any other row a flow: the
 * merge parent with one child per check that needs a call.
 */
export function planRow(item: IngestItem, context: FlowContext): RowPlan {
  if ('invalid' in item) {
    return {
      direct: {
        verdict: invalidVerdict(item.row, item.invalid),
        warnings: [item.invalid],
        checkedAt: context.now,
      },
    };
  }
  const { kinds, cardColumn } = context;
  // The full card number is Luhn-checked and masked here; job data only ever carries the masked form.
  const prepared = prepareOptionalChecks(
    optionalKindsOf(kinds),
    item.client,
    cardColumn === undefined ? undefined : item.cells[cardColumn],
    context.optional,
  );
  const decided: CheckResult[] = [...prepared.decided];
  const children: CheckKind[] = [...prepared.children];
  for (const kind of kinds) {
    if (!(CORE_CHECK_KINDS as readonly string[]).includes(kind)) continue;
    const plan = planCheck(kind as (typeof CORE_CHECK_KINDS)[number], item.client);
    if ('skip' in plan) decided.push(skippedCheck(plan.kind, plan.skip.reason, plan.skip.detail));
    else children.push(kind);
  }
  if (children.length === 0) {
    const verdict = decideVerdict(
      item.row,
      byKind(decided),
      item.client.warnings,
      screeningChecksFor(item.client.entityType),
    );
    return { direct: { verdict, warnings: item.client.warnings, checkedAt: context.now } };
  }
  return { flow: flowOf(item, decided, children, prepared.client, context) };
}

/** The result of a row whose merge failed for good: every check failed, the verdict says INCOMPLETE. */
export function failedMergeResult(
  item: ClientItem,
  kinds: readonly CheckKind[],
  failedReason: string,
  now: string,
): StoredResult {
  const error = { code: 'KYC_ERR_CHECK_FAILED' as const, message: `merge failed: ${failedReason}` };
  const results = kinds.map((kind) => failedCheck(kind, error, []));
  const verdict = decideVerdict(item.row, byKind(results), item.client.warnings);
  return { verdict, warnings: item.client.warnings, checkedAt: now };
}
