import { describe, expect, it } from 'vitest';
import { KycError } from '../../../src/errors.js';
import {
  ERROR_CODE_OF_KIND,
  REGISTRY_ERROR_KINDS,
  RegistryError,
  describeRequest,
  isRetryable,
  kindOfStatus,
  readUpstreamCode,
  type RegistryErrorKind,
} from '../../../src/upstream/client/errors.js';

const make = (kind: RegistryErrorKind, status = 0) =>
  new RegistryError({
    kind,
    operation: 'search.sanctions',
    status,
    request: describeRequest('GET', '/lists/search/sanctions', ['name', 'birth_date']),
    params: { name: 'Щербаков Дмитрий', birth_date: '1971-02-08' },
  });

describe('kindOfStatus', () => {
  it.each([
    [200, undefined],
    [204, undefined],
    [401, 'auth'],
    [403, 'auth'],
    [429, 'rate_limited'],
    [400, 'bad_request'],
    [404, 'bad_request'],
    [422, 'bad_request'],
    [500, 'upstream'],
    [502, 'upstream'],
    [503, 'upstream'],
    [504, 'upstream'],
    [302, 'upstream'],
  ] as const)('%i → %s', (status, kind) => {
    expect(kindOfStatus(status)).toBe(kind);
  });
});

describe('RegistryError', () => {
  it('carries the catalog code of its kind and is a KycError', () => {
    const expected: Record<RegistryErrorKind, string> = {
      auth: 'KYC_ERR_UPSTREAM_AUTH',
      rate_limited: 'KYC_ERR_UPSTREAM_RATE_LIMITED',
      bad_request: 'KYC_ERR_UPSTREAM_BAD_REQUEST',
      upstream: 'KYC_ERR_UPSTREAM_SERVER',
      timeout: 'KYC_ERR_UPSTREAM_TIMEOUT',
      network: 'KYC_ERR_UPSTREAM_NETWORK',
      malformed: 'KYC_ERR_UPSTREAM_MALFORMED',
    };
    for (const kind of REGISTRY_ERROR_KINDS) {
      const error = make(kind);
      expect(error).toBeInstanceOf(KycError);
      expect(error.code).toBe(expected[kind]);
      expect(ERROR_CODE_OF_KIND[kind]).toBe(expected[kind]);
      expect(error.exitCode).toBe(5);
    }
  });

  it('names operation, status and parameter names in its message, and no value', () => {
    const error = make('rate_limited', 429);
    expect(error.message).toBe(
      'The Lookup Service rate limit was exceeded: search.sanctions HTTP 429 on GET /lists/search/sanctions?name=…&birth_date=…',
    );
    expect(String(error)).toMatch(/^KYC_ERR_UPSTREAM_RATE_LIMITED: /);
    expect(error.message).not.toContain('Щербаков');
    expect(error.message).not.toContain('1971');
    // The values travel in `params`, the field the logger redacts.
    expect(error.params).toEqual({ name: 'Щербаков Дмитрий', birth_date: '1971-02-08' });
  });

  it('says "no response" for status 0', () => {
    expect(make('timeout').message).toContain('search.sanctions no response on GET');
  });

  it('turns into a request record', () => {
    const error = new RegistryError({
      kind: 'upstream',
      operation: 'client.debt',
      status: 503,
      request: 'GET /reg2/client/debt?inn=…',
      params: { inn: '772345678901' },
      digest: 'ab',
    });
    expect(error.toRecord()).toEqual({
      operation: 'client.debt',
      params: { inn: '772345678901' },
      status: 503,
      digest: 'ab',
    });
  });
});

describe('isRetryable', () => {
  it.each([
    ['upstream', true],
    ['timeout', true],
    ['network', true],
    ['malformed', true],
    ['rate_limited', true],
    ['auth', false],
    ['bad_request', false],
  ] as const)('%s → %s', (kind, retryable) => {
    expect(isRetryable(make(kind))).toBe(retryable);
  });

  it('a refusal before sending, or any other error, is not retryable', () => {
    expect(isRetryable(new KycError('KYC_ERR_REQUEST_INVALID', 'x'))).toBe(false);
    expect(isRetryable(new Error('x'))).toBe(false);
    expect(isRetryable(undefined)).toBe(false);
  });
});

describe('describeRequest', () => {
  it('shows parameter names, never values', () => {
    expect(describeRequest('GET', '/reg2/dictionary', [])).toBe('GET /reg2/dictionary');
    expect(describeRequest('POST', '/cadastral/full', [], ['cadastral_number', 'owner_full_name'])).toBe(
      'POST /cadastral/full {cadastral_number=…, owner_full_name=…}',
    );
  });
});

describe('readUpstreamCode', () => {
  it('takes a code-shaped error.code only', () => {
    expect(readUpstreamCode('{"success":false,"error":{"code":"RATE_LIMITED","message":"slow down"}}')).toBe(
      'RATE_LIMITED',
    );
    expect(readUpstreamCode('{"error":{"code":"Иванов Иван"}}')).toBeUndefined();
    expect(readUpstreamCode('{"error":"boom"}')).toBeUndefined();
    expect(readUpstreamCode('<html>')).toBeUndefined();
    expect(readUpstreamCode('null')).toBeUndefined();
  });
});
