import { UnrecoverableError, Worker, type Job, type Processor } from 'bullmq';
import { runCheck, type Lookup } from '../src/checks/run-check.js';
import { CORE_CHECK_KINDS, type CheckResult, type CoreCheckKind } from '../src/domain/check.js';
import { isKycError } from '../src/errors.js';
import type { CheckJobData } from '../src/pipeline/job-data.js';
import { PacedOut } from '../src/pipeline/paced-lookup.js';
import type { RunStore } from '../src/pipeline/run-store.js';
import { isRegistryError, isRetryable } from '../src/registry/index.js';

export interface CheckProcessorDeps {
  /** The lookups of a run, bound to the HTTP client, the shared pacer and the run's cache. */
  lookupFor(runId: string): Lookup;
  /** Pauses the whole checks queue, on every machine (BullMQ's queue.rateLimit). */
  pauseQueue(ms: number): Promise<void>;
  readonly store: RunStore;
}

function isCoreKind(name: string): name is CoreCheckKind {
  return (CORE_CHECK_KINDS as readonly string[]).includes(name);
}

/**
 * The rate-limited HTTP stage: the only place where the Lookup Service is called. A 429 or an exhausted
 * pacer pauses the whole queue and puts the job back without spending an attempt (BullMQ counts it as a
 * started attempt, which `maxStartedAttempts` caps); auth and other 4xx are final; 5xx, timeouts, network
 * and malformed answers are retried with exponential backoff and jitter. Failure messages start with the
 * KYC_ERR code so the merge can report the reason.
 */
export function checkProcessor(deps: CheckProcessorDeps): Processor<CheckJobData, CheckResult> {
  return async (job: Job<CheckJobData, CheckResult>) => {
    const { runId, client } = job.data;
    if (!isCoreKind(job.name))
      throw new UnrecoverableError(`KYC_ERR_INTERNAL: unknown check kind ${job.name}`);
    try {
      return await runCheck(job.name, client, deps.lookupFor(runId));
    } catch (error) {
      if (error instanceof PacedOut) {
        await deps.pauseQueue(Math.max(1, error.retryInMs));
        throw Worker.RateLimitError();
      }
      if (isRegistryError(error)) {
        if (error.kind === 'rate_limited') {
          await deps.store.incr(runId, { rate_limited: 1 });
          await deps.pauseQueue(error.retryAfterMs ?? 1_000);
          throw Worker.RateLimitError();
        }
        if (!isRetryable(error)) throw new UnrecoverableError(error.toString());
        if (job.attemptsMade + 1 < (job.opts.attempts ?? 1)) await deps.store.incr(runId, { retries: 1 });
        throw new Error(error.toString());
      }
      if (isKycError(error)) throw new UnrecoverableError(error.toString());
      throw error;
    }
  };
}
