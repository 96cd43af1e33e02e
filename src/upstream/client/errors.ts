import type { RequestRecord, UnrecognisedAnswer } from '../../domain/check.js';
import { KycError, type ErrorCode } from '../../errors.js';

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
  /** What the answer had that the client did not recognise (an error body of an unknown shape, …). */
  readonly unrecognised?: UnrecognisedAnswer | undefined;
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
  readonly unrecognised: UnrecognisedAnswer | undefined;

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
    this.unrecognised = init.unrecognised;
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
 * The shapes of error bodies the client knows. The contract shows `{"error":{"code","message"}}`; other
 * services and the gateways in front of them send the others. `json_other` is JSON of none of these shapes
 * and is counted as unrecognised.
 */
export type ErrorBodyShape =
  | 'empty'
  | 'error_object'
  | 'code'
  | 'error_string'
  | 'errors_array'
  | 'message'
  | 'html'
  | 'text'
  | 'json_other';

export interface ErrorBody {
  /** A code-shaped string (`RATE_LIMITED`) when the body carried one where a code goes. */
  readonly code: string | undefined;
  readonly shape: ErrorBodyShape;
  /** Top-level keys of a `json_other` body: the one hint at its shape that carries no value. */
  readonly keys?: readonly string[];
}

const codeOf = (value: unknown): string | undefined =>
  typeof value === 'string' && UPSTREAM_CODE.test(value) ? value : undefined;

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The shape and the machine code of an error body: `{"error":{"code"}}`, `{"code"}`, `{"error":"CODE"}`,
 * `{"errors":[{"code"}]}`, `{"message"}`, an HTML page or plain text from a gateway. Only a code-shaped
 * string is taken: the body's free text may echo request values, which must not reach an error message.
 */
export function readErrorBody(body: string): ErrorBody {
  const text = body.trim();
  if (text === '') return { code: undefined, shape: 'empty' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {
      code: undefined,
      shape: /^<(?:!doctype|html|\?xml|body|head|title)/i.test(text) ? 'html' : 'text',
    };
  }
  if (!isObject(parsed)) return { code: undefined, shape: 'json_other', keys: [] };
  const { error, errors } = parsed;
  if (isObject(error)) return { code: codeOf(error.code) ?? codeOf(error.type), shape: 'error_object' };
  if (typeof error === 'string') return { code: codeOf(error), shape: 'error_string' };
  if (Array.isArray(errors) && errors.length > 0) {
    const first: unknown = errors[0];
    return { code: isObject(first) ? codeOf(first.code) : codeOf(first), shape: 'errors_array' };
  }
  if ('code' in parsed) return { code: codeOf(parsed.code), shape: 'code' };
  if (
    typeof parsed.message === 'string' ||
    typeof parsed.detail === 'string' ||
    typeof parsed.title === 'string'
  )
    return { code: undefined, shape: 'message' };
  return { code: undefined, shape: 'json_other', keys: Object.keys(parsed).slice(0, 8) };
}

/** The machine code of an error body of any shape readErrorBody knows, or undefined. */
export function readUpstreamCode(body: string): string | undefined {
  return readErrorBody(body).code;
}
