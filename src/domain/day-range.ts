/**
 * The days a mirror asks the foreign-agent register for, one `added=YYYY-MM-DD` search each. The register
 * starts on 2012-11-21, the first day an organization could be included (law 121-FZ in force), so every
 * dated record is reached from there to the run's day; the profile may move the start
 * (`foreignAgentMirror.since`).
 */
export const FOREIGN_AGENT_REGISTER_START = '2012-11-21';

const DAY_MS = 24 * 3600 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Milliseconds of a `YYYY-MM-DD` day at 00:00 UTC, or NaN for anything else (`2024-02-30` included). */
function dayMs(day: string): number {
  if (!ISO_DAY.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? Number.NaN : ms;
}

export function isIsoDay(day: string): boolean {
  return !Number.isNaN(dayMs(day));
}

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Every day from `since` to `until`, both included, oldest first; empty when `until` is before `since`. */
export function daysBetween(since: string, until: string): string[] {
  const from = dayMs(since);
  const to = dayMs(until);
  if (Number.isNaN(from) || Number.isNaN(to)) throw new RangeError(`not a day range: ${since}..${until}`);
  const out: string[] = [];
  for (let ms = from; ms <= to; ms += DAY_MS) out.push(new Date(ms).toISOString().slice(0, 10));
  return out;
}

/** Whether `day` (a record's `added`) lies in the range, both ends included; false for an empty or odd value. */
export function inRange(day: string, since: string, until: string): boolean {
  const trimmed = day.trim();
  return isIsoDay(trimmed) && trimmed >= since && trimmed <= until;
}
