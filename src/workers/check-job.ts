import type { AnswerPolicy } from '../settings/answer-policy.js';
import { DelayedError, UnrecoverableError, Worker, type Job, type Processor } from 'bullmq';
import { checkForeignAgentOnMirror } from '../checks/mirror-check.js';
import { DEFAULT_OPTIONAL_SETTINGS } from '../checks/optional-plan.js';
import { runCheck } from '../checks/run-check.js';
import { runOptionalCheck } from '../checks/run-optional-check.js';
import { isCoreCheckKind, isOptionalCheckKind, type CheckResult } from '../domain/check.js';
import { COUNTER } from '../domain/run-counters.js';
import { isKycError, KycError } from '../errors.js';
import { encodeFailure } from '../failure.js';
import type { MirrorIndex } from '../mirror/local-index.js';
import type { CheckJobData } from '../run/job-data.js';
import type { JobLookup } from '../upstream/paced-lookup.js';
import { outcomeAction } from '../upstream/outcome-policy.js';
import { effectiveProfile } from '../upstream/page-size.js';
import type { CacheWindow } from '../upstream/request-cache.js';
import type { RunStore } from '../run/state/run-store.js';
import { laneOfPriority } from '../run/state/topology.js';
import type { Lane } from '../run/state/lanes.js';
import { DEFAULT_PROFILE, isRegistryError, type UpstreamProfile } from '../upstream/client/index.js';

export interface CheckProcessorDeps {
  /** The lookups of a row, bound to the HTTP client, the shared pacer and the run's cache. */
  lookupFor(
    runId: string,
    cache: CacheWindow,
    profile: UpstreamProfile,
    lane: Lane,
    maxAge?: AnswerPolicy,
  ): JobLookup;
  /** Pauses the whole checks queue, on every machine (BullMQ's queue.rateLimit). */
  pauseQueue(ms: number): Promise<void>;
  readonly store: RunStore;
  /** The run's mirror of the foreign-agent register with this digest, indexed (read once per run). */
  mirrorFor?(runId: string, sha256: string): Promise<MirrorIndex>;
  /** The page size the run learned below its profile's result cap (src/upstream/page-size.ts), if any. */
  pageSizeOf?(runId: string): Promise<number | undefined>;
}

/**
 * The rate-limited HTTP stage: the only place where the Lookup Service is called. What a failed call leads
 * to is src/upstream/outcome-policy.ts's: a 429 or an exhausted pacer pauses the whole queue (for
 * Retry-After, at most the profile's `maxRetryAfterMs`) and puts the job back without spending an attempt
 * (BullMQ counts it as a started attempt, which `maxStartedAttempts` caps), and so does a call the circuit
 * breaker holds; 4xx other than auth are final; auth, 5xx, timeouts, network and malformed answers are
 * retried after the policy's back-off (a refused key stops at the breaker, not in INCOMPLETE rows).
 * Failure messages are encodeFailure's, so the merge can report code and reason.
 */
/**
 * What a check job returns: only that its result is kept under the run (RunStore.keepCheckResult). BullMQ
 * writes a job's return value to the queue's event stream, which must never carry client data; the status
 * (CLEAR, MATCH, …) is no client data and labels the worker's metrics.
 */
export interface KeptCheck {
  readonly kind: string;
  readonly status: string;
  readonly kept: true;
}

export function checkProcessor(deps: CheckProcessorDeps): Processor<CheckJobData, KeptCheck> {
  const screen = checkScreening(deps);
  return async (job: Job<CheckJobData, KeptCheck>, token?: string) => {
    const result = await screen(job, token);
    await deps.store.keepCheckResult(job.data.runId, job.data.row, result.kind, JSON.stringify(result));
    return { kind: result.kind, status: result.status, kept: true };
  };
}

function checkScreening(
  deps: CheckProcessorDeps,
): (job: Job<CheckJobData, KeptCheck>, token?: string) => Promise<CheckResult> {
  return async (job, token) => {
    const { runId, client } = job.data;
    const kind = job.name;
    if (!isCoreCheckKind(kind) && !isOptionalCheckKind(kind))
      throw new UnrecoverableError(
        encodeFailure({ code: 'KYC_ERR_INTERNAL', message: `unknown check kind ${kind}` }),
      );
    const profile = job.data.profile ?? DEFAULT_PROFILE;
    const lookup = deps.lookupFor(
      runId,
      job.data.cache,
      profile,
      laneOfPriority(job.opts.priority),
      job.data.maxAge,
    );
    try {
      if (kind === 'foreign_agent' && job.data.faMirror !== undefined) {
        // A mirror run never searches by a client's name: without its mirror the check fails.
        if (!deps.mirrorFor) throw new KycError('KYC_ERR_FA_MIRROR_MISSING', `run ${runId}`);
        const mirror = await deps.mirrorFor(runId, job.data.faMirror);
        return await checkForeignAgentOnMirror(client, mirror, lookup, profile);
      }
      if (isCoreCheckKind(kind)) {
        // An answer as long as the service's page size is cut like one at the profile's cap.
        const learned = await deps.pageSizeOf?.(runId);
        return await runCheck(kind, client, lookup, effectiveProfile(profile, learned));
      }
      return await runOptionalCheck(kind, client, lookup, job.data.optional ?? DEFAULT_OPTIONAL_SETTINGS);
    } catch (error) {
      const action = outcomeAction(error, {
        attempt: job.attemptsMade + 1,
        attempts: job.opts.attempts ?? 1,
        backoffMs: 0,
        maxRetryAfterMs: profile.maxRetryAfterMs,
      });
      if (action.kind === 'hold' && action.own && token !== undefined) {
        // This job alone steps back: BullMQ's rate limit would stop the whole worker (the urgent jobs
        // too) for what is left of its limiter's window, up to a second.
        await job.moveToDelayed(Date.now() + action.ms, token);
        throw new DelayedError();
      }
      if (action.kind === 'hold' || action.kind === 'pause') {
        // No attempt spent: the job goes back and the whole queue waits (the wait between attempts is
        // BullMQ's back-off, drawn by the same policy: upstreamBackoff).
        if (action.kind === 'pause') await deps.store.incr(runId, { [COUNTER.rateLimited]: 1 });
        await deps.pauseQueue(action.ms);
        throw Worker.RateLimitError();
      }
      if (isRegistryError(error)) {
        const final = action.kind === 'fail' || action.final;
        // The writer sees a failed check as its code only: what it did not recognise is counted here, once.
        if (final && error.unrecognised) await deps.store.noteUnrecognised(runId, [error.unrecognised]);
        if (action.kind === 'fail') throw new UnrecoverableError(encodeFailure(error));
        if (!final) await deps.store.incr(runId, { [COUNTER.retries]: 1 });
        throw new Error(encodeFailure(error));
      }
      if (isKycError(error)) throw new UnrecoverableError(encodeFailure(error));
      throw error;
    } finally {
      // Calls made count even when the job fails or goes back to the queue.
      await lookup.flush();
    }
  };
}
