import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../src/rate-limiter.js';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('token buckets', () => {
  it('without a rate, everything passes', () => {
    const buckets = new TokenBuckets(undefined);
    for (let i = 0; i < 1000; i++) expect(buckets.take('k')).toBe(0);
  });

  it('admits a burst, then refuses with the whole seconds until a token is back', () => {
    const c = clock();
    const buckets = new TokenBuckets(5, 5, c.now);
    for (let i = 0; i < 5; i++) expect(buckets.take('k')).toBe(0);
    expect(buckets.take('k')).toBe(1);
    c.advance(200); // one token at 5/s
    expect(buckets.take('k')).toBe(0);
    expect(buckets.take('k')).toBe(1);
  });

  it('Retry-After is ceil of the wait and at least 1', () => {
    const c = clock();
    const buckets = new TokenBuckets(0.25, 1, c.now); // one token every 4 s
    expect(buckets.take('k')).toBe(0);
    expect(buckets.take('k')).toBe(4);
    c.advance(1500);
    expect(buckets.take('k')).toBe(3);
    c.advance(2499);
    expect(buckets.take('k')).toBe(1);
  });

  it('refills no further than the burst', () => {
    const c = clock();
    const buckets = new TokenBuckets(10, 3, c.now);
    c.advance(60_000);
    let admitted = 0;
    while (buckets.take('k') === 0) admitted++;
    expect(admitted).toBe(3);
  });

  it('each key has its own bucket; the default burst is the rate, at least 1', () => {
    const c = clock();
    const buckets = new TokenBuckets(2, undefined, c.now);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 1]);
    expect(buckets.take('b')).toBe(0);
    const slow = new TokenBuckets(0.5, undefined, c.now);
    expect(slow.take('a')).toBe(0);
    expect(slow.take('a')).toBe(2);
  });
});

/**
 * The strict bucket (`--rate 10 --burst 1`): what nginx's `limit_req` without `burst` enforces. A call is
 * admitted only a whole interval (1/rate) after the last admitted one; one a few ms early gets 429 with a
 * whole second of Retry-After, and a refused call does not move the schedule.
 */
describe('the strict bucket: burst 1', () => {
  // A clock reading far from zero, like performance.now() after a while: the interval must stay exact.
  function lateClock() {
    let now = 123_456.789;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  }

  it('admits calls spaced exactly one interval apart, at any rate and however far the clock has run', () => {
    for (const rate of [3, 7, 10, 30, 100]) {
      const c = lateClock();
      const buckets = new TokenBuckets(rate, 1, c.now);
      const refused = Array.from({ length: 1000 }, () => {
        const retryAfter = buckets.take('k');
        c.advance(1000 / rate);
        return retryAfter;
      }).filter((retryAfter) => retryAfter !== 0);
      expect(refused, `rate ${rate}`).toEqual([]);
    }
  });

  it('refuses a call a few ms early with Retry-After 1, and the refusal does not delay the next slot', () => {
    const c = lateClock();
    const buckets = new TokenBuckets(10, 1, c.now);
    expect(buckets.take('k')).toBe(0);
    c.advance(97);
    expect(buckets.take('k')).toBe(1);
    c.advance(3);
    expect(buckets.take('k')).toBe(0);
  });

  it('after a quiet spell admits one call, not a burst', () => {
    const c = lateClock();
    const buckets = new TokenBuckets(10, 1, c.now);
    expect(buckets.take('k')).toBe(0);
    c.advance(60_000);
    expect([buckets.take('k'), buckets.take('k')]).toEqual([0, 1]);
  });
});
