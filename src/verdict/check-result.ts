import type { CheckError, CheckKind, CheckResult, RequestRecord } from '../domain/check.js';
import { errorReason } from './reasons.js';

/**
 * A check that did not apply to the client (an organization has no debtor check). `reasonCode` is one of
 * the `<KIND>_SKIPPED_<WHY>` codes of reasons.ts; the detail says the same in words for the CSV cell.
 */
export function skippedCheck(kind: CheckKind, reasonCode: string, detail: string): CheckResult {
  return { kind, status: 'SKIPPED', score: 0, detail, reasons: [reasonCode], candidates: [], requests: [] };
}

/**
 * A check that failed after its last attempt. Its status is ERROR, which makes the client INCOMPLETE: a
 * failed check never yields CLEAR. The KYC_ERR code is the cell's detail; the requests made are kept.
 */
export function failedCheck(
  kind: CheckKind,
  error: CheckError,
  requests: readonly RequestRecord[],
): CheckResult {
  return {
    kind,
    status: 'ERROR',
    score: 0,
    detail: error.code,
    reasons: [errorReason(kind)],
    candidates: [],
    requests,
    error,
  };
}
