import { basename } from 'node:path';
import { escape, langSwitch, pageShell, type PageLang } from './layout.js';
import { RUN_STATUSES, filterQuery, isFiltered, type RunFilter } from './run-filter.js';
import { estimateTotal } from '../cli-ui/progress-figures.js';
import { oldestFetchedOn, parseCounters, verdictCount, type RunCounts } from '../domain/run-counters.js';
import type { UnrecognisedCount } from '../domain/unrecognised.js';
import type { MessageKey } from '../i18n/translate.js';
import type { Counters, RunState } from '../run/state/run-store.js';
import { upstreamNoticeLines, type UpstreamNotice } from '../upstream/notice.js';
import type { ForeignAgentStrategyNote } from '../export/mirror-snapshot.js';
import { strategyShort, strategyText } from './strategy-label.js';
import { oldestAnswers, oldestOverall } from '../export/answer-freshness.js';
import { checkName } from '../i18n/register-names.js';

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
  /** The run's report.html exists (a finished run that wrote one). */
  readonly hasReport?: boolean;
}

const VERDICTS = ['HIT', 'REVIEW', 'INCOMPLETE', 'PARTIAL', 'CLEAR', 'INVALID'] as const;

/**
 * What the status cell says. A run that finished with INCOMPLETE rows is not "done" in green: those rows
 * were not fully checked and need a re-run or a manual check, so it gets a state of its own.
 */
export function runState(
  run: RunState,
  counters: Counters,
  { t }: PageLang,
): { label: string; tone: string } {
  const incomplete = verdictCount(counters, 'INCOMPLETE');
  if (run.status === 'done' && incomplete > 0)
    return { label: t('dash.status.doneIncomplete', { n: incomplete }), tone: 'incomplete' };
  return { label: t(`dash.status.${run.status}`), tone: run.status };
}

/**
 * Rows written of the file's rows: exact once the reader reached the end of the file, before that estimated
 * from the share of the file's bytes read and marked "≈".
 */
export function progressLabel(
  run: RunState,
  { t }: PageLang,
): { label: string; share: number; title: string } {
  const estimate = estimateTotal(run);
  if (!estimate) {
    const share = run.status === 'done' ? 1 : 0;
    return {
      label: `${run.written} / …`,
      share,
      title: t('dash.progress.unknown', { written: run.written }),
    };
  }
  const approx = estimate.exact ? '' : '≈';
  const share = Math.min(1, run.written / Math.max(1, estimate.total));
  const percent = `${approx}${Math.floor(share * 100)}`;
  const total = `${approx}${estimate.total}`;
  return {
    label: `${run.written} / ${total}`,
    share,
    title:
      t('dash.progress.title', { written: run.written, total, percent }) +
      (estimate.exact ? '' : t('dash.progress.estimated')),
  };
}

/** An ISO timestamp as `YYYY-MM-DD HH:MM:SS` (UTC, as stored). */
function utc(iso: string): string {
  return iso.replace('T', ' ').slice(0, 19);
}

function progressCell(run: RunState, page: PageLang): string {
  const { label, share, title } = progressLabel(run, page);
  return `<td class="progress" title="${escape(title)}"><div class="bar"><span style="width:${(share * 100).toFixed(1)}%"></span></div><small>${escape(label)}</small></td>`;
}

function statusCell(run: RunState, counters: Counters, page: PageLang): string {
  const { label, tone } = runState(run, counters, page);
  const reason =
    run.status === 'failed' && run.error
      ? `<small class="reason" title="${escape(run.error)}">${escape(run.error)}</small>`
      : '';
  const emulator = run.emulator ? ` <span class="emulator">${escape(page.t('dash.emulator'))}</span>` : '';
  return `<td class="status ${escape(tone)}">${escape(label)}${emulator}${newHitsBadge(run, page)}${reason}</td>`;
}

/** A scheduled run whose delta against the previous run found new HITs: the count, where to read them. */
export function newHitsBadge(run: RunState, { t }: PageLang): string {
  const hits = run.delta?.newHits ?? 0;
  if (!run.delta || hits === 0) return '';
  const label = t(hits === 1 ? 'dash.newHit' : 'dash.newHits', { n: hits });
  const title = t('dash.newHitsTitle', { label, previous: run.delta.previousRunId, file: run.delta.file });
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

/**
 * The calls; in the tooltip the answers kept from earlier runs, the oldest one's day and, per register, the
 * age of the oldest answer the verdicts rest on; under the count the oldest of those ages.
 */
const FROM_RU: Readonly<Record<string, string>> = {
  'kept answer': 'сохранённый ответ',
  'this run': 'этот запуск',
  'kept mirror': 'сохранённая копия реестра',
};

function callsCell(
  counts: RunCounts,
  run: RunState,
  note: ForeignAgentStrategyNote | undefined,
  { lang }: PageLang,
): string {
  const oldest = oldestFetchedOn(counts);
  const ages = oldestAnswers({
    counts,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt ?? new Date().toISOString(),
    foreignAgent: note,
  });
  const eldest = oldestOverall(ages);
  if (counts.answersReused === 0 && oldest === undefined && eldest === undefined)
    return numberCell(counts.calls);
  const ru = lang === 'ru';
  const hours = ru ? 'ч' : 'h';
  const kept = ru
    ? `ответов взято из прошлых запусков: ${counts.answersReused}${oldest ? `, самый старый получен ${oldest}` : ''}`
    : `answers reused: ${counts.answersReused}${oldest ? `, oldest fetched ${oldest}` : ''}`;
  const byCheck = Object.entries(ages)
    .map(([kind, age]) => {
      const from = ru ? (FROM_RU[age.from] ?? age.from) : age.from;
      const label = ru ? 'самый старый ответ' : 'oldest answer';
      return `\n${checkName(kind, lang)}: ${label} ${age.age_hours} ${hours} (${from}, ${age.fetched_at})`;
    })
    .join('');
  const under = eldest
    ? `${checkName(eldest.kind, lang)} ${eldest.answer.age_hours} ${hours}`
    : `↺${oldest ?? ''}`;
  const calls = ru ? 'вызовов' : 'calls';
  return `<td class="num" title="${escape(`${calls}: ${counts.calls}; ${kept}${byCheck}`)}">${counts.calls}<br><small>${escape(under)}</small></td>`;
}

function timesCell(run: RunState, { t }: PageLang): string {
  const title = [
    t('dash.time.created', { time: utc(run.createdAt) }),
    ...(run.startedAt ? [t('dash.time.started', { time: utc(run.startedAt) })] : []),
    ...(run.finishedAt ? [t('dash.time.finished', { time: utc(run.finishedAt) })] : []),
  ].join('\n');
  const [date, time] = utc(run.createdAt).split(' ');
  return `<td class="time" title="${escape(title)}">${escape(date ?? '')}<br>${escape(time ?? '')}</td>`;
}

/** The priority, and under it the foreign-agent strategy (mirror or per-client search) with its detail. */
function priorityCell(
  run: RunState,
  note: ForeignAgentStrategyNote | undefined,
  { t, lang }: PageLang,
): string {
  const priority = escape(t(`dash.priority.${run.priority}`));
  if (!note) return `<td>${priority}</td>`;
  const label = t('dash.fa', { label: strategyText(note, lang) });
  return `<td class="priority" title="${escape(label)}">${priority}<br><small>${escape(strategyShort(note, lang))}</small></td>`;
}

/** A run id that may break only after its `_` and `-` separators, never inside a word or a number. */
export function runIdHtml(id: string): string {
  return escape(id).replace(/([_-])/gu, '$1<wbr>');
}

/** Where a run's file is served (src/dashboard/run-files.ts), relative to the runs page. */
export function fileHref(runId: string, name: string): string {
  return `runs/${encodeURIComponent(runId)}/files/${name}`;
}

/** The finished run's report, its delta (a scheduled run) and its three outputs. */
function filesCell(view: RunView, { t }: PageLang): string {
  const { run } = view;
  if (run.status !== 'done') return '<td class="files">—</td>';
  const link = (name: string, label: string, cls = '') =>
    `<a${cls ? ` class="${cls}"` : ''} href="${escape(fileHref(run.id, name))}">${escape(label)}</a>`;
  const report = view.hasReport
    ? link('report.html', t('dash.link.report'), 'report')
    : `<span class="none">${escape(t('dash.link.noReport'))}</span>`;
  const delta = run.delta ? ` · ${link('delta.csv', t('dash.link.delta'), 'delta')}` : '';
  const outputs = ['verdicts.csv', 'evidence.jsonl', 'manifest.json'].map((n) => link(n, n)).join(' ');
  return `<td class="files">${report}${delta}<br><small>${outputs}</small></td>`;
}

function scheduleCell(run: RunState): string {
  if (!run.schedule) return '<td></td>';
  const href = `schedules#schedule-${encodeURIComponent(run.schedule)}`;
  return `<td class="clip" title="${escape(run.schedule)}" translate="no"><a href="${escape(href)}">${escape(run.schedule)}</a></td>`;
}

/** One run's table row; also sent with `/api/runs` so the page's script shows exactly what the server renders. */
export function runRow(view: RunView, page: PageLang): string {
  const { run, counters, unrecognised, foreignAgent } = view;
  const counts = parseCounters(counters);
  const cells = [
    `<td class="id" title="${escape(run.id)}"><code>${runIdHtml(run.id)}</code></td>`,
    statusCell(run, counters, page),
    progressCell(run, page),
    filesCell(view, page),
    ...VERDICTS.map((v) => numberCell(verdictCount(counters, v), v)),
    callsCell(counts, run, foreignAgent, page),
    numberCell(counts.rateLimited),
    numberCell(counts.retries),
    unrecognisedCell(unrecognised),
    priorityCell(run, foreignAgent, page),
    scheduleCell(run),
    timesCell(run, page),
    `<td class="clip" title="${escape(run.input)}">${escape(basename(run.input))}</td>`,
  ];
  return `<tr data-run="${escape(run.id)}" data-status="${escape(run.status)}">${cells.join('')}</tr>`;
}

/**
 * The columns, with widths that add up to less than a 1,400 px window: the table's layout is fixed, so a long
 * input name, schedule or failure reason is cut with "…" (its whole text in the tooltip) instead of widening
 * the page; headers may break at their soft hyphens. The input column takes what is left.
 */
const COLUMNS: readonly {
  /** A message of the catalogue, or (`text`) a code shown as it is. */
  readonly key?: MessageKey;
  readonly text?: string;
  readonly width?: number;
  readonly num?: boolean;
}[] = [
  { key: 'dash.col.run', width: 170 },
  { key: 'dash.col.status', width: 100 },
  { key: 'dash.col.progress', width: 76 },
  { key: 'dash.col.files', width: 108 },
  { text: 'HIT', width: 36, num: true },
  { text: 'REVIEW', width: 62, num: true },
  { text: 'INCOM\u00adPLETE', width: 62, num: true },
  { text: 'PARTIAL', width: 64, num: true },
  { text: 'CLEAR', width: 54, num: true },
  { text: 'INVALID', width: 64, num: true },
  { key: 'dash.col.calls', width: 68, num: true },
  { text: '429', width: 34, num: true },
  { key: 'dash.col.retries', width: 68, num: true },
  { key: 'dash.col.unrecognised', width: 64, num: true },
  { key: 'dash.col.priority', width: 84 },
  { key: 'dash.col.schedule', width: 90 },
  { key: 'dash.col.created', width: 84 },
  { key: 'dash.col.input' },
];

function headText(column: (typeof COLUMNS)[number], { t }: PageLang): string {
  return escape(column.key ? t(column.key) : (column.text ?? ''));
}

function emptyRow(filtered: boolean, { t }: PageLang): string {
  return `<tr><td colspan="${COLUMNS.length}">${escape(t(filtered ? 'dash.noMatch' : 'dash.empty'))}</td></tr>`;
}

/**
 * Same-origin fetch with the page's own filters, so the dashboard's cookie goes along and the refreshed rows
 * are those the page shows; on a failed fetch the rows stay and the page says since when they are stale
 * rather than showing an empty table.
 */
function refreshScript(refreshSeconds: number, empty: string, page: PageLang): string {
  const updated = JSON.stringify(page.t('dash.updated'));
  const stale = JSON.stringify(page.t('dash.stale'));
  return `(() => {
  const rows = document.getElementById('runs');
  const stamp = document.getElementById('updated');
  const now = () => new Date().toISOString().slice(11, 19);
  let last = now();
  async function refresh() {
    try {
      const response = await fetch('api/runs' + location.search, { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) throw new Error('HTTP ' + response.status);
      const views = await response.json();
      rows.innerHTML = views.length ? views.map((v) => v.html).join('') : ${JSON.stringify(empty)};
      last = now();
      stamp.textContent = ${updated}.replace('{time}', last);
      stamp.className = '';
    } catch (error) {
      stamp.textContent = ${stale}.replace('{time}', last).replace('{error}', error.message);
      stamp.className = 'stale';
    }
  }
  setInterval(refresh, ${Math.round(refreshSeconds * 1000)});
})();`;
}

/** The filter form: status and creation dates (UTC); it submits to the page itself (GET, bookmarkable). */
function filterForm(filter: RunFilter, page: PageLang): string {
  const { t } = page;
  const options = [
    `<option value="">${escape(t('dash.filter.any'))}</option>`,
    ...RUN_STATUSES.map(
      (s) =>
        `<option value="${s}"${filter.status === s ? ' selected' : ''}>${escape(t(`dash.status.${s}`))}</option>`,
    ),
  ].join('');
  const schedule = filter.schedule
    ? `<input type="hidden" name="schedule" value="${escape(filter.schedule)}"><span>${escape(t('dash.col.schedule'))}: <b>${escape(filter.schedule)}</b></span>`
    : '';
  return (
    `<form class="filters" method="get" action="runs">` +
    `<input type="hidden" name="lang" value="${page.lang}">` +
    `<label>${escape(t('dash.filter.status'))} <select name="status">${options}</select></label>` +
    `<label>${escape(t('dash.filter.from'))} <input type="date" name="from" value="${escape(filter.from ?? '')}"></label>` +
    `<label>${escape(t('dash.filter.to'))} <input type="date" name="to" value="${escape(filter.to ?? '')}"></label>` +
    `${schedule}<button type="submit">${escape(t('dash.filter.apply'))}</button>` +
    (isFiltered(filter) ? `<a href="runs">${escape(t('dash.filter.reset'))}</a>` : '') +
    `</form>`
  );
}

const STYLE = `
body{margin:16px}
#updated{color:#57606a}#updated.stale{color:#b3261e;font-weight:600}
.filters{display:flex;gap:14px;align-items:center;margin-top:14px;flex-wrap:wrap}
table{table-layout:fixed}
th,td{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
th{white-space:normal;font-size:11.5px}
td.id{white-space:normal;overflow-wrap:normal;word-break:keep-all}td.id code{font-size:11px}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
td.unrecognised{color:#b3261e;font-weight:600;cursor:help}
td.HIT{color:#b3261e;font-weight:600}td.REVIEW{color:#9a6700}td.INCOMPLETE{color:#8250df}
td.status,td.files{white-space:normal}td.files small a{margin-right:6px}td.files .none{color:#57606a}
td.files a.report{font-weight:600}
td.priority{white-space:normal}
.status.queued{color:#57606a}.status.running{color:#0969da}.status.done{color:#1a7f37}
.status.incomplete{color:#8250df;font-weight:600}.status.failed{color:#b3261e;font-weight:600}
.reason{display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;white-space:normal;overflow-wrap:anywhere;overflow:hidden;font-weight:400;cursor:help}
td.clip{cursor:help}
td.time,td.progress{cursor:help}
.bar{width:100%;height:8px;background:#e6ebf1;border-radius:4px;margin:4px 0 2px}
.bar span{display:block;height:100%;background:#0969da;border-radius:4px}
.emulator{color:#b3261e;font-weight:600}
.newhits{display:inline-block;background:#b3261e;color:#fff;border-radius:9px;padding:0 7px;font-size:12px;font-weight:600;cursor:help}
`;

function failingSchedulesNotice(names: readonly string[], { t }: PageLang): string[] {
  if (names.length === 0) return [];
  const links = names
    .map((n) => `<a href="schedules#schedule-${escape(n)}" translate="no">${escape(n)}</a>`)
    .join(', ');
  return [`<p class="notice">${escape(t('dash.sched.failingOnRuns', { n: names.length }))} ${links}</p>`];
}

export function runsPage(
  views: readonly RunView[],
  page: PageLang,
  options: {
    refreshSeconds?: number;
    now?: Date;
    upstream?: UpstreamNotice;
    filter?: RunFilter;
    /** Schedules whose last firing failed: named above the runs, each linked to its row on /schedules. */
    failingSchedules?: readonly string[];
  } = {},
): string {
  const filter = options.filter ?? {};
  const notices = [
    ...upstreamNoticeLines(options.upstream ?? {}).map((line) => `<p class="notice">${escape(line)}</p>`),
    ...failingSchedulesNotice(options.failingSchedules ?? [], page),
  ].join('\n');
  const empty = emptyRow(isFiltered(filter), page);
  const rows = views.length === 0 ? empty : views.map((v) => runRow(v, page)).join('\n');
  const time = (options.now ?? new Date()).toISOString().slice(11, 19);
  const table =
    `<table><colgroup>${COLUMNS.map((c) => (c.width ? `<col style="width:${c.width}px">` : '<col>')).join('')}</colgroup>` +
    `<thead><tr>${COLUMNS.map((c) => `<th${c.num ? ' class="num"' : ''}>${headText(c, page)}</th>`).join('')}</tr></thead>` +
    `<tbody id="runs">\n${rows}\n</tbody></table>`;
  const json = `<a href="api/runs${escape(filterQuery(filter))}">${escape(page.t('dash.nav.json'))}</a><span id="updated">${escape(page.t('dash.updated', { time }))}</span>`;
  return pageShell({
    page,
    title: page.t('dash.title'),
    here: 'runs',
    extraNav: json,
    switchLink: langSwitch('runs', new URLSearchParams(filterQuery(filter)), page),
    style: STYLE,
    body: `${notices}\n${filterForm(filter, page)}\n${table}\n<script>\n${refreshScript(options.refreshSeconds ?? 2, empty, page)}\n</script>`,
  });
}
