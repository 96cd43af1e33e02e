import type { VerdictKind } from './verdict.js';

/**
 * The names of a run's counter fields (the `counters` hash of the run) and their reading back. Counted
 * by the writer with every checkpoint, read by the manifest, the metrics and the run summary: the names
 * are built and parsed here only, so that a new kind of counter cannot be written under one name and read
 * under another.
 */

/** The counters hash as RunStore reads it: field → count. */
export type CounterFields = Readonly<Record<string, number>>;

/** Plain counters, one field each. */
export const COUNTER = {
  /** Lookups the run made (answered or not); the per-operation split is under `calls:<op>:<status>`. */
  calls: 'calls',
  cacheHits: 'cache_hits',
  retries: 'retries',
  rateLimited: 'rate_limited',
  /** Rows of verdicts.csv with a character the output encoding cannot represent (written as ?). */
  lossyRows: 'output_lossy_rows',
  /** Answers kept from an earlier run (src/answers) that took the place of a call. */
  answersReused: 'answers_reused',
  /** Kept answers refused as damaged (a seal or content that does not check), each asked again. */
  answersDiscarded: 'answers_discarded',
} as const;

const VERDICT = 'verdict';
const CHECK = 'check';
const CALLS = 'calls';
const UNRECOGNISED = 'unrecognised';
const UNRECOGNISED_EXAMPLE = 'unrecognised-example';
const PAGE_SIZE = 'page_size';

const ANSWER_SIZE = 'answer_size';
const ANSWERS = 'answers';
const ANSWER_DAY = 'answer_day';
const ANSWER_HOUR = 'answer_hour';

/** `answers:<check>:fresh|reused`: a check's answers, asked by this run or kept from an earlier one. */
export function answersCounter(kind: string, source: 'fresh' | 'reused'): string {
  return `${ANSWERS}:${kind}:${source}`;
}

/** `answer_day:<check>:<YYYY-MM-DD>`: reused answers of a check by the day they were fetched (UTC). */
export function answerDayCounter(kind: string, day: string): string {
  return `${ANSWER_DAY}:${kind}:${day}`;
}

/**
 * `answer_hour:<check>:<YYYY-MM-DDTHH>`: reused answers of a check by the hour they were fetched (UTC), for
 * the age of the oldest answer a verdict rests on (src/export/answer-freshness.ts).
 */
export function answerHourCounter(kind: string, hour: string): string {
  return `${ANSWER_HOUR}:${kind}:${hour}`;
}

/**
 * Where a run learned the service's page size: the preflight's broad search, or (when that learned
 * nothing) the search answers of the run, whose largest length came back again and again below the cap.
 */
export const PAGE_SIZE_SOURCES = ['preflight', 'answers'] as const;
export type PageSizeSource = (typeof PAGE_SIZE_SOURCES)[number];

/** The largest answer a search gave, below the profile's result cap: every answer that long may be cut. */
export interface LearnedPageSize {
  readonly learned: number;
  readonly source: PageSizeSource;
}

/** `page_size:preflight`: the page size the preflight learned (a value, not a count). */
export function pageSizeCounter(source: 'preflight'): string {
  return `${PAGE_SIZE}:${source}`;
}

/** `answer_size:<operation>:<records>`: fresh search answers of that length (long ones only). */
export function answerSizeCounter(operation: string, records: number): string {
  return `${ANSWER_SIZE}:${operation}:${records}`;
}

/** Answers of the run's largest length it takes to call that length a page size. */
export const REPEATED_PAGE_ANSWERS = 3;

/**
 * The page size the run learned: the preflight's; else, with the run's result cap, the largest answer
 * length of its searches when it is below the cap and came back at least REPEATED_PAGE_ANSWERS times
 * (the answers of that run were not narrowed at that length: the run says so, never silently).
 */
export function learnedPageSize(counters: CounterFields, resultCap?: number): LearnedPageSize | undefined {
  const measured = counters[pageSizeCounter('preflight')];
  if (measured !== undefined && measured > 0) return { learned: measured, source: 'preflight' };
  if (resultCap === undefined) return undefined;
  const times = new Map<number, number>();
  for (const inner of Object.values(byPair(counters, ANSWER_SIZE)))
    for (const [size, n] of Object.entries(inner))
      times.set(Number(size), (times.get(Number(size)) ?? 0) + n);
  const largest = Math.max(0, ...times.keys());
  if (largest === 0 || largest >= resultCap) return undefined;
  return (times.get(largest) ?? 0) >= REPEATED_PAGE_ANSWERS
    ? { learned: largest, source: 'answers' }
    : undefined;
}

/** `verdict:<verdict>` */
export function verdictCounter(verdict: string): string {
  return `${VERDICT}:${verdict}`;
}

/** `check:<kind>:<status>` */
export function checkCounter(kind: string, status: string): string {
  return `${CHECK}:${kind}:${status}`;
}

/** `calls:<operation>:<status>` (status: the HTTP status, or why there was no answer). */
export function callsCounter(operation: string, status: string | number): string {
  return `${CALLS}:${operation}:${status}`;
}

/** `unrecognised:<field>`, field as unrecognisedField (src/run/state/run-store.ts) builds it. */
export function unrecognisedCounter(field: string): string {
  return `${UNRECOGNISED}:${field}`;
}

/**
 * `unrecognised-example:<field>`: the first example of that kind of answer. It lives in the counters hash so
 * that whatever deletes a run's counters deletes the examples with them; it is not a count.
 */
export function unrecognisedExampleField(field: string): string {
  return `${UNRECOGNISED_EXAMPLE}:${field}`;
}

/** Whether a field of the counters hash holds an example (unrecognisedExampleField) rather than a count. */
export function isExampleField(field: string): boolean {
  return after(field, UNRECOGNISED_EXAMPLE) !== undefined;
}

/** The `<field>` of an `unrecognised:<field>` counter; undefined for every other counter. */
export function unrecognisedFieldOf(counter: string): string | undefined {
  return after(counter, UNRECOGNISED);
}

/** Counts by two keys, e.g. check kind → status → n. */
export type CountsByPair = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface RunCounts {
  /** Verdict → rows. */
  readonly verdicts: Readonly<Record<string, number>>;
  /** Check kind → status → results. */
  readonly checks: CountsByPair;
  /** Operation → status → calls. */
  readonly callsByOperation: CountsByPair;
  readonly calls: number;
  readonly cacheHits: number;
  readonly retries: number;
  readonly rateLimited: number;
  readonly lossyRows: number;
  /** Check kind → fresh / reused → answers (src/answers). */
  readonly answers: CountsByPair;
  /** Check kind → day fetched (UTC) → reused answers. */
  readonly answerDays: CountsByPair;
  /** Check kind → hour fetched (UTC, `YYYY-MM-DDTHH`) → reused answers. */
  readonly answerHours: CountsByPair;
  readonly answersReused: number;
  readonly answersDiscarded: number;
  /** The service's page size, when the run learned one below the profile's result cap. */
  readonly pageSize?: LearnedPageSize;
}

/** The part of `prefix:<rest>` after the prefix, or undefined. */
function after(field: string, prefix: string): string | undefined {
  return field.startsWith(`${prefix}:`) ? field.slice(prefix.length + 1) : undefined;
}

/** `prefix:a:b` fields → { a: { b: n } }; the last colon splits (operations contain dots, never colons). */
function byPair(counters: CounterFields, prefix: string): CountsByPair {
  const out: Record<string, Record<string, number>> = {};
  for (const [field, n] of Object.entries(counters)) {
    const rest = after(field, prefix);
    if (rest === undefined) continue;
    const cut = rest.lastIndexOf(':');
    if (cut <= 0) continue;
    (out[rest.slice(0, cut)] ??= {})[rest.slice(cut + 1)] = n;
  }
  return out;
}

/** Rows of one verdict, 0 while none was written. */
export function verdictCount(counters: CounterFields, verdict: VerdictKind): number {
  return counters[verdictCounter(verdict)] ?? 0;
}

/** Verdict → rows, from the `verdict:<verdict>` fields. */
export function verdictCounts(counters: CounterFields): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [field, n] of Object.entries(counters)) {
    const verdict = after(field, VERDICT);
    if (verdict !== undefined) out[verdict] = n;
  }
  return out;
}

/** A run's counters hash, typed. */
export function parseCounters(counters: CounterFields, resultCap?: number): RunCounts {
  return {
    verdicts: verdictCounts(counters),
    checks: byPair(counters, CHECK),
    callsByOperation: byPair(counters, CALLS),
    calls: counters[COUNTER.calls] ?? 0,
    cacheHits: counters[COUNTER.cacheHits] ?? 0,
    retries: counters[COUNTER.retries] ?? 0,
    rateLimited: counters[COUNTER.rateLimited] ?? 0,
    lossyRows: counters[COUNTER.lossyRows] ?? 0,
    answers: byPair(counters, ANSWERS),
    answerDays: byPair(counters, ANSWER_DAY),
    answerHours: byPair(counters, ANSWER_HOUR),
    answersReused: counters[COUNTER.answersReused] ?? 0,
    answersDiscarded: counters[COUNTER.answersDiscarded] ?? 0,
    ...withPageSize(counters, resultCap),
  };
}

function withPageSize(counters: CounterFields, resultCap?: number): { pageSize?: LearnedPageSize } {
  const pageSize = learnedPageSize(counters, resultCap);
  return pageSize ? { pageSize } : {};
}

/** { a: { b: n } } → [a, b, n] rows. */
export function pairRows(counts: CountsByPair): [string, string, number][] {
  return Object.entries(counts).flatMap(([a, inner]) =>
    Object.entries(inner).map(([b, n]): [string, string, number] => [a, b, n]),
  );
}

/** The day (UTC, YYYY-MM-DD) the oldest reused answer of the run, or of one check, was fetched. */
export function oldestFetchedOn(counts: Pick<RunCounts, 'answerDays'>, kind?: string): string | undefined {
  const days = Object.entries(counts.answerDays)
    .filter(([check]) => kind === undefined || check === kind)
    .flatMap(([, byDay]) => Object.keys(byDay));
  return days.sort()[0];
}
