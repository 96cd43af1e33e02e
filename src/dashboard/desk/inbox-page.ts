import {
  ALERT_STATUSES,
  FILTER_TEXT,
  MAX_AGE_DAYS,
  OPEN_STATUSES,
  SIGHTINGS,
  type Alert,
  type AlertFilter,
  type AlertPage,
  type AlertStatus,
  type Person,
  type Sighting,
} from '../../desk/types.js';
import { registerName } from '../../i18n/register-names.js';
import { escape, type PageLang } from '../layout.js';
import { deskPage, utc } from './desk-layout.js';

/** The inbox: open alerts across runs, riskiest first, filtered and paged by the query string. */

export const PAGE_SIZE = 50;

/** The inbox filter of a query, or the name of the field it could not read (the page then says so). */
export function inboxFilter(query: URLSearchParams): AlertFilter | { bad: string } {
  const status = query.get('status') ?? 'inbox';
  let statuses: AlertStatus[] | undefined;
  if (status === 'inbox') statuses = [...OPEN_STATUSES];
  else if ((ALERT_STATUSES as readonly string[]).includes(status)) statuses = [status as AlertStatus];
  else if (status !== 'all') return { bad: 'status' };
  const sighting = query.get('sighting') ?? '';
  if (sighting !== '' && !(SIGHTINGS as readonly string[]).includes(sighting)) return { bad: 'sighting' };
  const numbers: Record<string, number | undefined> = {};
  for (const field of ['min_age', 'max_age', 'offset']) {
    const text = query.get(field) ?? '';
    if (text === '') continue;
    if (!/^\d{1,6}$/u.test(text)) return { bad: field };
    if (field !== 'offset' && Number(text) > MAX_AGE_DAYS) return { bad: field };
    numbers[field] = Number(text);
  }
  const register = (query.get('register') ?? '').trim();
  const run = (query.get('run') ?? '').trim();
  if (register !== '' && !FILTER_TEXT.test(register)) return { bad: 'register' };
  if (run !== '' && !FILTER_TEXT.test(run)) return { bad: 'run' };
  return {
    ...(statuses ? { status: statuses } : {}),
    ...(register ? { register } : {}),
    ...(run ? { runId: run } : {}),
    ...(sighting ? { sighting: sighting as Sighting } : {}),
    ...(numbers.min_age === undefined ? {} : { minAgeDays: numbers.min_age }),
    ...(numbers.max_age === undefined ? {} : { maxAgeDays: numbers.max_age }),
    limit: PAGE_SIZE,
    offset: numbers.offset ?? 0,
  };
}

function select(name: string, current: string, options: readonly [string, string][]): string {
  const items = options
    .map(
      ([value, label]) =>
        `<option value="${escape(value)}"${value === current ? ' selected' : ''}>${escape(label)}</option>`,
    )
    .join('');
  return `<select name="${name}">${items}</select>`;
}

function filterForm(query: URLSearchParams, { t }: PageLang): string {
  const q = (name: string) => query.get(name) ?? '';
  const statuses: [string, string][] = [
    ['inbox', t('desk.filter.inbox')],
    ['all', t('desk.filter.all')],
    ...ALERT_STATUSES.map((s): [string, string] => [s, t(`desk.status.${s}`)]),
  ];
  const sightings: [string, string][] = [
    ['', t('desk.filter.all')],
    ...SIGHTINGS.map((s): [string, string] => [s, t(`desk.sighting.${s}`)]),
  ];
  const input = (name: string, size: number) =>
    `<input name="${name}" value="${escape(q(name))}" size="${size}">`;
  return (
    `<form class="filters" method="get" action="/desk">` +
    `<label>${escape(t('desk.filter.status'))}${select('status', q('status') || 'inbox', statuses)}</label>` +
    `<label>${escape(t('desk.filter.register'))}${input('register', 18)}</label>` +
    `<label>${escape(t('desk.filter.run'))}${input('run', 22)}</label>` +
    `<label>${escape(t('desk.filter.sighting'))}${select('sighting', q('sighting'), sightings)}</label>` +
    `<label>${escape(t('desk.filter.minAge'))}${input('min_age', 4)}</label>` +
    `<label>${escape(t('desk.filter.maxAge'))}${input('max_age', 4)}</label>` +
    `<button type="submit">${escape(t('desk.filter.apply'))}</button>` +
    `<a href="/desk">${escape(t('desk.filter.reset'))}</a></form>`
  );
}

function alertRow(a: Alert, { t, lang }: PageLang): string {
  const href = `/desk/alerts/${a.id}`;
  return (
    `<tr data-alert="${a.id}"><td><a href="${href}">#${a.id}</a></td>` +
    `<td class="risk-${a.match}">${escape(a.match)} ${a.score.toFixed(2)}</td>` +
    `<td><span translate="no">${escape(a.clientName)}</span><br><code>${escape(a.clientKey)}</code></td>` +
    `<td><span translate="no">${escape(a.recordName)}</span><br><code>${escape(a.recordId)}</code></td>` +
    `<td>${escape(registerName(a.register, lang))}</td><td>${escape(t(`desk.status.${a.status}`))}</td>` +
    `<td>${escape(t(`desk.sighting.${a.sighting}`))}</td><td>${escape(utc(a.openedAt))}</td>` +
    `<td>${a.timesSeen}</td></tr>`
  );
}

function pager(query: URLSearchParams, page: AlertPage, offset: number, { t }: PageLang): string {
  const link = (to: number, label: string) => {
    const params = new URLSearchParams(query);
    params.set('offset', String(to));
    return `<a href="/desk?${escape(params.toString())}">${escape(label)}</a>`;
  };
  const parts: string[] = [];
  if (offset > 0) parts.push(link(Math.max(0, offset - PAGE_SIZE), t('desk.inbox.prev')));
  if (offset + page.alerts.length < page.total) parts.push(link(offset + PAGE_SIZE, t('desk.inbox.next')));
  return `<p>${parts.join(' · ')}</p>`;
}

export function inboxPage(
  result: AlertPage | { bad: string },
  query: URLSearchParams,
  person: Person,
  page: PageLang,
): string {
  const { t } = page;
  const heads = (
    [
      'desk.col.alert',
      'desk.col.risk',
      'desk.col.client',
      'desk.col.record',
      'desk.col.register',
      'desk.col.status',
      'desk.col.sighting',
      'desk.col.opened',
      'desk.col.runs',
    ] as const
  )
    .map((k) => `<th>${escape(t(k))}</th>`)
    .join('');
  let body: string;
  if ('bad' in result) body = `<p class="error">${escape(t('desk.filter.bad', { field: result.bad }))}</p>`;
  else {
    const offset = Number(query.get('offset') ?? 0) || 0;
    const rows =
      result.alerts.length === 0
        ? `<tr><td colspan="9">${escape(t('desk.inbox.none'))}</td></tr>`
        : result.alerts.map((a) => alertRow(a, page)).join('');
    const total = t('desk.inbox.total', {
      total: result.total,
      from: result.alerts.length === 0 ? 0 : offset + 1,
      to: offset + result.alerts.length,
    });
    body =
      `<p class="muted">${escape(total)}</p>` +
      `<table class="inbox"><thead><tr>${heads}</tr></thead><tbody>${rows}</tbody></table>` +
      pager(query, result, offset, page);
  }
  return deskPage({
    page,
    title: t('desk.title'),
    heading: t('desk.inbox.heading'),
    here: { path: '/desk', query },
    person,
    body: filterForm(query, page) + body,
  });
}
