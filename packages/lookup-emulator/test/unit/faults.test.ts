import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../../src/errors.js';
import { DEFAULT_STALL_MS, FaultInjector } from '../../src/faults.js';

describe('fault injection', () => {
  it('is deterministic for a seed and honours the rates roughly', () => {
    const run = (seed: number) => {
      const faults = new FaultInjector(seed, { errorRate: 0.2, malformedRate: 0.1, stallRate: 0.05 });
      return Array.from({ length: 5000 }, () => faults.decide());
    };
    const a = run(1);
    expect(run(1)).toEqual(a);
    expect(run(2)).not.toEqual(a);
    const share = (pick: (d: (typeof a)[number]) => boolean) => a.filter(pick).length / a.length;
    expect(share((d) => d.unavailable)).toBeCloseTo(0.2, 1);
    expect(share((d) => d.malformed)).toBeCloseTo(0.08, 1);
    expect(share((d) => d.stallMs === DEFAULT_STALL_MS)).toBeCloseTo(0.04, 1);
    expect(a.some((d) => d.unavailable && (d.malformed || d.stallMs > 0))).toBe(false);
  });

  it('no faults by default; setFaults changes them at run time', () => {
    const faults = new FaultInjector(1);
    expect(
      Array.from({ length: 100 }, () => faults.decide()).every(
        (d) => !d.unavailable && !d.malformed && d.stallMs === 0,
      ),
    ).toBe(true);
    faults.set({ errorRate: 1 });
    expect(faults.decide().unavailable).toBe(true);
  });

  it('latency: fixed or uniform in a range', () => {
    const fixed = new FaultInjector(1, { latencyMs: 25 });
    expect(fixed.latency()).toBe(25);
    const ranged = new FaultInjector(1, { latencyMs: [10, 20] });
    const values = Array.from({ length: 1000 }, () => ranged.latency());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...values)).toBeLessThanOrEqual(20);
    expect(new FaultInjector(1).latency()).toBe(0);
  });

  it('rejects rates outside 0..1 and inverted ranges', () => {
    expect(() => new FaultInjector(1, { errorRate: 1.5 })).toThrow(EmulatorError);
    expect(() => new FaultInjector(1, { latencyMs: [20, 10] })).toThrow(EmulatorError);
    expect(() => new FaultInjector(1).set({ stallMs: -1 })).toThrow(EmulatorError);
  });
});
