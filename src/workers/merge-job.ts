import type { Job, Processor } from 'bullmq';
import type { CheckError, CheckKind, CheckResult } from '../domain/check.js';
import { messageOf } from '../errors.js';
import { decodeFailure } from '../failure.js';
import { applyWhitelist } from '../verdict/whitelist-rule.js';
import type { WhitelistEntry } from '../verdict/whitelist-entry.js';
import type { MergeJobData, StoredResult } from '../run/job-data.js';
import { checkResultSchema } from '../run/state/stored-result-schema.js';
import { parseStoredJson, parseStoredValue } from '../run/state/stored-json.js';
import type { KeptCheck } from './check-job.js';
import { kindOfJobKey } from '../run/state/topology.js';
import { decideVerdict, failedCheck } from '../verdict/index.js';

export interface MergeProcessorDeps {
  /**
   * Stores the row's result under the run until the writer has it on disk (the writer then lets go of the
   * row's check results too).
   */
  store(runId: string, row: number, result: StoredResult): Promise<void>;
  /** The kept results of the row's checks (JSON by kind): the children return only that they kept one. */
  checkResults(runId: string, row: number, kinds: readonly string[]): Promise<Record<string, string>>;
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
    const kept: string[] = [];
    for (const value of Object.values(await job.getChildrenValues<KeptCheck | CheckResult>())) {
      // A check finished by an earlier version returned its whole result.
      if ('kept' in value) kept.push(value.kind);
      else results[value.kind] = parseStoredValue(checkResultSchema, value, 'check result');
    }
    for (const json of Object.values(await deps.checkResults(runId, row, kept))) {
      const value = parseStoredJson(checkResultSchema, json, 'check result');
      results[value.kind] = value;
    }
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
    const verdict = decideVerdict(row, screened, warnings, job.data.required);
    await deps.store(runId, row, { verdict, warnings, checkedAt: new Date().toISOString() });
  };
}
