import type { Job, Processor } from 'bullmq';
import type { CheckError, CheckKind, CheckResult } from '../src/domain/check.js';
import { messageOf } from '../src/errors.js';
import { decodeFailure } from '../src/failure.js';
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

/**
 * A child's failedReason back into a code and a reason: the check's own (encodeFailure), BullMQ's when it
 * gave up on the job, else the text whole under KYC_ERR_CHECK_FAILED.
 */
export function parseFailure(reason: string): CheckError {
  return decodeFailure(reason, 'KYC_ERR_CHECK_FAILED');
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
      const kind = kindOfJobKey(key);
      if (kind && !results[kind]) results[kind] = failedCheck(kind, parseFailure(reason), []);
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
