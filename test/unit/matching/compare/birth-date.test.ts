import { describe, expect, it } from 'vitest';
import { compareBirthDates, parseBirthDate } from '../../../../src/matching/index.js';

const cmp = (a: string | undefined, b: string | null | undefined) =>
  compareBirthDates(parseBirthDate(a), parseBirthDate(b)).agreement;

describe('parseBirthDate', () => {
  it.each([
    ['1975-03-14', { year: 1975, month: 3, day: 14 }],
    ['14.03.1975', { year: 1975, month: 3, day: 14 }],
    ['1975-03-14T00:00:00', { year: 1975, month: 3, day: 14 }],
    ['1975', { year: 1975, month: 0, day: 0 }],
  ])('%s', (text, expected) => expect(parseBirthDate(text)).toEqual(expected));

  it.each(['', '1975-02-30', '1975-13-01', 'n/a', null, undefined])('%s is no date', (text) => {
    expect(parseBirthDate(text)).toBeUndefined();
  });
});

describe('compareBirthDates', () => {
  it('equal supports', () => expect(cmp('1975-03-14', '1975-03-14')).toBe('equal'));
  it('another day contradicts', () => expect(cmp('1975-03-14', '1975-03-15')).toBe('contradicts'));
  it('another year contradicts', () => expect(cmp('1975-03-14', '1976-03-14')).toBe('contradicts'));
  it('a bare year of the same year is year_only', () => expect(cmp('1975-03-14', '1975')).toBe('year_only'));
  it("a record's YYYY-01-01 placeholder of the same year is year_only", () => {
    expect(cmp('1975-03-14', '1975-01-01')).toBe('year_only');
  });
  it("a client's 1 January is a real date: against another day of that year it contradicts", () => {
    expect(cmp('1975-01-01', '1975-03-14')).toBe('contradicts');
  });
  it('a client known by year only is year_only', () => expect(cmp('1975', '1975-03-14')).toBe('year_only'));
  it('a placeholder of another year contradicts', () =>
    expect(cmp('1975-03-14', '1976-01-01')).toBe('contradicts'));
  it('1 January on both sides is equal', () => expect(cmp('1975-01-01', '1975-01-01')).toBe('equal'));
  it('day and month swapped is weaker support, not a contradiction', () => {
    expect(cmp('1982-11-05', '1982-05-11')).toBe('swapped');
  });
  it('a swap across years contradicts', () => expect(cmp('1982-11-05', '1983-05-11')).toBe('contradicts'));
  it('absent on either side is absent', () => {
    expect(cmp(undefined, '1975-03-14')).toBe('absent');
    expect(cmp('1975-03-14', null)).toBe('absent');
    expect(compareBirthDates(parseBirthDate('1975-03-14'), undefined).note).toBe(
      'birth_date absent on record',
    );
  });
});
