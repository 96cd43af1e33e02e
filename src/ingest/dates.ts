/**
 * Birth dates as bank exports write them. Everything ends as ISO `YYYY-MM-DD` or a reason why not;
 * a wrong birth date silently accepted would turn a sanctions MATCH into a POSSIBLE_MATCH or worse.
 */

export type DateCheck =
  { readonly ok: true; readonly iso: string } | { readonly ok: false; readonly reason: string };

/** Times that exports append to dates ("05.03.1975 0:00:00", "1975-03-05T00:00:00Z"): dropped. */
const TIME = String.raw`(?:[T ]\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?`;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME}$`);
/** Russian documents often write "г." after the year: "14.03.1975 г.". */
const DOTTED = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s*г\.?)?${TIME}$`);
/** DD/MM/YYYY, the Russian and European reading; the US MM/DD order is not guessed at. */
const SLASHED = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`);
/** Five to seven digits: Excel serials from 10000 (1927-05-18) on; a fraction is the time of day. */
const SERIAL = /^(\d{5,7})(?:[.,]\d+)?$/;
const SHORT_NUMBER = /^\d{1,4}(?:[.,]\d+)?$/;
const TWO_DIGIT_YEAR = /^\d{1,2}[./-]\d{1,2}[./-]\d{2}$/;
const STRICT_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const MS_PER_DAY = 86_400_000;
/** Serial 61 is 1900-03-01: day 0 of the corrected count is 1899-12-30 (Excel counts a 1900-02-29). */
const EXCEL_EPOCH_AFTER_BUG = Date.UTC(1899, 11, 30);
/** Serials 1–59 (1900-01-01 … 1900-02-28) come before the phantom day, so they count from 1899-12-31. */
const EXCEL_EPOCH_BEFORE_BUG = Date.UTC(1899, 11, 31);
const EXCEL_PHANTOM_LEAP_DAY = 60;
const EXCEL_LAST_SERIAL = 2_958_465; // 9999-12-31

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function iso(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Why year-month-day is not a calendar day, or undefined when it is one. */
function notADay(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12) return `month ${month} does not exist`;
  if (day < 1 || day > daysInMonth(year, month))
    return `day ${day} does not exist in ${pad(year, 4)}-${pad(month, 2)}`;
  return undefined;
}

/** A real calendar day, or the reason it is not one. */
function calendarDay(year: number, month: number, day: number): DateCheck {
  const reason = notADay(year, month, day);
  return reason === undefined ? { ok: true, iso: iso(year, month, day) } : { ok: false, reason };
}

export function isIsoDate(value: string): boolean {
  const m = STRICT_ISO.exec(value);
  return m !== null && calendarDay(Number(m[1]), Number(m[2]), Number(m[3])).ok;
}

/** Today's date on this machine's clock, as the compliance officer reading the report sees it. */
export function localToday(now: Date = new Date()): string {
  return iso(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** Excel's 1900 date system, including its phantom 1900-02-29 (serial 60), which is no date at all. */
export function excelSerialToIso(serial: number): DateCheck {
  const day = Math.floor(serial);
  if (!Number.isFinite(serial) || day < 1 || day > EXCEL_LAST_SERIAL) {
    return { ok: false, reason: `Excel serial ${serial} is out of range` };
  }
  if (day === EXCEL_PHANTOM_LEAP_DAY) {
    return {
      ok: false,
      reason: 'Excel serial 60 is 1900-02-29, a day that does not exist (Excel leap-year bug)',
    };
  }
  const epoch = day < EXCEL_PHANTOM_LEAP_DAY ? EXCEL_EPOCH_BEFORE_BUG : EXCEL_EPOCH_AFTER_BUG;
  return { ok: true, iso: new Date(epoch + day * MS_PER_DAY).toISOString().slice(0, 10) };
}

/** YYYY-MM-DD already: the common case needs no rebuilding of the string. */
const PLAIN_ISO = /^\d{4}-\d{2}-\d{2}$/;

function toIso(value: string): DateCheck {
  if (PLAIN_ISO.test(value)) {
    const reason = notADay(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10)));
    return reason === undefined ? { ok: true, iso: value } : { ok: false, reason };
  }
  let m = ISO.exec(value);
  if (m) return calendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DOTTED.exec(value) ?? SLASHED.exec(value);
  if (m) return calendarDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = SERIAL.exec(value);
  if (m) return excelSerialToIso(Number(value.replace(',', '.')));
  if (SHORT_NUMBER.test(value)) {
    return {
      ok: false,
      reason: 'a bare number of up to 4 digits is ambiguous (a year? an Excel serial before 1927?)',
    };
  }
  if (TWO_DIGIT_YEAR.test(value)) return { ok: false, reason: 'a two-digit year is ambiguous' };
  return { ok: false, reason: 'expected YYYY-MM-DD, DD.MM.YYYY, DD/MM/YYYY or an Excel date number' };
}

/**
 * A birth date cell → ISO, or why it cannot be one. Empty cells return `undefined`: "no birth date" is
 * not an error. A birth date must be a real day, not before 1900-01-01 and not after `today`.
 */
export function parseBirthDate(raw: string, today: string): DateCheck | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  const result = toIso(value);
  if (!result.ok) return result;
  if (result.iso < '1900-01-01') return { ok: false, reason: `${result.iso} is before 1900` };
  if (result.iso > today) return { ok: false, reason: `${result.iso} is in the future` };
  return result;
}
