import type { RequestRecord } from '../domain/check.js';
import { KycError, type ErrorCode } from '../errors.js';

/**
 * The error taxonomy of a failed call to the Lookup Service. The `kind` is what the pipeline branches on
 * (pause the queue, retry with backoff, or give up); the KYC_ERR code is what compliance teams read.
 */
export const REGISTRY_ERROR_KINDS = [
  'auth',
  'rate_limited',
  'bad_request',
  'upstream',
  'timeout',
  'network',
  'malformed',
] as const;
export type RegistryErrorKind = (typeof REGISTRY_ERROR_KINDS)[number];

export const ERROR_CODE_OF_KIND: Readonly<Record<RegistryErrorKind, ErrorCode>> = {
  auth: 'KYC_ERR_UPSTREAM_AUTH',
  rate_limited: 'KYC_ERR_UPSTREAM_RATE_LIMITED',
  bad_request: 'KYC_ERR_UPSTREAM_BAD_REQUEST',
  upstream: 'KYC_ERR_UPSTREAM_SERVER',
  timeout: 'KYC_ERR_UPSTREAM_TIMEOUT',
  network: 'KYC_ERR_UPSTREAM_NETWORK',
  malformed: 'KYC_ERR_UPSTREAM_MALFORMED',
};

/** The kind of a response status, or undefined for a success. */
export function kindOfStatus(status: number): RegistryErrorKind | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status >= 400 && status < 500) return 'bad_request';
  // 5xx, and the 1xx/3xx that a read-only JSON API has no business sending: the service misbehaved.
  return 'upstream';
}

export interface RegistryErrorInit {
  readonly kind: RegistryErrorKind;
  readonly operation: string;
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  /** `GET /lists/search/sanctions?name=…`: names of the parameters, never their values. */
  readonly request: string;
  /** The values sent, card numbers masked. Personal data: loggers redact the `params` field. */
  readonly params: Readonly<Record<string, string>>;
  readonly retryAfterMs?: number | undefined;
  /** sha256 of the response body when there was one. */
  readonly digest?: string | undefined;
  /** The machine code of the service's error body (`RATE_LIMITED`, …) when it sent one. */
  readonly upstreamCode?: string | undefined;
  /** Why, in words that carry no values: which field failed, which timeout elapsed. */
  readonly reason?: string | undefined;
  readonly durationMs?: number | undefined;
}

export class RegistryError extends KycError {
  readonly kind: RegistryErrorKind;
  readonly operation: string;
  readonly status: number;
  readonly request: string;
  readonly params: Readonly<Record<string, string>>;
  readonly retryAfterMs: number | undefined;
  readonly digest: string | undefined;
  readonly upstreamCode: string | undefined;
  readonly durationMs: number | undefined;

  constructor(init: RegistryErrorInit, options?: { cause?: unknown }) {
    const outcome = init.status === 0 ? 'no response' : `HTTP ${init.status}`;
    const upstream = init.upstreamCode ? ` ${init.upstreamCode}` : '';
    const reason = init.reason ? `: ${init.reason}` : '';
    super(
      ERROR_CODE_OF_KIND[init.kind],
      `${init.operation} ${outcome}${upstream} on ${init.request}${reason}`,
      options,
    );
    this.name = 'RegistryError';
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status;
    this.request = init.request;
    this.params = init.params;
    this.retryAfterMs = init.retryAfterMs;
    this.digest = init.digest;
    this.upstreamCode = init.upstreamCode;
    this.durationMs = init.durationMs;
  }

  /** The failed call as evidence, so a check can show what it asked before it gave up. */
  toRecord(): RequestRecord {
    return {
      operation: this.operation,
      params: this.params,
      status: this.status,
      ...(this.digest === undefined ? {} : { digest: this.digest }),
    };
  }
}

export function isRegistryError(error: unknown): error is RegistryError {
  return error instanceof RegistryError;
}

/**
 * Whether the same call may succeed later. `rate_limited` is true, but the caller must wait for
 * `retryAfterMs` (and in this project pause the whole queue) rather than apply its usual backoff. Errors
 * other than RegistryError (a request refused before sending) are not retryable.
 */
export function isRetryable(error: unknown): boolean {
  if (!isRegistryError(error)) return false;
  switch (error.kind) {
    case 'auth':
    case 'bad_request':
      return false;
    case 'rate_limited':
    case 'upstream':
    case 'timeout':
    case 'network':
    case 'malformed':
      return true;
  }
}

/** `GET /path?a=…&b=…` or `POST /path {a=…, b=…}`: the shape of a request without a single value. */
export function describeRequest(
  method: string,
  path: string,
  query: readonly string[],
  jsonBody: readonly string[] = [],
): string {
  const q = query.length > 0 ? `?${query.map((name) => `${name}=…`).join('&')}` : '';
  const b = jsonBody.length > 0 ? ` {${jsonBody.map((name) => `${name}=…`).join(', ')}}` : '';
  return `${method} ${path}${q}${b}`;
}

const UPSTREAM_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * The machine code of an error body `{"error": {"code": "…"}}`. Only a code-shaped string is taken: the
 * body's free text may echo request values, which must not reach an error message.
 */
export function readUpstreamCode(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return undefined;
  const inner: unknown = parsed.error;
  if (typeof inner !== 'object' || inner === null || !('code' in inner)) return undefined;
  const code: unknown = inner.code;
  return typeof code === 'string' && UPSTREAM_CODE.test(code) ? code : undefined;
}
