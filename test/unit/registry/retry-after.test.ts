import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../src/upstream/client/retry-after.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter('1', NOW)).toBe(1000);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000);
  });

  it('reads the three HTTP-date forms as the time left', () => {
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sunday, 01-Jun-25 12:01:00 GMT', NOW)).toBe(60_000);
    // asctime has no zone and is UTC by definition, whatever the machine's zone.
    expect(parseRetryAfter('Sun Jun  1 12:00:05 2025', NOW)).toBe(5_000);
  });

  it('reads a date in the past as "now"', () => {
    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', NOW)).toBe(0);
  });

  it('gives undefined for absent or unreadable values', () => {
    for (const garbage of [
      undefined,
      '',
      'soon',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      '2025-06-01T12:00:30Z',
      'Sun, 01 Jun 2025',
      'Xxx, 99 Foo 2025 12:00:00 GMT',
    ]) {
      expect(parseRetryAfter(garbage, NOW)).toBeUndefined();
    }
  });

  it('gives undefined for a delay too large to be a number of milliseconds', () => {
    expect(parseRetryAfter('99999999999999999999', NOW)).toBeUndefined();
  });
});
