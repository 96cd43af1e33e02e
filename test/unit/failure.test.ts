import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG, KycError, messageOf, type ErrorCode } from '../../src/errors.js';
import { decodeFailure, encodeFailure, FALLBACK_FAILURE_CODE, failureCodeOf } from '../../src/failure.js';

const codes = Object.keys(CATALOG) as ErrorCode[];
const anyCode = fc.constantFrom(...codes);
const anyMessage = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constant('a\nb: c\r\n'));

// A failure crosses BullMQ and Redis as text; what the merge, `run`'s exit status and the dashboard
// read back must be what was thrown.
describe('a failure as text', () => {
  it('decodes to the code and message it was encoded from, for every catalog code and any message', () => {
    fc.assert(
      fc.property(anyCode, anyMessage, (code, message) => {
        expect(decodeFailure(encodeFailure({ code, message }))).toEqual({ code, message });
      }),
    );
  });

  it('carries a KycError as its code and message, in the form it prints itself', () => {
    fc.assert(
      fc.property(anyCode, anyMessage, (code, detail) => {
        const error = new KycError(code, detail);
        expect(encodeFailure(error)).toBe(error.toString());
        expect(decodeFailure(encodeFailure(error))).toEqual({ code, message: error.message });
      }),
    );
  });

  it(`decodes text without a catalog code to ${FALLBACK_FAILURE_CODE}, whole`, () => {
    for (const text of [
      'socket hang up',
      'KYC_ERR_NOT_A_CODE: x',
      'KYC_ERR_INTERNAL',
      ' KYC_ERR_USAGE: x',
      '',
    ])
      expect(decodeFailure(text)).toEqual({ code: FALLBACK_FAILURE_CODE, message: text });
    expect(decodeFailure(encodeFailure(new TypeError('x is undefined')))).toEqual({
      code: FALLBACK_FAILURE_CODE,
      message: 'TypeError: x is undefined',
    });
    expect(decodeFailure('socket hang up', 'KYC_ERR_CHECK_FAILED').code).toBe('KYC_ERR_CHECK_FAILED');
  });

  it("reads BullMQ's own wording of a job that stalled or started too often as their codes", () => {
    expect(decodeFailure('job stalled more than allowable limit')).toEqual({
      code: 'KYC_ERR_CHECK_WORKER_LOST',
      message: messageOf('KYC_ERR_CHECK_WORKER_LOST'),
    });
    expect(decodeFailure('job started more than allowable limit')).toEqual({
      code: 'KYC_ERR_CHECK_ATTEMPTS_EXHAUSTED',
      message: messageOf('KYC_ERR_CHECK_ATTEMPTS_EXHAUSTED'),
    });
  });

  it('finds the catalog code a text starts with, and none in any other text', () => {
    expect(failureCodeOf('KYC_ERR_OUTPUT_EXISTS: out/verdicts.csv exists')).toBe('KYC_ERR_OUTPUT_EXISTS');
    expect(failureCodeOf('Error: KYC_ERR_OUTPUT_EXISTS: x')).toBeUndefined();
    expect(failureCodeOf('KYC_ERR_REDIS_UNREACHABLE: x')).toBeUndefined();
  });
});
