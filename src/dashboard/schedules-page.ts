import { basename } from 'node:path';
import type { ScheduleInfo } from '../schedule/schedules.js';
import { escape, langSwitch, pageShell, type PageLang } from './layout.js';

/**
 * The schedules, each with an anchor the runs page links a scheduled run to (`schedules#schedule-NAME`), and a
 * link back to the runs it fired. No personal data: the input is shown by its file name.
 */
function scheduleRow(s: ScheduleInfo, { t }: PageLang): string {
  const next = s.next === undefined ? t('dash.sched.notPlanned') : new Date(s.next).toISOString();
  const input = s.data?.request.input ?? '';
  const runs = `runs?schedule=${encodeURIComponent(s.name)}`;
  return (
    `<tr id="schedule-${escape(s.name)}"><td><b>${escape(s.name)}</b></td><td><code>${escape(s.cron)}</code></td>` +
    `<td>${escape(s.tz)}</td><td>${escape(next.replace('T', ' ').slice(0, 19))}</td>` +
    `<td title="${escape(input)}">${escape(basename(input))}</td>` +
    `<td><a href="${escape(runs)}">${escape(t('dash.sched.runs'))}</a></td></tr>`
  );
}

const STYLE = 'tr:target{background:#fff8c5}';

export function schedulesPage(schedules: readonly ScheduleInfo[], page: PageLang): string {
  const { t } = page;
  const heads = (
    [
      'dash.sched.name',
      'dash.sched.cron',
      'dash.sched.tz',
      'dash.sched.next',
      'dash.sched.input',
      'dash.sched.runs',
    ] as const
  )
    .map((k) => `<th>${escape(t(k))}</th>`)
    .join('');
  const rows =
    schedules.length === 0
      ? `<tr><td colspan="6">${escape(t('dash.sched.none'))}</td></tr>`
      : [...schedules]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((s) => scheduleRow(s, page))
          .join('');
  return pageShell({
    page,
    title: t('dash.sched.title'),
    here: 'schedules',
    switchLink: langSwitch('schedules', new URLSearchParams(), page),
    style: STYLE,
    body: `<table><thead><tr>${heads}</tr></thead><tbody>${rows}</tbody></table>`,
  });
}
