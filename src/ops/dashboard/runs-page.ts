import { basename } from 'node:path';
import type { Counters, RunState, UnrecognisedCount } from '../../pipeline/run-store.js';
import { upstreamNoticeLines, type UpstreamNotice } from '../upstream-notice.js';

/**
 * The runs page of the dashboard: every recent run with its progress and counts, straight from RunStore.
 * Plain server-rendered HTML that reloads itself; it shows no personal data (the input is a path).
 */
export interface RunView {
  readonly run: RunState;
  readonly counters: Counters;
  /** Unrecognised upstream answers by operation and kind, with their sanitised examples. */
  readonly unrecognised?: readonly UnrecognisedCount[];
}

/** The total of unrecognised answers, the kinds and examples in its tooltip. */
function unrecognisedCell(unrecognised: readonly UnrecognisedCount[] = []): string {
  const total = unrecognised.reduce((sum, u) => sum + u.count, 0);
  if (total === 0) return '<td class="num">0</td>';
  const title = unrecognised
    .map((u) => `${u.count} ${u.operation} ${u.kind}${u.example ? ` «${u.example}»` : ''}`)
    .join('\n');
  return `<td class="num unrecognised" title="${escape(title)}">${total}</td>`;
}

const VERDICTS = ['HIT', 'REVIEW', 'INCOMPLETE', 'CLEAR', 'INVALID'] as const;

function escape(text: string): string {
  return text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);
}

function progress(run: RunState): string {
  const total = run.totalRows;
  const share = total ? Math.min(1, run.written / total) : run.status === 'done' ? 1 : 0;
  const label = `${run.written} / ${total ?? '?'}`;
  return `<div class="bar" title="${label}"><span style="width:${(share * 100).toFixed(1)}%"></span></div><small>${label}</small>`;
}

function row({ run, counters, unrecognised }: RunView): string {
  const cells = [
    `<td><code>${escape(run.id)}</code></td>`,
    `<td class="status ${escape(run.status)}"${run.error ? ` title="${escape(run.error)}"` : ''}>${escape(run.status)}` +
      `${run.emulator ? ' <span class="emulator">EMULATOR</span>' : ''}</td>`,
    `<td>${progress(run)}</td>`,
    ...VERDICTS.map((v) => `<td class="num ${v}">${counters[`verdict:${v}`] ?? 0}</td>`),
    `<td class="num">${counters.calls ?? 0}</td>`,
    `<td class="num">${counters.rate_limited ?? 0}</td>`,
    `<td class="num">${counters.retries ?? 0}</td>`,
    unrecognisedCell(unrecognised),
    `<td>${escape(run.priority)}</td>`,
    `<td>${escape(run.schedule ?? '')}</td>`,
    `<td>${escape(run.createdAt.replace('T', ' ').slice(0, 19))}</td>`,
    `<td title="${escape(run.input)}">${escape(basename(run.input))}</td>`,
  ];
  return `<tr>${cells.join('')}</tr>`;
}

export function runsPage(
  views: readonly RunView[],
  refreshSeconds = 2,
  upstream: UpstreamNotice = {},
): string {
  const notices = upstreamNoticeLines(upstream)
    .map((line) => `<p class="notice">${escape(line)}</p>`)
    .join('\n');
  const head = [
    'run',
    'status',
    'progress',
    ...VERDICTS,
    'calls',
    '429',
    'retries',
    'unrecognised',
    'priority',
    'schedule',
    'created',
    'input',
  ];
  const body =
    views.length === 0
      ? `<tr><td colspan="${head.length}">No runs yet.</td></tr>`
      : views.map(row).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="${refreshSeconds}">
<title>kyc-screen runs</title>
<style>
body{font:14px system-ui,sans-serif;margin:24px;color:#1d2733}
nav a{margin-right:16px}
table{border-collapse:collapse;margin-top:16px;width:100%}
th,td{border-bottom:1px solid #dde3ea;padding:6px 8px;text-align:left;white-space:nowrap}
th{background:#f3f6f9}
td.num{text-align:right;font-variant-numeric:tabular-nums}
td.unrecognised{color:#b3261e;font-weight:600;cursor:help}
td.HIT{color:#b3261e;font-weight:600}td.REVIEW{color:#9a6700}td.INCOMPLETE{color:#8250df}
.status.running{color:#0969da}.status.done{color:#1a7f37}.status.failed{color:#b3261e}
.bar{display:inline-block;width:140px;height:10px;background:#e6ebf1;border-radius:5px;vertical-align:middle;margin-right:6px}
.notice{background:#fff4e5;border:1px solid #9a6700;padding:8px 12px;border-radius:6px}
.emulator{color:#b3261e;font-weight:600}
.bar span{display:block;height:100%;background:#0969da;border-radius:5px}
</style></head>
<body>
<h1>kyc-screen — runs</h1>
<nav><a href="queues">Queues (bull-board)</a><a href="metrics">Prometheus metrics</a><a href="api/runs">JSON</a></nav>
${notices}
<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead>
<tbody>
${body}
</tbody></table>
</body></html>
`;
}
