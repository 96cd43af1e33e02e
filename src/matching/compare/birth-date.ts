/**
 * Birth dates as evidence. Registers write `YYYY-MM-DD`; some lists know only the year (`YYYY`) or fill
 * the unknown day and month with `YYYY-01-01`. Rules:
 *  - equal → supports;
 *  - same year where the record is year-only or a `-01-01` placeholder → weak support. Only the record's
 *    1 January is read as a placeholder: lists fill unknown days that way, while a client's birth date
 *    comes from an identity document, so a client born on 1 January against a namesake born later that
 *    year is a contradiction. Both sides on 1 January is `equal`. A client date without day and month
 *    (a bare year) is year-only too;
 *  - day and month swapped (05.11 ↔ 11.05), same year → weak support: the usual data-entry slip;
 *  - any other difference → contradicts (another person);
 *  - missing or unreadable on either side → absent.
 */

export interface BirthDate {
  readonly year: number;
  /** 0 when only the year is known. */
  readonly month: number;
  readonly day: number;
}

export type BirthDateAgreement = 'equal' | 'year_only' | 'swapped' | 'contradicts' | 'absent';

export interface BirthDateComparison {
  readonly agreement: BirthDateAgreement;
  /** For the explanation: `birth_date equal`, `birth_date differs (1975-03-14 ≠ 1976-03-14)`. */
  readonly note: string;
}

function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** Reads `YYYY-MM-DD`, `DD.MM.YYYY` or `YYYY`; anything else (empty, null, garbage) is undefined. */
export function parseBirthDate(value: string | null | undefined): BirthDate | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text.length === 4) {
    const year = digitsAt(text, 0, 4);
    return year > 0 ? { year, month: 0, day: 0 } : undefined;
  }
  let year: number;
  let month: number;
  let day: number;
  // A time part (`1975-03-14T00:00:00`) is ignored: birth dates carry no time.
  if (text.length >= 10 && text[4] === '-' && text[7] === '-') {
    year = digitsAt(text, 0, 4);
    month = digitsAt(text, 5, 2);
    day = digitsAt(text, 8, 2);
  } else if (text.length === 10 && text[2] === '.' && text[5] === '.') {
    day = digitsAt(text, 0, 2);
    month = digitsAt(text, 3, 2);
    year = digitsAt(text, 6, 4);
  } else {
    return undefined;
  }
  if (year <= 0 || !isRealDate(year, month, day)) return undefined;
  return { year, month, day };
}

function format(date: BirthDate): string {
  if (date.month === 0) return String(date.year);
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

const isYearOnly = (d: BirthDate): boolean => d.month === 0;
const isPlaceholder = (d: BirthDate): boolean => d.month === 0 || (d.month === 1 && d.day === 1);

export function compareBirthDates(
  client: BirthDate | undefined,
  record: BirthDate | undefined,
): BirthDateComparison {
  if (client === undefined && record === undefined) {
    return { agreement: 'absent', note: 'birth_date absent on both' };
  }
  if (client === undefined) return { agreement: 'absent', note: 'birth_date absent on client' };
  if (record === undefined) return { agreement: 'absent', note: 'birth_date absent on record' };
  const differs = `birth_date differs (${format(client)} ≠ ${format(record)})`;
  if (client.year !== record.year) return { agreement: 'contradicts', note: differs };
  if (client.month === record.month && client.day === record.day) {
    return { agreement: 'equal', note: 'birth_date equal' };
  }
  if (isYearOnly(client) || isPlaceholder(record)) {
    return { agreement: 'year_only', note: `birth_date year only (${client.year})` };
  }
  if (client.month === record.day && client.day === record.month) {
    return {
      agreement: 'swapped',
      note: `birth_date day/month swapped (${format(client)} ↔ ${format(record)})`,
    };
  }
  return { agreement: 'contradicts', note: differs };
}

/** Words lists put before an approximate date: `circa 1969`, `c. 1969`, `~1969`, `около 1969 г.`. */
const APPROXIMATE =
  /^(?:circa|ca\.?|c\.|approx\.?|approximately|about|около|примерно|ок\.)\s*|^~\s*|\s*(?:г\.?|гг\.?|года?)$/giu;

/**
 * A list's birth date field, which may hold several dates (`1969-03-10; 1970-03-10`, `1969 or 1970`),
 * approximate ones (`circa 1969`) or a year and month (`1969-03`, read as the year: the day is unknown).
 * Every readable date, in order; none when nothing is readable.
 */
export function parseBirthDates(value: string | null | undefined): BirthDate[] {
  if (value === null || value === undefined) return [];
  const out: BirthDate[] = [];
  for (const part of value.split(/;|,|\/|\s+or\s+|\s+или\s+|\s+and\s+|\s+и\s+/iu)) {
    const text = part.trim().replace(APPROXIMATE, '').replace(APPROXIMATE, '').trim();
    const yearMonth = /^(\d{4})-(\d{2})$/u.exec(text);
    const date = yearMonth ? parseBirthDate(yearMonth[1]) : parseBirthDate(text);
    if (date !== undefined) out.push(date);
  }
  return out;
}

const STRENGTH: Readonly<Record<BirthDateAgreement, number>> = {
  equal: 4,
  year_only: 3,
  swapped: 2,
  contradicts: 1,
  absent: 0,
};

/**
 * The client's date against every date a list gives: the best agreement counts (any equal full date
 * agrees; a year alone stays weak support), and the dates contradict only when none agrees.
 */
export function compareBirthDateList(
  client: BirthDate | undefined,
  record: readonly BirthDate[],
): BirthDateComparison {
  if (record.length <= 1) return compareBirthDates(client, record[0]);
  let best: BirthDateComparison | undefined;
  for (const date of record) {
    const result = compareBirthDates(client, date);
    if (best === undefined || STRENGTH[result.agreement] > STRENGTH[best.agreement]) best = result;
  }
  const found = best ?? compareBirthDates(client, undefined);
  return found.agreement === 'contradicts'
    ? { ...found, note: `birth_date differs (none of ${record.length} dates on record)` }
    : { ...found, note: `${found.note} (one of ${record.length} dates on record)` };
}
