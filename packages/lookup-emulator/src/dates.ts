/**
 * Date arithmetic for the synthetic registers. All dates are computed in UTC from a fixed reference day
 * rather than the wall clock, so a seed yields byte-identical registers on any day and in any time zone.
 */
import type { Random } from './random.js';

const DAY_MS = 86_400_000;

/** "Today" for the registers: procedures younger than this are active, dates never lie beyond it. */
export const REFERENCE_DAY = dayOf('2025-10-01');

/** Days since 1970-01-01 for a `YYYY-MM-DD` string. */
export function dayOf(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DDThh:mm:ss` without a zone, the form of the bankruptcy and debtor registers. */
export function localDateTime(day: number, secondOfDay: number): string {
  return new Date(day * DAY_MS + secondOfDay * 1000).toISOString().slice(0, 19);
}

/** UTC with milliseconds and `Z`, the form of `added_at` / `updated_at`. */
export function utcStamp(day: number, millisOfDay: number): string {
  return new Date(day * DAY_MS + millisOfDay).toISOString();
}

export function randomDay(rng: Random, fromIso: string, toDay: number = REFERENCE_DAY): number {
  return rng.int(dayOf(fromIso), toDay);
}

/** Working hours in Moscow (UTC+3), as seconds of the UTC day. */
export function officeSecond(rng: Random): number {
  return rng.int(6 * 3600, 15 * 3600);
}

/** The Friday on or before a day: the foreign-agent register is amended on Fridays. */
export function fridayOnOrBefore(day: number): number {
  // 1970-01-01 was a Thursday, so day 1 is a Friday.
  const weekday = (((day - 1) % 7) + 7) % 7;
  return day - weekday;
}

/** A strict `YYYY-MM-DD` that is also a real calendar date (rejects 2024-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}
