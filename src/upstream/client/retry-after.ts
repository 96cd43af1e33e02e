/**
 * `Retry-After` (RFC 9110 10.2.3): delay-seconds or an HTTP-date. Only the three HTTP-date forms are
 * accepted, because Date.parse alone reads garbage such as "1.5" as a date in 2001.
 */
const DELAY_SECONDS = /^\d+$/;
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC850_DATE = /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * Milliseconds to wait, or undefined when the header is absent or unreadable (the caller then applies its
 * own backoff rather than trusting a guess). A date in the past means "now": 0.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (DELAY_SECONDS.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds * 1000) ? seconds * 1000 : undefined;
  }
  let date: number;
  if (IMF_FIXDATE.test(text) || RFC850_DATE.test(text)) date = Date.parse(text);
  // asctime carries no zone but is defined as UTC; without the suffix Date.parse would read local time.
  else if (ASCTIME_DATE.test(text)) date = Date.parse(`${text} GMT`);
  else return undefined;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
