import { translateWithValues, type Translate } from '../../i18n/translate.js';
import {
  alertCountsOf,
  alertPageUrl,
  type RowAlert,
  type RowAlertDecision,
  type RunDeskRecord,
} from '../desk-record.js';
import { escapeHtml as h } from './html-escape.js';

/**
 * The review desk's column of the report's HIT and REVIEW rows: each alert of the row (its id, linked to
 * the desk's page when the dashboard's address is known), whether this run opened it or saw it again, and
 * where it stands (open, awaiting approval, or the approved decision, with who). A run the desk has no
 * record of says so on every row rather than showing nothing.
 */

/** The status an approved decision gives its alert: the desk's word for it. */
const DECIDED_STATUS: Readonly<Record<RowAlertDecision, 'true_match' | 'false_positive' | 'escalated'>> = {
  true_match: 'true_match',
  false_positive: 'false_positive',
  escalate: 'escalated',
};

/** The alert's state as HTML: who decided and approved named as written (`translate="no"`). */
function stateOf(alert: RowAlert, t: Translate): string {
  const d = alert.decision;
  if (!d) return h(t(`desk.status.${alert.status}`));
  const decision = t(`desk.status.${DECIDED_STATUS[d.kind]}`);
  const names = (key: 'report.alerts.pending' | 'report.alerts.approved', params: Record<string, string>) =>
    translateWithValues(t, key, params, h).replace(`<span translate="no">${h(decision)}</span>`, h(decision));
  if (alert.status === 'pending' || d.approvedBy === undefined)
    return names('report.alerts.pending', { decision, by: d.decidedBy });
  return names('report.alerts.approved', { decision, by: d.decidedBy, approver: d.approvedBy });
}

function alertItem(alert: RowAlert, record: RunDeskRecord, t: Translate): string {
  const name = h(t('report.alerts.alert', { id: alert.id }));
  const url = alertPageUrl(record, alert.id);
  const id = url ? `<a href="${h(url)}">${name}</a>` : name;
  const seen = h(t(`desk.sighting.${alert.sighting}`));
  return (
    `<li data-alert="${alert.id}" data-sighting="${alert.sighting}" data-status="${alert.status}">` +
    `${id} · ${seen}<br><span class="why">${stateOf(alert, t)}</span></li>`
  );
}

/** The cell of one row: its alerts, "no alert", or "no desk record". */
export function alertCell(row: number, record: RunDeskRecord | undefined, t: Translate): string {
  if (!record) return `<span class="note" data-desk="none">${h(t('report.alerts.noRecord'))}</span>`;
  const alerts = record.rows.get(row) ?? [];
  if (alerts.length === 0) return `<span class="note">${h(t('report.alerts.none'))}</span>`;
  return `<ul class="alerts">${alerts.map((a) => alertItem(a, record, t)).join('')}</ul>`;
}

/** The line above the rows: the run's alerts counted, or why no row shows a status. */
export function alertNote(record: RunDeskRecord | undefined, t: Translate): string {
  if (!record) return `<p class="note" id="desk-note">${h(t('report.alerts.noRecordNote'))}</p>`;
  const counts = alertCountsOf(record);
  const summary = t('report.alerts.summary', {
    opened: counts.opened.length,
    seenAgain: counts.seenAgain.length,
    reopened: counts.reopened.length,
  });
  return `<p class="note" id="desk-note">${h(summary)}</p>`;
}
