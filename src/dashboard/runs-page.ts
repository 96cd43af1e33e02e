import { basename } from 'node:path';
import { estimateTotal } from '../cli-ui/progress-figures.js';
import { oldestFetchedOn, parseCounters, verdictCount, type RunCounts } from '../domain/run-counters.js';
import type { UnrecognisedCount } from '../domain/unrecognised.js';
import type { Counters, RunState } from '../run/state/run-store.js';
import { upstreamNoticeLines, type UpstreamNotice } from '../upstream/notice.js';
import { strategyLabel, type ForeignAgentStrategyNote } from '../mirror/snapshot.js';

/**
 * The runs page of the dashboard: every recent run with its progress and counts, straight from RunStore.
 * Server-rendered HTML; a small inline script replaces the table's rows with fresh ones from `/api/runs`
 * every few seconds, so the page keeps its scroll position and nothing reloads. It shows no personal data
 * (the input is a path, a failure reason is worded by `failureReason`).
 */
export interface RunView {
  readonly run: RunState;
  readonly counters: Counters;
  /** How the run's foreign-agent check finds candidates, once settled (before its first dispatch). */
  readonly foreignAgent?: ForeignAgentStrategyNote | undefined;
  /** Unrecognised upstream answers by operation and kind, with their sanitised examples. */
  readonly unrecognised?: readonly UnrecognisedCount[];
}

const VERDICTS = ['HIT', 'REVIEW', 'INCOMPLETE', 'PARTIAL', 'CLEAR', 'INVALID'] as const;

function escape(text: string): string {
  return text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * What the status cell says. A run that finished with INCOMPLETE rows is not "done" in green: those rows
 * were not fully checked and need a re-run or a manual check, so it gets a state of its own.
 */
export function runState(run: RunState, counters: Counters): { label: string; tone: string } {
  const incomplete = verdictCount(counters, 'INCOMPLETE');
  if (run.status === 'done' && incomplete > 0)
    return { label: `done, ${incomplete} INCOMPLETE`, tone: 'incomplete' };
  return { label: run.status, tone: run.status };
}

/**
 * Rows written of the file's rows: exact once the reader reached the end of the file, before that estimated
 * from the share of the file's bytes read and marked "≈".
 */
export function progressLabel(run: RunState): { label: string; share: number; title: string } {
  const estimate = estimateTotal(run);
  if (!estimate) {
    const share = run.status === 'done' ? 1 : 0;
    return { label: `${run.written} / …`, share, title: `${run.written} rows written, total not known yet` };
  }
  const approx = estimate.exact ? '' : '≈';
  const share = Math.min(1, run.written / Math.max(1, estimate.total));
  const percent = Math.floor(share * 100);
  return {
    label: `${run.written} / ${approx}${estimate.total}`,
    share,
    title: `${run.written} of ${approx}${estimate.total} rows written (${approx}${percent} %)${estimate.exact ? '' : ', total estimated from the bytes read'}`,
  };
}

/** An ISO timestamp as `YYYY-MM-DD HH:MM:SS` (UTC, as stored). */
function utc(iso: string): string {
  return iso.replace('T', ' ').slice(0, 19);
}

function progressCell(run: RunState): string {
  const { label, share, title } = progressLabel(run);
  return `<td class="progress" title="${escape(title)}"><div class="bar"><span style="width:${(share * 100).toFixed(1)}%"></span></div><small>${escape(label)}</small></td>`;
}

function statusCell(run: RunState, counters: Counters): string {
  const { label, tone } = runState(run, counters);
  const reason =
    run.status === 'failed' && run.error
      ? `<small class="reason" title="${escape(run.error)}">${escape(run.error)}</small>`
      : '';
  const emulator = run.emulator ? ' <span class="emulator">EMULATOR</span>' : '';
  return `<td class="status ${escape(tone)}">${escape(label)}${emulator}${newHitsBadge(run)}${reason}</td>`;
}

/** A scheduled run whose delta against the previous run found new HITs: the count, where to read them. */
export function newHitsBadge(run: RunState): string {
  const hits = run.delta?.newHits ?? 0;
  if (!run.delta || hits === 0) return '';
  const label = `${hits} new HIT${hits === 1 ? '' : 's'}`;
  const title = `${label} since run ${run.delta.previousRunId}; delta: ${run.delta.file}`;
  return ` <span class="newhits" title="${escape(title)}">${escape(label)}</span>`;
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

/** A count; the tooltip repeats it, should a column too narrow for it cut it. */
function numberCell(value: number, tone = ''): string {
  return `<td class="num${tone ? ` ${tone}` : ''}" title="${value}">${value}</td>`;
}

/** The calls, and in the tooltip the answers kept from earlier runs and the oldest one's day. */
function callsCell(counts: RunCounts): string {
  const oldest = oldestFetchedOn(counts);
  if (counts.answersReused === 0 && oldest === undefined) return numberCell(counts.calls);
  const kept = `answers reused: ${counts.answersReused}${oldest ? `, oldest fetched ${oldest}` : ''}`;
  return `<td class="num" title="${escape(`calls: ${counts.calls}; ${kept}`)}">${counts.calls}<br><small>↺${oldest ?? ''}</small></td>`;
}

function timesCell(run: RunState): string {
  const title = [
    `created ${utc(run.createdAt)} UTC`,
    ...(run.startedAt ? [`started ${utc(run.startedAt)} UTC`] : []),
    ...(run.finishedAt ? [`finished ${utc(run.finishedAt)} UTC`] : []),
  ].join('\n');
  const [date, time] = utc(run.createdAt).split(' ');
  return `<td class="time" title="${escape(title)}">${escape(date ?? '')}<br>${escape(time ?? '')}</td>`;
}

/** One run's table row; also sent with `/api/runs` so the page's script shows exactly what the server renders. */
/** The priority, and under it the foreign-agent strategy (mirror or per-client search) with its detail. */
function priorityCell(run: RunState, note: ForeignAgentStrategyNote | undefined): string {
  if (!note) return `<td>${escape(run.priority)}</td>`;
  const label = `foreign-agent check: ${strategyLabel(note)}`;
  return `<td title="${escape(label)}">${escape(run.priority)}<br>fa: ${escape(note.strategy)}</td>`;
}

export function runRow({ run, counters, unrecognised, foreignAgent }: RunView): string {
  const counts = parseCounters(counters);
  const cells = [
    `<td class="id"><code>${escape(run.id)}</code></td>`,
    statusCell(run, counters),
    progressCell(run),
    ...VERDICTS.map((v) => numberCell(verdictCount(counters, v), v)),
    callsCell(counts),
    numberCell(counts.rateLimited),
    numberCell(counts.retries),
    unrecognisedCell(unrecognised),
    priorityCell(run, foreignAgent),
    `<td class="clip" title="${escape(run.schedule ?? '')}">${escape(run.schedule ?? '')}</td>`,
    timesCell(run),
    `<td class="clip" title="${escape(run.input)}">${escape(basename(run.input))}</td>`,
  ];
  return `<tr data-run="${escape(run.id)}">${cells.join('')}</tr>`;
}

/**
 * The columns, with widths that add up to less than a 1,400 px window: the table's layout is fixed, so a long
 * input name, schedule or failure reason is cut with "…" (its whole text in the tooltip) instead of widening
 * the page; headers may break at their soft hyphens. The input column takes what is left.
 */
const COLUMNS: readonly { readonly head: string; readonly width?: number; readonly num?: boolean }[] = [
  { head: 'run', width: 135 },
  { head: 'status', width: 160 },
  { head: 'progress', width: 115 },
  { head: 'HIT', width: 50, num: true },
  { head: 'REVIEW', width: 68, num: true },
  { head: 'INCOM&shy;PLETE', width: 75, num: true },
  { head: 'PARTIAL', width: 66, num: true },
  { head: 'CLEAR', width: 62, num: true },
  { head: 'INVALID', width: 68, num: true },
  { head: 'calls', width: 65, num: true },
  { head: '429', width: 48, num: true },
  { head: 'retries', width: 58, num: true },
  { head: 'unrecog&shy;nised', width: 75, num: true },
  { head: 'priority', width: 68 },
  { head: 'schedule', width: 100 },
  { head: 'created (UTC)', width: 90 },
  { head: 'input' },
];

const EMPTY = `<tr><td colspan="${COLUMNS.length}">No runs yet.</td></tr>`;

/**
 * Same-origin fetch, so the dashboard's cookie goes along; on a failed fetch the rows stay and the page says
 * since when they are stale rather than showing an empty table.
 */
function refreshScript(refreshSeconds: number): string {
  return `(() => {
  const rows = document.getElementById('runs');
  const stamp = document.getElementById('updated');
  const now = () => new Date().toISOString().slice(11, 19) + ' UTC';
  let last = now();
  async function refresh() {
    try {
      const response = await fetch('api/runs', { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) throw new Error('HTTP ' + response.status);
      const views = await response.json();
      rows.innerHTML = views.length ? views.map((v) => v.html).join('') : ${JSON.stringify(EMPTY)};
      last = now();
      stamp.textContent = 'updated ' + last;
      stamp.className = '';
    } catch (error) {
      stamp.textContent = 'not updated since ' + last + ' (' + error.message + ')';
      stamp.className = 'stale';
    }
  }
  setInterval(refresh, ${Math.round(refreshSeconds * 1000)});
})();`;
}

export function runsPage(
  views: readonly RunView[],
  refreshSeconds = 2,
  now = new Date(),
  upstream: UpstreamNotice = {},
): string {
  const notices = upstreamNoticeLines(upstream)
    .map((line) => `<p class="notice">${escape(line)}</p>`)
    .join('\n');
  const body = views.length === 0 ? EMPTY : views.map(runRow).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>kyc-screen runs</title>
<style>
body{font:14px system-ui,sans-serif;margin:24px;color:#1d2733}
nav a{margin-right:16px}
#updated{color:#57606a;margin-left:8px}#updated.stale{color:#b3261e;font-weight:600}
table{border-collapse:collapse;margin-top:16px;width:100%;table-layout:fixed;font-size:13px}
th,td{border-bottom:1px solid #dde3ea;padding:5px 4px;text-align:left;white-space:nowrap;vertical-align:top;overflow:hidden;text-overflow:ellipsis}
th{background:#f3f6f9;white-space:normal;vertical-align:bottom}
td.id{white-space:normal;overflow-wrap:anywhere}td.id code{font-size:12px}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
td.unrecognised{color:#b3261e;font-weight:600;cursor:help}
td.HIT{color:#b3261e;font-weight:600}td.REVIEW{color:#9a6700}td.INCOMPLETE{color:#8250df}
td.status{white-space:normal}
.status.queued{color:#57606a}.status.running{color:#0969da}.status.done{color:#1a7f37}
.status.incomplete{color:#8250df;font-weight:600}.status.failed{color:#b3261e;font-weight:600}
.reason{display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;white-space:normal;overflow-wrap:anywhere;overflow:hidden;font-weight:400;cursor:help}
td.clip{cursor:help}
td.time,td.progress{cursor:help}
.bar{width:100%;height:8px;background:#e6ebf1;border-radius:4px;margin:4px 0 2px}
.bar span{display:block;height:100%;background:#0969da;border-radius:4px}
.notice{background:#fff4e5;border:1px solid #9a6700;padding:8px 12px;border-radius:6px}
.emulator{color:#b3261e;font-weight:600}
.newhits{display:inline-block;background:#b3261e;color:#fff;border-radius:9px;padding:0 7px;font-size:12px;font-weight:600;cursor:help}
</style></head>
<body>
<h1>kyc-screen — runs</h1>
<nav><a href="queues">Queues (bull-board)</a><a href="metrics">Prometheus metrics</a><a href="api/runs">JSON</a><span id="updated">updated ${now.toISOString().slice(11, 19)} UTC</span></nav>
${notices}
<table><colgroup>${COLUMNS.map((c) => (c.width ? `<col style="width:${c.width}px">` : '<col>')).join('')}</colgroup>
<thead><tr>${COLUMNS.map((c) => `<th${c.num ? ' class="num"' : ''}>${c.head}</th>`).join('')}</tr></thead>
<tbody id="runs">
${body}
</tbody></table>
<script>
${refreshScript(refreshSeconds)}
</script>
</body></html>
`;
}
