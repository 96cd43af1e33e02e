import { DECISIONS, type AlertDetail, type Decision, type Person } from '../../desk/types.js';
import type { PartyValues } from '../../domain/check.js';
import { explanationHtml } from '../../i18n/explanation-ru.js';
import { checkName, registerName } from '../../i18n/register-names.js';
import { escape, type PageLang } from '../layout.js';
import { deskPage, utc, withNames } from './desk-layout.js';

/**
 * One alert: the client and the register record side by side, why they matched, the record as each run
 * saw it, the decisions with their approvals, and the forms the signed-in person may use.
 */

/** A notice above the page: what the last form did, or why it was refused. */
export interface Notice {
  readonly kind: 'ok' | 'error';
  readonly text: string;
}

/** The compared values the candidate carried (src/verdict/compared-values.ts); none for an older alert. */
function comparedOf(a: AlertDetail): { client: PartyValues; record: PartyValues } {
  const compared = a.evidence.compared;
  const side = (value: unknown): PartyValues => {
    if (value === null || typeof value !== 'object') return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
    return out;
  };
  if (compared === null || typeof compared !== 'object') return { client: {}, record: {} };
  const { client, record } = compared as Record<string, unknown>;
  return { client: side(client), record: side(record) };
}

const VALUE_ROWS = [
  ['birthDate', 'desk.alert.birthDate'],
  ['inn', 'desk.alert.inn'],
  ['ogrn', 'desk.alert.ogrn'],
  ['snils', 'desk.alert.snils'],
  ['address', 'desk.alert.address'],
] as const;

/**
 * The client and the record side by side: names, birth dates, identifiers and addresses as each side wrote
 * them (a value one side lacks shows a dash), then the register, the check, the run and the hash.
 */
function sideBySide(a: AlertDetail, { t, lang }: PageLang): string {
  const row = (label: string, client: string, record: string, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><td>${escape(label)}</td><td>${client}</td><td>${record}</td></tr>`;
  const code = (text: string) => `<code>${escape(text)}</code>`;
  const value = (text: string | undefined) =>
    text === undefined ? '<span class="muted">—</span>' : `<span translate="no">${escape(text)}</span>`;
  const run = a.lastRunId === null ? '' : `${code(a.lastRunId)}, ${a.lastRow ?? ''}`;
  const { client, record } = comparedOf(a);
  const values = VALUE_ROWS.filter(([k]) => client[k] !== undefined || record[k] !== undefined)
    .map(([k, label]) => {
      const differs = client[k] !== undefined && record[k] !== undefined && client[k] !== record[k];
      return row(t(label), value(client[k]), value(record[k]), `value-${k}${differs ? ' differs' : ''}`);
    })
    .join('');
  return (
    `<table class="compare"><thead><tr><th>${escape(t('desk.alert.field'))}</th>` +
    `<th>${escape(t('desk.alert.client'))}</th><th>${escape(t('desk.alert.record'))}</th></tr></thead><tbody>` +
    row(
      t('desk.alert.name'),
      value(client.name ?? a.clientName),
      value(record.name ?? a.recordName),
      'value-name',
    ) +
    values +
    row(t('desk.alert.registerRow'), '', escape(registerName(a.register, lang)), 'register') +
    row(t('desk.alert.key'), code(a.clientKey), code(a.recordId)) +
    row(t('desk.alert.check'), escape(checkName(a.checkKind, lang)), '') +
    row(t('desk.alert.runRow'), run, '') +
    row(t('desk.alert.hash'), '', code(a.recordHash)) +
    row(
      t('desk.alert.match'),
      `<span class="risk-${a.match}">${escape(a.match)}</span>`,
      a.score.toFixed(2),
    ) +
    `</tbody></table>`
  );
}

function decisionItem(d: Decision, current: string, { t }: PageLang): string {
  const head = withNames(t, 'desk.alert.decidedBy', {
    decision: t(`desk.decision.${d.decision}`),
    who: d.decidedBy,
    at: utc(d.decidedAt),
  });
  // A comment is the person's own words, in whatever language they wrote it.
  const approval = d.approval
    ? withNames(t, d.approval.approved ? 'desk.alert.approvedBy' : 'desk.alert.sentBackBy', {
        who: d.approval.approvedBy,
        at: utc(d.approval.approvedAt),
      }) + (d.approval.comment ? `: «<span translate="no">${escape(d.approval.comment)}</span>»` : '')
    : escape(t('desk.alert.waiting'));
  const hash = withNames(t, 'desk.alert.onHash', { hash: d.recordHash.slice(0, 12) });
  const changed = d.recordHash === current ? '' : ` (${t('desk.alert.hashChanged')})`;
  const imported = d.source === 'import' ? ` · ${t('desk.alert.imported')}` : '';
  return (
    `<li data-decision="${d.id}"><b>${head}</b>: «<span translate="no">${escape(d.comment)}</span>»<br>` +
    `<span class="muted">${approval} · ${hash}${escape(changed + imported)}</span></li>`
  );
}

function history(a: AlertDetail, page: PageLang): string {
  const { t } = page;
  const decisions =
    a.decisions.length === 0
      ? `<p class="muted">${escape(t('desk.alert.noDecisions'))}</p>`
      : `<ul class="history decisions">${a.decisions.map((d) => decisionItem(d, a.recordHash, page)).join('')}</ul>`;
  const sightings = a.sightings
    .map(
      (s) =>
        `<tr><td><code>${escape(s.runId)}</code></td><td>${s.row}</td><td>${escape(utc(s.seenAt))}</td>` +
        `<td>${escape(s.match)} ${s.score.toFixed(2)}</td><td>${escape(t(`desk.sighting.${s.sighting}`))}</td>` +
        `<td><code>${escape(s.recordHash.slice(0, 12))}</code></td></tr>`,
    )
    .join('');
  return (
    `<h2>${escape(t('desk.alert.decisions'))}</h2>${decisions}` +
    `<h2>${escape(t('desk.alert.sightings'))}</h2><table class="sightings"><thead><tr>` +
    `<th>${escape(t('desk.filter.run'))}</th><th>#</th><th>UTC</th><th>${escape(t('desk.alert.match'))}</th>` +
    `<th>${escape(t('desk.col.sighting'))}</th><th>${escape(t('desk.alert.hash'))}</th></tr></thead>` +
    `<tbody>${sightings}</tbody></table>`
  );
}

function decisionForm(a: AlertDetail, person: Person, { t }: PageLang): string {
  const legend = `<legend>${escape(t('desk.form.decide'))}</legend>`;
  if (!person.roles.includes('analyst'))
    return `<fieldset>${legend}<p class="muted">${escape(t('desk.form.noRole', { role: t('desk.role.analyst') }))}</p></fieldset>`;
  const radios = DECISIONS.map(
    (d) =>
      `<label><input type="radio" name="decision" value="${d}"> ${escape(t(`desk.decision.${d}`))}</label>`,
  ).join(' ');
  return (
    `<form method="post" action="/desk/alerts/${a.id}/decision"><fieldset>${legend}` +
    `<input type="hidden" name="record_hash" value="${escape(a.recordHash)}"><p>${radios}</p>` +
    `<label>${escape(t('desk.form.comment'))}<textarea name="comment" required></textarea></label>` +
    `<p><button type="submit" name="send" value="decision">${escape(t('desk.form.submitDecision'))}</button></p>` +
    `</fieldset></form>`
  );
}

function approvalForm(a: AlertDetail, person: Person, { t }: PageLang): string {
  const legend = `<legend>${escape(t('desk.form.approval'))}</legend>`;
  if (!person.roles.includes('approver'))
    return `<fieldset>${legend}<p class="muted">${escape(t('desk.form.noRole', { role: t('desk.role.approver') }))}</p></fieldset>`;
  const last = a.decisions[0];
  if (last === undefined || last.approval !== undefined)
    return `<fieldset>${legend}<p class="muted">${escape(t('desk.err.nothing'))}</p></fieldset>`;
  return (
    `<form method="post" action="/desk/alerts/${a.id}/approval"><fieldset>${legend}` +
    `<input type="hidden" name="decision_id" value="${last.id}">` +
    `<label>${escape(t('desk.form.comment'))}<textarea name="comment"></textarea></label>` +
    `<p><button type="submit" name="approve" value="true">${escape(t('desk.form.approve'))}</button> ` +
    `<button type="submit" name="approve" value="false">${escape(t('desk.form.sendBack'))}</button></p>` +
    `</fieldset></form>`
  );
}

export function alertPage(
  a: AlertDetail,
  person: Person,
  page: PageLang,
  query: URLSearchParams,
  notice?: Notice,
): string {
  const { t } = page;
  const status = `${t(`desk.status.${a.status}`)} · ${t(`desk.sighting.${a.sighting}`)}`;
  const body =
    `<p><a href="/desk">${escape(t('desk.alert.back'))}</a> · <b class="status">${escape(status)}</b></p>` +
    (notice ? `<p class="${notice.kind}" role="status">${escape(notice.text)}</p>` : '') +
    sideBySide(a, page) +
    `<h2>${escape(t('desk.alert.explanation'))}</h2>` +
    `<p class="explanation">${explanationHtml(a.explanation, page.lang, escape)}</p>` +
    `<div class="side">${decisionForm(a, person, page)}${approvalForm(a, person, page)}</div>` +
    history(a, page);
  return deskPage({
    page,
    title: `${t('desk.alert.heading', { id: a.id })} — ${t('desk.title')}`,
    heading: t('desk.alert.heading', { id: a.id }),
    here: { path: `/desk/alerts/${a.id}`, query },
    person,
    body,
  });
}
