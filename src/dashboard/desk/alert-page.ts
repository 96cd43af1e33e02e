import { DECISIONS, type AlertDetail, type Decision, type Person } from '../../desk/types.js';
import { escape, type PageLang } from '../layout.js';
import { deskPage, utc } from './desk-layout.js';

/**
 * One alert: the client and the register record side by side, why they matched, the record as each run
 * saw it, the decisions with their approvals, and the forms the signed-in person may use.
 */

/** A notice above the page: what the last form did, or why it was refused. */
export interface Notice {
  readonly kind: 'ok' | 'error';
  readonly text: string;
}

function sideBySide(a: AlertDetail, { t }: PageLang): string {
  const row = (label: string, client: string, record: string) =>
    `<tr><td>${escape(label)}</td><td>${client}</td><td>${record}</td></tr>`;
  const code = (text: string) => `<code>${escape(text)}</code>`;
  const run = a.lastRunId === null ? '' : `${code(a.lastRunId)}, ${a.lastRow ?? ''}`;
  return (
    `<table class="compare"><thead><tr><th>${escape(t('desk.alert.field'))}</th>` +
    `<th>${escape(t('desk.alert.client'))}</th><th>${escape(t('desk.alert.record'))}</th></tr></thead><tbody>` +
    row(t('desk.alert.name'), escape(a.clientName), escape(a.recordName)) +
    row(t('desk.alert.key'), code(a.clientKey), code(a.recordId)) +
    row(t('desk.alert.registerRow'), '', escape(a.register)) +
    row(t('desk.alert.check'), escape(a.checkKind), '') +
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
  const head = t('desk.alert.decidedBy', {
    decision: t(`desk.decision.${d.decision}`),
    who: d.decidedBy,
    at: utc(d.decidedAt),
  });
  const approval = d.approval
    ? t(d.approval.approved ? 'desk.alert.approvedBy' : 'desk.alert.sentBackBy', {
        who: d.approval.approvedBy,
        at: utc(d.approval.approvedAt),
      }) + (d.approval.comment ? `: «${d.approval.comment}»` : '')
    : t('desk.alert.waiting');
  const hash = t('desk.alert.onHash', { hash: d.recordHash.slice(0, 12) });
  const changed = d.recordHash === current ? '' : ` (${t('desk.alert.hashChanged')})`;
  const imported = d.source === 'import' ? ` · ${t('desk.alert.imported')}` : '';
  return (
    `<li data-decision="${d.id}"><b>${escape(head)}</b>: «${escape(d.comment)}»<br>` +
    `<span class="muted">${escape(approval)} · ${escape(hash + changed + imported)}</span></li>`
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
    `<h2>${escape(t('desk.alert.explanation'))}</h2><p class="explanation">${escape(a.explanation)}</p>` +
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
