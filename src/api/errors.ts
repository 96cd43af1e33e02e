import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { apiWording } from './api-wording.js';
import { isKycError, messageOf, type ErrorCode } from '../errors.js';

/** The one shape of every error the API answers with. */
export interface ApiErrorBody {
  readonly code: string;
  readonly message: string;
  readonly request_id: string;
}

const STATUS: Partial<Record<ErrorCode, ContentfulStatusCode>> = {
  KYC_ERR_API_UNAUTHORIZED: 401,
  KYC_ERR_API_TOKEN_EXPIRED: 401,
  KYC_ERR_API_HOST: 421,
  KYC_ERR_API_RATE_LIMITED: 429,
  KYC_ERR_API_TOO_MANY_RUNS: 429,
  KYC_ERR_API_ORIGIN: 403,
  KYC_ERR_API_REQUEST: 400,
  KYC_ERR_API_CLIENT_NO_KEY: 400,
  KYC_ERR_API_CALLBACK_URL: 400,
  KYC_ERR_USAGE: 400,
  KYC_ERR_MAX_AGE: 400,
  KYC_ERR_RUN_ID: 400,
  KYC_ERR_API_MEDIA_TYPE: 415,
  KYC_ERR_API_TOO_LARGE: 413,
  KYC_ERR_API_RUN_NOT_DONE: 409,
  KYC_ERR_API_NOT_FOUND: 404,
  KYC_ERR_API_METHOD: 405,
  KYC_ERR_API_IDEMPOTENCY_MISMATCH: 422,
  KYC_ERR_API_NO_REPORT: 404,
  KYC_ERR_RUN_NOT_FOUND: 404,
  KYC_ERR_REDIS_CONNECT: 503,
  KYC_ERR_REDIS_LOST: 503,
  KYC_ERR_DESK_ROLE: 403,
  KYC_ERR_DESK_OWN_DECISION: 403,
  KYC_ERR_DESK_ALERT_NOT_FOUND: 404,
  KYC_ERR_DESK_NOTHING_TO_APPROVE: 409,
  KYC_ERR_DESK_COMMENT: 400,
  KYC_ERR_DESK_STALE_DECISION: 409,
  KYC_ERR_DESK_STALE_RECORD: 409,
  KYC_ERR_DB_CONNECT: 503,
};

/** The HTTP status of a code: a file the reader refuses is the client's to fix (400), anything unknown 500. */
export function httpStatusOf(code: ErrorCode): ContentfulStatusCode {
  return STATUS[code] ?? (code.startsWith('KYC_ERR_INPUT_') ? 400 : 500);
}

/**
 * The status and body of any error. A KycError's message is written not to carry secrets or client data;
 * anything else is reported as KYC_ERR_INTERNAL without its text, which the server's log keeps.
 */
export function errorResponse(
  error: unknown,
  requestId: string,
): { status: ContentfulStatusCode; body: ApiErrorBody } {
  if (isKycError(error))
    return {
      status: httpStatusOf(error.code),
      body: { code: error.code, message: apiWording(error.message), request_id: requestId },
    };
  return {
    status: 500,
    body: { code: 'KYC_ERR_INTERNAL', message: messageOf('KYC_ERR_INTERNAL'), request_id: requestId },
  };
}

/** The request id of the request (hono's requestId middleware sets it; echoed as X-Request-Id). */
export function requestIdOf(c: Context): string {
  const id: unknown = c.get('requestId');
  return typeof id === 'string' ? id : '';
}
