import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  oldestFetchedOn,
  parseCounters,
  verdictCount,
  type LearnedPageSize,
  type RunCounts,
} from '../domain/run-counters.js';
import { DEFAULT_PROFILE } from '../settings/upstream-profile.js';
import { REGISTER_CHANGE_COUNTER } from '../mirror/kept-strategy.js';
import type { UnrecognisedCount } from '../domain/unrecognised.js';
import {
  DESK_ABSENCE_TEXT,
  unrecognisedCounts,
  type Counters,
  type RunState,
} from '../run/state/run-store.js';

/**
 * The end-of-run summary table, plain text, for stdout. Unrecognised upstream answers (RunStore.unrecognised,
 * with examples; else counted from `counters`) follow the table, one line per operation and kind.
 */
export function summaryTable(
  run: RunState,
  counters: Counters,
  unrecognised?: readonly UnrecognisedCount[],
): string {
  const counts = parseCounters(counters, (run.profile ?? DEFAULT_PROFILE).resultCap);
  const rows = run.totalRows ?? run.written;
  const invalid = verdictCount(counters, 'INVALID');
  const clients = Math.max(0, rows - invalid);
  const calls = counts.calls;
  const lines: [string, string][] = [
    ['run', run.id],
    ['status', run.status],
    ...(run.emulator
      ? [['upstream', 'EMULATOR: synthetic registers, not a real screening'] as [string, string]]
      : []),
    ...(run.status === 'failed' && run.error ? [['error', run.error] as [string, string]] : []),
    ...deskLine(run),
    ['rows', String(rows)],
    ['HIT', String(verdictCount(counters, 'HIT'))],
    ['INCOMPLETE', String(verdictCount(counters, 'INCOMPLETE'))],
    ['REVIEW', String(verdictCount(counters, 'REVIEW'))],
    ['PARTIAL', String(verdictCount(counters, 'PARTIAL'))],
    ['CLEAR', String(verdictCount(counters, 'CLEAR'))],
    ['INVALID', String(invalid)],
    ['upstream calls', String(calls)],
    ['calls per client', clients > 0 ? (calls / clients).toFixed(2) : '0'],
    ...registerChangeLine(counters),
    ['cache hits', String(counts.cacheHits)],
    ...reusedLine(counts),
    ['retries', String(counts.retries)],
    ['429 responses', String(counts.rateLimited)],
    ...(counts.pageSize ? ([['page size', pageSizeLine(counts.pageSize)]] as [string, string][]) : []),
    ...(counts.lossyRows > 0
      ? ([['lossy output rows', `${counts.lossyRows} (characters written as ?; see kyc_reasons)`]] as [
          string,
          string,
        ][])
      : []),
    ['verdicts', run.out],
    ['evidence', run.evidence],
    ['manifest', run.manifest],
  ];
  const report = reportOf(run);
  if (report) lines.push(['report', report]);
  const kinds = unrecognised ?? unrecognisedCounts(counters).map((u) => ({ ...u, example: '' }));
  const total = kinds.reduce((sum, u) => sum + u.count, 0);
  lines.splice(lines.length - (report ? 4 : 3), 0, ['unrecognised answers', String(total)]);
  const width = Math.max(...lines.map(([k]) => k.length));
  const table = lines.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
  if (total > 0) {
    table.push(
      '',
      'Unrecognised upstream answers (read tolerantly or refused; never CLEAR because of them):',
    );
    for (const u of kinds) {
      const example = u.example === '' ? '' : `  e.g. «${u.example}»`;
      table.push(`  ${String(u.count).padStart(7)}  ${u.operation}  ${u.kind}${example}`);
    }
    table.push(
      'See docs/lookup-service.md: a new not-found phrasing can be taught with KYC_DEBTOR_NOT_FOUND.',
    );
  }
  return table.join('\n');
}

/** Whether the review desk's decisions went into the verdicts (absent: a run of a version that did not say). */
function deskLine(run: RunState): [string, string][] {
  const desk = run.deskDecisions;
  if (!desk) return [];
  if (desk.status === 'applied') return [['desk decisions', 'applied']];
  return [['desk decisions', `NOT APPLIED (${desk.reason}: ${DESK_ABSENCE_TEXT[desk.reason]})`]];
}

/**
 * The loud line a run made without the desk's decisions ends with on stderr: its flags that the desk would
 * have suppressed are still there. Undefined for any other run.
 */
export function deskNotAppliedLine(run: RunState): string | undefined {
  const desk = run.deskDecisions;
  if (desk?.status !== 'not-applied') return undefined;
  return (
    `!!! Review desk decisions were NOT applied to run ${run.id} (${desk.reason}: ${DESK_ABSENCE_TEXT[desk.reason]}): ` +
    'approved false positives are still HIT or REVIEW in its verdicts. Share the desk (DATABASE_URL) and screen again.'
  );
}

/** The reader's file-level warnings under the summary table, loud: a run without INNs is not a full screening. */
export function inputWarningLines(
  warnings: readonly { readonly code: string; readonly message: string }[],
): string {
  if (warnings.length === 0) return '';
  const lines = ['', 'WARNING about the input file:', ...warnings.map((w) => `  ${w.code}: ${w.message}`)];
  return lines.map((line) => `\n${line}`).join('');
}

/** The same summary as one log record's fields: counts as numbers, no table, no line breaks. */
export function summaryFields(
  run: RunState,
  counters: Counters,
  unrecognised?: readonly UnrecognisedCount[],
): Record<string, unknown> {
  const counts = parseCounters(counters, (run.profile ?? DEFAULT_PROFILE).resultCap);
  const rows = run.totalRows ?? run.written;
  const invalid = verdictCount(counters, 'INVALID');
  const clients = Math.max(0, rows - invalid);
  const calls = counts.calls;
  const kinds = unrecognised ?? unrecognisedCounts(counters);
  return {
    runId: run.id,
    status: run.status,
    ...(run.emulator ? { emulator: true } : {}),
    ...(run.deskDecisions
      ? {
          deskDecisions: run.deskDecisions.status,
          ...(run.deskDecisions.status === 'not-applied' ? { deskReason: run.deskDecisions.reason } : {}),
        }
      : {}),
    rows,
    verdicts: {
      HIT: verdictCount(counters, 'HIT'),
      INCOMPLETE: verdictCount(counters, 'INCOMPLETE'),
      REVIEW: verdictCount(counters, 'REVIEW'),
      PARTIAL: verdictCount(counters, 'PARTIAL'),
      CLEAR: verdictCount(counters, 'CLEAR'),
      INVALID: invalid,
    },
    upstreamCalls: calls,
    callsPerClient: clients > 0 ? Number((calls / clients).toFixed(2)) : 0,
    cacheHits: counts.cacheHits,
    answersReused: counts.answersReused,
    retries: counts.retries,
    rateLimited429: counts.rateLimited,
    lossyOutputRows: counts.lossyRows,
    ...registerChangeFields(counters),
    ...(counts.pageSize ? { pageSize: counts.pageSize } : {}),
    // Operation and kind only: an example quotes the service's answer, which may name a client.
    unrecognisedAnswers: kinds.map((u) => ({ operation: u.operation, kind: u.kind, count: u.count })),
    outputs: {
      verdicts: run.out,
      evidence: run.evidence,
      manifest: run.manifest,
      ...withReport(reportOf(run)),
    },
  };
}

const withReport = (report: string | undefined) => (report ? { report } : {});

/** The run's report.html beside its manifest, once written (a run with --no-report has none). */
function reportOf(run: RunState): string | undefined {
  if (!run.report) return undefined;
  const path = join(dirname(run.manifest), 'report.html');
  return existsSync(path) ? path : undefined;
}

/** Answers kept from earlier runs that this run used instead of a call (`--max-age`), with the oldest's day. */
function reusedLine(counts: RunCounts): [string, string][] {
  if (counts.answersReused === 0) return [];
  const oldest = oldestFetchedOn(counts);
  return [['answers reused', `${counts.answersReused}${oldest ? ` (oldest fetched ${oldest})` : ''}`]];
}

/** What the summary says of a page size the run learned. */
function pageSizeLine(pageSize: LearnedPageSize): string {
  return pageSize.source === 'preflight'
    ? `${pageSize.learned} records a search (learned: preflight); answers that long narrowed`
    : `answers of ${pageSize.learned} records came back again and again below resultCap: set resultCap to the page size`;
}

/** The kept foreign-agent mirror's sync: what the register's change brought and how many clients it hit. */
function registerChangeLine(counters: Counters): [string, string][] {
  const change = registerChangeFields(counters).registerChange;
  if (change === undefined) return [];
  const hit = change.clientsHit === 1 ? '1 client hit' : `${change.clientsHit} clients hit`;
  const text =
    `${change.newRecords} new foreign-agent records in ${change.syncedDays} days synced: ${hit}` +
    (change.clientsHit > 0 ? ' (rows in manifest.json foreign_agent_mirror)' : '');
  return [['register change', text]];
}

function registerChangeFields(counters: Counters): {
  registerChange?: { syncedDays: number; newRecords: number; clientsHit: number };
} {
  const syncedDays = counters[REGISTER_CHANGE_COUNTER.syncedDays];
  if (syncedDays === undefined) return {};
  const newRecords = counters[REGISTER_CHANGE_COUNTER.newRecords] ?? 0;
  const clientsHit = counters[REGISTER_CHANGE_COUNTER.clientsHit] ?? 0;
  return { registerChange: { syncedDays, newRecords, clientsHit } };
}
