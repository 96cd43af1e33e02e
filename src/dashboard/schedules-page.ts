import { basename } from 'node:path';
import { errorSentence } from '../i18n/error-sentences.js';
import type { Firing, FiringSummary } from '../schedule/firings.js';
import type { ScheduleInfo } from '../schedule/schedules.js';
import { escape, langSwitch, pageShell, type PageLang } from './layout.js';

const utc = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

/** The last firing's outcome in words: ran (with its new HITs), running, skipped and why, failed and why. */
function outcome(firing: Firing, { t, lang }: PageLang): string {
  if (firing.state === 'running') return escape(t('dash.sched.running'));
  if (firing.state === 'failed') {
    const code = firing.code ?? 'KYC_ERR_SCHEDULED_RUN';
    const failed = t('dash.sched.failed', { code, exit: firing.exitCode ?? 1 });
    return `<b class="bad">${escape(failed)}</b><br><span class="why">${escape(errorSentence(code, lang))}</span>`;
  }
  const result = firing.result;
  if (result?.skipped)
    return `<span title="${escape(result.skipped)}">${escape(t('dash.sched.skipped'))}</span>`;
  const exit = result?.exitCode ?? 0;
  const hits = result?.newHits ?? 0;
  return escape(hits > 0 ? t('dash.sched.ranNewHits', { n: hits, exit }) : t('dash.sched.ran', { exit }));
}

/** The cells of a schedule's firings: the last one (what, when) and the failed ones of the last days. */
function firingCells(summary: FiringSummary | undefined, page: PageLang): string {
  const { t } = page;
  const last = summary?.last;
  const when = last && `<br><small>${escape(t('dash.sched.firedAt', { time: utc(last.firedAt) }))}</small>`;
  const failing = last?.state === 'failed' ? `<br><small>${escape(t('dash.sched.failing'))}</small>` : '';
  const lastCell = last ? `${outcome(last, page)}${when}${failing}` : escape(t('dash.sched.never'));
  const failed = summary?.failedRecently ?? 0;
  return `<td class="last">${lastCell}</td><td class="failures${failed > 0 ? ' bad' : ''}">${failed}</td>`;
}

/**
 * The schedules, each with an anchor the runs page links a scheduled run to (`schedules#schedule-NAME`), and a
 * link back to the runs it fired. No personal data: the input is shown by its file name.
 */
function scheduleRow(s: ScheduleInfo, summary: FiringSummary | undefined, page: PageLang): string {
  const { t } = page;
  const next = s.next === undefined ? t('dash.sched.notPlanned') : new Date(s.next).toISOString();
  const input = s.data?.request.input ?? '';
  const runs = `runs?schedule=${encodeURIComponent(s.name)}`;
  // A schedule whose last firing failed cannot fire until someone acts: it must stand out.
  const failing = summary?.last?.state === 'failed' ? ' class="failing"' : '';
  return (
    `<tr id="schedule-${escape(s.name)}"${failing}><td translate="no"><b>${escape(s.name)}</b></td>` +
    `<td><code>${escape(s.cron)}</code></td>` +
    `<td>${escape(s.tz)}</td><td>${escape(next.replace('T', ' ').slice(0, 19))}</td>` +
    `<td title="${escape(input)}">${escape(basename(input))}</td>` +
    firingCells(summary, page) +
    `<td><a href="${escape(runs)}">${escape(t('dash.sched.runs'))}</a></td></tr>`
  );
}

const STYLE = [
  'tr:target td{background:#fff8c5}',
  'tr.failing td{background:#fde8e8}',
  'tr.failing td:first-child{border-left:4px solid #b42318}',
  '.bad{color:#b42318;font-weight:600}',
  '.why{color:#1d2733}',
  'td.failures{text-align:right}',
].join('');

const HEADS = [
  'dash.sched.name',
  'dash.sched.cron',
  'dash.sched.tz',
  'dash.sched.next',
  'dash.sched.input',
  'dash.sched.last',
  'dash.sched.failedRecently',
  'dash.sched.runs',
] as const;

export function schedulesPage(
  schedules: readonly ScheduleInfo[],
  page: PageLang,
  summaries: ReadonlyMap<string, FiringSummary> = new Map(),
): string {
  const { t } = page;
  const heads = HEADS.map((k) => `<th>${escape(t(k))}</th>`).join('');
  const rows =
    schedules.length === 0
      ? `<tr><td colspan="${HEADS.length}">${escape(t('dash.sched.none'))}</td></tr>`
      : [...schedules]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((s) => scheduleRow(s, summaries.get(s.name), page))
          .join('');
  const failing = schedules.filter((s) => summaries.get(s.name)?.last?.state === 'failed').length;
  const banner =
    failing > 0
      ? `<p class="notice bad" role="alert">${escape(t('dash.sched.failingBanner', { n: failing }))}</p>`
      : '';
  return pageShell({
    page,
    title: t('dash.sched.title'),
    here: 'schedules',
    switchLink: langSwitch('schedules', new URLSearchParams(), page),
    style: STYLE,
    body: `${banner}<table><thead><tr>${heads}</tr></thead><tbody>${rows}</tbody></table>`,
  });
}
