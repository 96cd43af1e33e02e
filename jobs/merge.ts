import type { Job, Processor } from 'bullmq';
import type { CheckError, CheckKind, CheckResult } from '../src/domain/check.js';
import { isErrorCode, messageOf } from '../src/errors.js';
import { applyWhitelist } from '../src/ops/whitelist/apply.js';
import type { WhitelistEntry } from '../src/ops/whitelist/entry.js';
import type { MergeJobData, StoredResult } from '../src/pipeline/job-data.js';
import { kindOfJobKey } from '../src/pipeline/topology.js';
import { decideVerdict, failedCheck } from '../src/verdict/index.js';

export interface MergeProcessorDeps {
  /** Stores the row's result under the run until the writer has it on disk. */
  store(runId: string, row: number, result: StoredResult): Promise<void>;
  /** The run's whitelist entries of one client (none when the run has no whitelist). */
  whitelist?(runId: string, clientKey: string): Promise<readonly WhitelistEntry[]>;
}

// BullMQ's own failure texts: maxStartedAttempts spent, and maxStalledCount exceeded.
const BULLMQ_FAILURES = [
  ['job started more than allowable limit', 'KYC_ERR_CHECK_ATTEMPTS_EXHAUSTED'],
  ['job stalled more than allowable limit', 'KYC_ERR_CHECK_WORKER_LOST'],
] as const;

/** A child's failure text back into a code and a reason (check failures start with their KYC_ERR code). */
export function parseFailure(reason: string): CheckError {
  for (const [text, code] of BULLMQ_FAILURES)
    if (reason.includes(text)) return { code, message: messageOf(code) };
  const match = /^(KYC_ERR_[A-Z0-9_]+): (.*)$/s.exec(reason);
  if (match?.[1] && isErrorCode(match[1])) return { code: match[1], message: match[2] ?? '' };
  return { code: 'KYC_ERR_CHECK_FAILED', message: reason };
}

/**
 * The flow parent: combines the client's check results (and the failures of children that gave up, which
 * `ignoreDependencyOnFailure` hands over instead of blocking) into one verdict. A check that failed or is
 * missing becomes ERROR, so the client is INCOMPLETE and never CLEAR.
 */
export function mergeProcessor(deps: MergeProcessorDeps): Processor<MergeJobData, void> {
  return async (job: Job<MergeJobData, void>) => {
    const { runId, row, kinds, decided, warnings, clientKey } = job.data;
    const results: Partial<Record<CheckKind, CheckResult>> = {};
    for (const result of decided) results[result.kind] = result;
    for (const value of Object.values(await job.getChildrenValues<CheckResult>()))
      results[value.kind] = value;
    for (const [key, reason] of Object.entries(await job.getIgnoredChildrenFailures())) {
      const kind = kindOfJobKey(key) as CheckKind;
      if (!results[kind]) results[kind] = failedCheck(kind, parseFailure(reason), []);
    }
    for (const kind of kinds) {
      if (!results[kind]) {
        results[kind] = failedCheck(
          kind,
          { code: 'KYC_ERR_CHECK_MISSING', message: messageOf('KYC_ERR_CHECK_MISSING') },
          [],
        );
      }
    }
    const entries = clientKey && deps.whitelist ? await deps.whitelist(runId, clientKey) : [];
    const screened = clientKey ? applyWhitelist(results, clientKey, entries) : results;
    const verdict = decideVerdict(row, screened, warnings);
    await deps.store(runId, row, { verdict, warnings, checkedAt: new Date().toISOString() });
  };
}
