import { describe, expect, it } from 'vitest';
import { daysBetween, inRange, isIsoDay } from '../../../src/domain/day-range.js';

describe('the days a mirror searches', () => {
  it('lists every day of the range, both ends included, across a leap day', () => {
    expect(daysBetween('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('covers the register from its first day to a run day: one search per day', () => {
    const days = daysBetween('2012-11-21', '2026-11-24');
    expect(days[0]).toBe('2012-11-21');
    expect(days.at(-1)).toBe('2026-11-24');
    expect(days).toHaveLength(5117);
    expect(new Set(days).size).toBe(days.length);
  });

  it('is empty when the run day is before the start, and refuses a day that is not a date', () => {
    expect(daysBetween('2025-01-02', '2025-01-01')).toEqual([]);
    expect(() => daysBetween('2025-02-30', '2025-03-01')).toThrow(RangeError);
    expect(isIsoDay('2025-02-30')).toBe(false);
    expect(isIsoDay('2025-2-3')).toBe(false);
  });

  it('tells a record dated in the range from an empty, odd or later date', () => {
    expect(inRange('2020-01-10', '2012-11-21', '2026-11-24')).toBe(true);
    expect(inRange('', '2012-11-21', '2026-11-24')).toBe(false);
    expect(inRange('10.01.2020', '2012-11-21', '2026-11-24')).toBe(false);
    expect(inRange('2027-01-01', '2012-11-21', '2026-11-24')).toBe(false);
  });
});
