import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../../packages/lookup-emulator/src/rate-limiter.js';
import {
  ClockOffset,
  MAX_RETAKES,
  assumedBurst,
  latenessToleranceMs,
  slotDecision,
} from '../../../src/upstream/slot-timing.js';

/** Calls arriving at these times (ms) at a gateway's token bucket: how many it refuses. */
function refusedBy(rate: number, burst: number, arrivalsMs: readonly number[]): number {
  let now = 0;
  const bucket = new TokenBuckets(rate, burst, () => now);
  let refused = 0;
  for (const at of [...arrivalsMs].sort((a, b) => a - b)) {
    now = at;
    if (bucket.take('key') !== 0) refused++;
  }
  return refused;
}

const rateAndBurst = fc
  .record({ rate: fc.integer({ min: 10, max: 1_000 }), share: fc.constantFrom(0.05, 0.1, 0.2, 1) })
  .map(({ rate, share }) => ({ rate, burst: Math.max(1, Math.round(rate * share)) }));

describe('slot timing against a small-burst gateway', () => {
  it('calls sent within the tolerance after their slots are never refused by the bucket, however they bunch', () => {
    fc.assert(
      fc.property(
        rateAndBurst.filter(({ burst }) => burst >= 2),
        // Lateness in tolerances: on time, just within, or anything up to three times over.
        fc.array(fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 3, noNaN: true })), {
          minLength: 50,
          maxLength: 400,
        }),
        fc.array(fc.double({ min: 0, max: 0.3, noNaN: true }), { minLength: 50, maxLength: 400 }),
        ({ rate, burst }, lateness, afterwards) => {
          const tolerance = latenessToleranceMs(rate, burst);
          // The share of the bucket's room left after the decision (the HTTP client, the network).
          const room = ((burst - 1) / rate) * 1000;
          const arrivals: number[] = [];
          lateness.forEach((late, i) => {
            const lateMs = late * tolerance;
            // A slot that passed too long ago is given up: its call leaves on a later slot of the list.
            if (slotDecision(lateMs, tolerance, 0) === 'retake') return;
            arrivals.push((i * 1000) / rate + lateMs + (afterwards[i] ?? 0) * room);
          });
          expect(refusedBy(rate, burst, arrivals)).toBe(0);
        },
      ),
    );
  });

  it('without giving up late slots, one stall of two bursts sends a bunch the bucket refuses', () => {
    const rate = 100;
    const burst = 10;
    // The process stalls 200 ms: the calls of those slots all leave when it runs again.
    const arrivals = Array.from({ length: 100 }, (_, i) => Math.max((i * 1000) / rate, 200));
    expect(refusedBy(rate, burst, arrivals)).toBeGreaterThan(0);
    const tolerance = latenessToleranceMs(rate, burst);
    const kept = arrivals.filter((at, i) => slotDecision(at - (i * 1000) / rate, tolerance, 0) === 'send');
    expect(refusedBy(rate, burst, kept)).toBe(0);
  });

  it('a call that keeps finding its slot passed still leaves after MAX_RETAKES new slots', () => {
    expect(slotDecision(1_000, 10, 0)).toBe('retake');
    expect(slotDecision(1_000, 10, MAX_RETAKES - 1)).toBe('retake');
    expect(slotDecision(1_000, 10, MAX_RETAKES)).toBe('send');
    expect(slotDecision(10, 10, 0)).toBe('send');
  });

  it('a bucket of one token still leaves a call some slack, and an unknown bucket is a tenth of the rate', () => {
    expect(latenessToleranceMs(10, 1)).toBeGreaterThan(0);
    expect(assumedBurst(200, undefined)).toBe(20);
    expect(assumedBurst(5, undefined)).toBe(1);
    expect(assumedBurst(200, 200)).toBe(200);
    expect(latenessToleranceMs(200, 200)).toBeGreaterThan(latenessToleranceMs(200, 20));
  });
});

describe('ClockOffset (Redis time → this process)', () => {
  const replies = fc.array(
    fc.record({
      gapMs: fc.double({ min: 0, max: 3_000, noNaN: true }),
      latencyMs: fc.double({ min: 0.05, max: 500, noNaN: true }),
    }),
    { minLength: 1, maxLength: 200 },
  );

  it('never maps a slot before its true local time, whatever each reply was delayed by', () => {
    fc.assert(
      fc.property(fc.double({ min: -2e12, max: 2e12, noNaN: true }), replies, (offset, list) => {
        const clock = new ClockOffset();
        let redisMs = 1.7e12;
        for (const { gapMs, latencyMs } of list) {
          redisMs += gapMs;
          clock.observe(redisMs + offset + latencyMs, redisMs);
          const slot = redisMs + 40;
          expect(clock.toLocal(slot)).toBeGreaterThanOrEqual(slot + offset - 1e-3);
        }
      }),
    );
  });

  it('follows the fastest recent reply, so a stalled reply does not push slots late', () => {
    const clock = new ClockOffset(10_000);
    clock.observe(1_000.3, 0); // 0.3 ms reply
    clock.observe(1_250, 50); // 200 ms stall
    expect(clock.toLocal(100)).toBeCloseTo(1_100.3, 6);
    // Two windows later the old sample is forgotten: a clock that stepped is followed.
    clock.observe(12_000, 11_000 - 5);
    clock.observe(23_000, 22_000 - 5);
    expect(clock.toLocal(30_000)).toBeCloseTo(31_005, 6);
  });
});
