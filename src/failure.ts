import { isErrorCode, isKycError, messageOf, type ErrorCode } from './errors.js';

/**
 * A failure as it travels where only text goes: a BullMQ job's failedReason, a run's stored error, a line
 * on stderr. One form, `KYC_ERR_X: message`, written by encodeFailure and read back by decodeFailure, so
 * that nothing else needs to know how a code sits in a text.
 */
export interface Failure {
  readonly code: ErrorCode;
  readonly message: string;
}

/**
 * What a text without a catalog code decodes to: an unexpected error (a TypeError, a dropped socket),
 * reported as internal with the whole text as its message.
 */
export const FALLBACK_FAILURE_CODE = 'KYC_ERR_INTERNAL' satisfies ErrorCode;

/** BullMQ's own failure texts, in its English wording: maxStartedAttempts spent, maxStalledCount exceeded. */
const BULLMQ_FAILURES: readonly (readonly [string, ErrorCode])[] = [
  ['job started more than allowable limit', 'KYC_ERR_CHECK_ATTEMPTS_EXHAUSTED'],
  ['job stalled more than allowable limit', 'KYC_ERR_CHECK_WORKER_LOST'],
];

const SEPARATOR = ': ';

function isFailure(value: unknown): value is Failure {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    'message' in value &&
    typeof value.code === 'string' &&
    isErrorCode(value.code) &&
    typeof value.message === 'string'
  );
}

/**
 * A KycError or a Failure as `KYC_ERR_X: message` (what KycError#toString writes); anything else as
 * String(error), which decodes to FALLBACK_FAILURE_CODE.
 */
export function encodeFailure(error: unknown): string {
  if (isKycError(error) || isFailure(error)) return `${error.code}${SEPARATOR}${error.message}`;
  return String(error);
}

/** The catalog code a text starts with (`KYC_ERR_X: …`), or undefined when it starts with none. */
export function failureCodeOf(text: string): ErrorCode | undefined {
  const cut = text.indexOf(SEPARATOR);
  const code = text.slice(0, cut);
  return cut > 0 && isErrorCode(code) ? code : undefined;
}

/**
 * A failure text back into its code and message. Text without a catalog code: one of BullMQ's own
 * failures by its code, anything else whole under `fallback` (FALLBACK_FAILURE_CODE unless the caller
 * knows better, as the merge does for a check).
 */
export function decodeFailure(text: string, fallback: ErrorCode = FALLBACK_FAILURE_CODE): Failure {
  const code = failureCodeOf(text);
  if (code) return { code, message: text.slice(code.length + SEPARATOR.length) };
  for (const [wording, bullmqCode] of BULLMQ_FAILURES)
    if (text.includes(wording)) return { code: bullmqCode, message: messageOf(bullmqCode) };
  return { code: fallback, message: text };
}
