/**
 * Query-string reading for the hot path. `new URL()` and URLSearchParams cost more than the search itself
 * at a few thousand requests a second, so parameters are split by hand; the first occurrence of a name wins.
 */
import { isCalendarDate } from './dates.js';
import { badRequest } from './respond.js';

export type Query = ReadonlyMap<string, string>;

const EMPTY_QUERY: Query = new Map();

function decode(component: string): string {
  const spaced = component.includes('+') ? component.replace(/\+/g, ' ') : component;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw badRequest('The query string is not valid percent-encoded UTF-8');
  }
}

/** The parameters of a query string; of a repeated name, the first occurrence counts (or the last). */
export function parseQuery(queryString: string, repeated: 'first' | 'last' = 'first'): Query {
  if (queryString === '') return EMPTY_QUERY;
  const query = new Map<string, string>();
  const last = repeated === 'last';
  for (const pair of queryString.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq));
    if (last || !query.has(name)) query.set(name, eq < 0 ? '' : decode(pair.slice(eq + 1)));
  }
  return query;
}

/** The trimmed value, or undefined when absent or blank: a blank parameter counts as not given. */
export function optional(query: Query, name: string): string | undefined {
  const value = query.get(name)?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function required(query: Query, name: string): string {
  const value = optional(query, name);
  if (value === undefined) throw badRequest(`Parameter "${name}" is required`);
  return value;
}

export function assertDate(name: string, value: string): void {
  if (!isCalendarDate(value)) throw badRequest(`Parameter "${name}" must be a date in the form YYYY-MM-DD`);
}

/** A non-negative integer parameter, or the fallback when absent. */
export function nonNegativeInteger(query: Query, name: string, fallback: number): number {
  const value = optional(query, name);
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value)) throw badRequest(`Parameter "${name}" must be a non-negative integer`);
  return Number(value);
}

/** `true`/`1` or `false`/`0`; absent means false. */
export function booleanParam(query: Query, name: string): boolean {
  const value = optional(query, name)?.toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw badRequest(`Parameter "${name}" must be true or false`);
}
