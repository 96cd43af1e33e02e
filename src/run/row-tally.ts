import type { Verdict } from '../domain/verdict.js';
import {
  COUNTER,
  answerDayCounter,
  answerHourCounter,
  answersCounter,
  checkCounter,
  unrecognisedCounter,
  verdictCounter,
} from '../domain/run-counters.js';
import { unrecognisedField, type UnrecognisedExamples } from './state/run-store.js';

/** One row as the writer put it on disk. */
export interface WrittenRow {
  readonly verdict: Verdict;
  /** Its copy in verdicts.csv lost characters the output encoding cannot represent. */
  readonly lossy: boolean;
}

/** What a written batch adds to the run's counters, committed with its checkpoint. */
export interface BatchTally {
  readonly counts: Readonly<Record<string, number>>;
  /** The first example of each kind of unrecognised answer in the batch. */
  readonly examples: UnrecognisedExamples;
}

function add(counts: Record<string, number>, field: string): void {
  counts[field] = (counts[field] ?? 0) + 1;
}

function tallyRow(counts: Record<string, number>, examples: Record<string, string>, row: WrittenRow): void {
  if (row.lossy) add(counts, COUNTER.lossyRows);
  add(counts, verdictCounter(row.verdict.verdict));
  for (const [kind, check] of Object.entries(row.verdict.checks)) {
    if (!check) continue;
    add(counts, checkCounter(kind, check.status));
    for (const entry of check.unrecognised ?? []) {
      const field = unrecognisedField(entry.operation, entry.kind);
      add(counts, unrecognisedCounter(field));
      examples[field] ??= entry.example;
    }
    // Calls are counted as they leave (src/upstream/paced-lookup.ts), retries and lost attempts included;
    // the rows tell which answers came from the cache and which from an earlier run (src/answers).
    for (const request of check.requests) {
      add(counts, answersCounter(kind, request.reused ? 'reused' : 'fresh'));
      if (request.fetchedAt) {
        add(counts, answerDayCounter(kind, request.fetchedAt.slice(0, 10)));
        add(counts, answerHourCounter(kind, request.fetchedAt.slice(0, 13)));
      }
      if (request.cached) add(counts, COUNTER.cacheHits);
      else if (request.reused) add(counts, COUNTER.answersReused);
    }
  }
}

/**
 * The counts of a written batch: rows by verdict, check results by kind and status, unrecognised answers
 * (with an example), cache hits and lossy rows.
 */
export function tallyRows(rows: readonly WrittenRow[]): BatchTally {
  const counts: Record<string, number> = {};
  const examples: Record<string, string> = {};
  for (const row of rows) tallyRow(counts, examples, row);
  return { counts, examples };
}
