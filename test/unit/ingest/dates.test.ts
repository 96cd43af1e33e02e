import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { excelSerialToIso, isIsoDate, localToday, parseBirthDate } from '../../../src/ingest/dates.js';

const TODAY = '2025-06-30';
const ok = (raw: string) => {
  const result = parseBirthDate(raw, TODAY);
  if (result === undefined || !result.ok) throw new Error(`${raw}: ${JSON.stringify(result)}`);
  return result.iso;
};
const reason = (raw: string) => {
  const result = parseBirthDate(raw, TODAY);
  if (result === undefined || result.ok) throw new Error(`${raw} was accepted: ${JSON.stringify(result)}`);
  return result.reason;
};

describe('birth dates: accepted forms', () => {
  it.each([
    ['1975-03-14', '1975-03-14'],
    ['1975-3-4', '1975-03-04'],
    ['14.03.1975', '1975-03-14'],
    ['4.3.1975', '1975-03-04'],
    ['14/03/1975', '1975-03-14'],
    ['14.03.1975 0:00:00', '1975-03-14'],
    ['1975-03-14T00:00:00Z', '1975-03-14'],
    ['1975-03-14 12:30', '1975-03-14'],
    ['14.03.1975 г.', '1975-03-14'],
    ['  14.03.1975  ', '1975-03-14'],
    ['29.02.2000', '2000-02-29'],
    ['1900-01-01', '1900-01-01'],
    [TODAY, TODAY],
  ])('%s → %s', (raw, iso) => expect(ok(raw)).toBe(iso));

  it('an empty cell is no birth date, not an error', () => {
    expect(parseBirthDate('', TODAY)).toBeUndefined();
    expect(parseBirthDate('   ', TODAY)).toBeUndefined();
  });
});

describe('birth dates: impossible ones are rejected with a reason', () => {
  it.each([
    ['31.02.1980', /day 31 does not exist in 1980-02/],
    ['29.02.1900', /day 29 does not exist in 1900-02/],
    ['29.02.2001', /day 29/],
    ['31.04.1980', /day 31/],
    ['1980-13-01', /month 13/],
    ['00.05.1980', /day 0/],
    ['2099-01-01', /future/],
    ['2025-07-01', /future/],
    ['31.12.1899', /before 1900/],
    ['1980', /ambiguous/],
    ['05.03.75', /two-digit year/],
    ['весна 1980', /expected/],
    ['03/25/1980', /month 25/],
  ])('%s', (raw, why) => expect(reason(raw)).toMatch(why));
});

describe('Excel serial numbers (1900 date system)', () => {
  it.each([
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'],
    [25569, '1970-01-01'],
    [27467, '1975-03-14'],
    [36526, '2000-01-01'],
    [45658, '2025-01-01'],
    [27467.75, '1975-03-14'],
  ])('serial %d is %s (the phantom 1900-02-29 shifts every serial from 61 on)', (serial, iso) => {
    expect(excelSerialToIso(serial)).toEqual({ ok: true, iso });
  });

  it('serial 60 is Excel’s 1900-02-29, which does not exist', () => {
    const result = excelSerialToIso(60);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(/1900-02-29/);
  });

  it('out-of-range serials are rejected', () => {
    expect(excelSerialToIso(0).ok).toBe(false);
    expect(excelSerialToIso(3_000_000).ok).toBe(false);
  });

  it('cells with 5–7 digit numbers are read as serials, with a time fraction', () => {
    expect(ok('27467')).toBe('1975-03-14');
    expect(ok('27467,5')).toBe('1975-03-14');
    expect(ok('27467.25')).toBe('1975-03-14');
    expect(reason('99999')).toMatch(/future/);
  });

  it('agrees with the calendar for every day from 1900-03-01 on', () => {
    const base = Date.UTC(1900, 2, 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), (days) => {
        const expected = new Date(base + days * 86_400_000).toISOString().slice(0, 10);
        expect(excelSerialToIso(61 + days)).toEqual({ ok: true, iso: expected });
      }),
    );
  });
});

describe('every real day round-trips through each written form', () => {
  it('DD.MM.YYYY, DD/MM/YYYY and YYYY-MM-DD all give the same ISO date', () => {
    const start = Date.UTC(1900, 0, 1);
    const end = Date.UTC(2025, 5, 30);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (end - start) / 86_400_000 }), (days) => {
        const iso = new Date(start + days * 86_400_000).toISOString().slice(0, 10);
        const [y, m, d] = iso.split('-');
        expect(ok(`${d}.${m}.${y}`)).toBe(iso);
        expect(ok(`${d}/${m}/${y}`)).toBe(iso);
        expect(ok(iso)).toBe(iso);
        expect(isIsoDate(iso)).toBe(true);
      }),
    );
  });
});

describe('helpers', () => {
  it('isIsoDate is strict', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-29')).toBe(false);
  });
  it('localToday formats the local date', () => {
    expect(localToday(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
  });
});
