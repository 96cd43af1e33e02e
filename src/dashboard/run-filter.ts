import { KycError } from '../errors.js';
import type { RunState, RunStatus } from '../run/state/run-store.js';

/** The runs page's filters, from its query string: status, creation date range (UTC days), schedule. */
export interface RunFilter {
  readonly status?: RunStatus;
  /** First day shown, `YYYY-MM-DD`, inclusive. */
  readonly from?: string;
  /** Last day shown, `YYYY-MM-DD`, inclusive. */
  readonly to?: string;
  readonly schedule?: string;
}

export const RUN_STATUSES: readonly RunStatus[] = ['queued', 'running', 'done', 'failed', 'cancelled'];
const DAY = /^\d{4}-\d{2}-\d{2}$/u;

function day(value: string, name: string): string {
  if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw new KycError('KYC_ERR_USAGE', `${name}=${JSON.stringify(value)}: expected a date YYYY-MM-DD`);
  return value;
}

/**
 * Reads the filters of a request; an empty field means "any". A value the page cannot mean (a status that
 * does not exist, a date that is not one) is refused rather than ignored: an ignored filter shows every
 * run and looks like an answer.
 */
export function parseRunFilter(query: Readonly<Record<string, string | undefined>>): RunFilter {
  const { status, from, to, schedule } = query;
  if (status && !(RUN_STATUSES as readonly string[]).includes(status))
    throw new KycError('KYC_ERR_USAGE', `status=${JSON.stringify(status)}: use ${RUN_STATUSES.join(', ')}`);
  return {
    ...(status ? { status: status as RunStatus } : {}),
    ...(from ? { from: day(from, 'from') } : {}),
    ...(to ? { to: day(to, 'to') } : {}),
    ...(schedule ? { schedule } : {}),
  };
}

export function matchesFilter(run: RunState, filter: RunFilter): boolean {
  const created = run.createdAt.slice(0, 10);
  return (
    (filter.status === undefined || run.status === filter.status) &&
    (filter.from === undefined || created >= filter.from) &&
    (filter.to === undefined || created <= filter.to) &&
    (filter.schedule === undefined || run.schedule === filter.schedule)
  );
}

export function isFiltered(filter: RunFilter): boolean {
  return Object.keys(filter).length > 0;
}

/** The filter as a query string (`?status=done&from=…`), empty without one: kept by links and the refresh. */
export function filterQuery(filter: RunFilter): string {
  const params = new URLSearchParams(
    Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const text = params.toString();
  return text ? `?${text}` : '';
}
