import { describe, expect, it } from 'vitest';
import { parseFailure } from '../../../src/workers/merge-job.js';
import { messageOf } from '../../../src/errors.js';

// What the merge reads from a child that gave up, as the evidence file and the verdict row report it.
describe('parseFailure (why a check gave up)', () => {
  it('keeps the KYC_ERR code and reason a check failed with', () => {
    expect(parseFailure('KYC_ERR_UPSTREAM_SERVER: 503 from search.sanctions')).toEqual({
      code: 'KYC_ERR_UPSTREAM_SERVER',
      message: '503 from search.sanctions',
    });
  });

  it('names a check whose workers kept dying under it, not a generic failure', () => {
    expect(parseFailure('job stalled more than allowable limit')).toEqual({
      code: 'KYC_ERR_CHECK_WORKER_LOST',
      message: messageOf('KYC_ERR_CHECK_WORKER_LOST'),
    });
  });

  it('names a check that spent its started attempts bouncing off the rate limit', () => {
    expect(parseFailure('job started more than allowable limit')).toEqual({
      code: 'KYC_ERR_CHECK_ATTEMPTS_EXHAUSTED',
      message: messageOf('KYC_ERR_CHECK_ATTEMPTS_EXHAUSTED'),
    });
  });

  it('keeps any other text whole under KYC_ERR_CHECK_FAILED, including an unknown code', () => {
    expect(parseFailure('KYC_ERR_NOT_A_CODE: x')).toEqual({
      code: 'KYC_ERR_CHECK_FAILED',
      message: 'KYC_ERR_NOT_A_CODE: x',
    });
    expect(parseFailure('socket hang up')).toEqual({
      code: 'KYC_ERR_CHECK_FAILED',
      message: 'socket hang up',
    });
  });
});
