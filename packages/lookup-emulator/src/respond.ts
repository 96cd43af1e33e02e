/**
 * Replies and the one error shape. The spec shows no error body, so every failure of the emulator is
 * `{"success": false, "error": {"code": …, "message": …}}` with a code from a closed set.
 */

export type ApiErrorCode = 'UNAUTHORIZED' | 'BAD_REQUEST' | 'NOT_FOUND' | 'RATE_LIMITED' | 'UNAVAILABLE';

export interface Reply {
  readonly status: number;
  /** Serialised JSON (or, for the malformed-body fault, deliberately not). */
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Default `application/json; charset=utf-8`. */
  readonly contentType?: string;
}

/** Thrown by route handlers; the server turns it into an error reply. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, 'BAD_REQUEST', message);
}

export function notFound(message: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', message);
}

export function errorReply(error: ApiError): Reply {
  return {
    status: error.status,
    body: JSON.stringify({ success: false, error: { code: error.code, message: error.message } }),
    ...(error.headers ? { headers: error.headers } : {}),
  };
}

export function jsonReply(value: unknown, status = 200): Reply {
  return { status, body: JSON.stringify(value) };
}

/** A reply whose body is already serialised JSON (pre-rendered records). */
export function rawJsonReply(body: string, status = 200): Reply {
  return { status, body };
}
