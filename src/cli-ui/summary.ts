import type { Counters, RunState } from '../pipeline/run-store.js';

/** The end-of-run summary table, plain text, for stdout. */
export function summaryTable(run: RunState, counters: Counters): string {
  const n = (key: string) => counters[key] ?? 0;
  const rows = run.totalRows ?? run.written;
  const invalid = n('verdict:INVALID');
  const clients = Math.max(0, rows - invalid);
  const calls = n('calls');
  const lines: [string, string][] = [
    ['run', run.id],
    ['status', run.status],
    ...(run.emulator
      ? [['upstream', 'EMULATOR: synthetic registers, not a real screening'] as [string, string]]
      : []),
    ...(run.status === 'failed' && run.error ? [['error', run.error] as [string, string]] : []),
    ['rows', String(rows)],
    ['HIT', String(n('verdict:HIT'))],
    ['INCOMPLETE', String(n('verdict:INCOMPLETE'))],
    ['REVIEW', String(n('verdict:REVIEW'))],
    ['CLEAR', String(n('verdict:CLEAR'))],
    ['INVALID', String(invalid)],
    ['upstream calls', String(calls)],
    ['calls per client', clients > 0 ? (calls / clients).toFixed(2) : '0'],
    ['cache hits', String(n('cache_hits'))],
    ['retries', String(n('retries'))],
    ['429 responses', String(n('rate_limited'))],
    ['verdicts', run.out],
    ['evidence', run.evidence],
    ['manifest', run.manifest],
  ];
  const width = Math.max(...lines.map(([k]) => k.length));
  return lines.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}
