import type { DeltaReport } from '../delta/compare.js';
import { DELTA_CHANGES } from '../delta/compare.js';
import { DEFAULT_LANG, type Lang } from '../../i18n/lang.js';
import { explanationHtml } from '../../i18n/explanation-ru.js';
import { reasonSentence } from '../../i18n/reasons.js';
import { checkName } from '../../i18n/register-names.js';
import { isMessageKey, translator, type MessageKey, type Translate } from '../../i18n/translate.js';
import { reasonCode } from '../../verdict/reasons.js';
import type { RunDeskRecord } from '../desk-record.js';
import { alertCell, alertNote } from './alert-cell.js';
import { escapeHtml } from './html-escape.js';
import type { ReportData, ReportRow } from './report-data.js';

/**
 * The run report a compliance officer reads and prints: one self-contained HTML page (no script, no
 * network, no external asset), rendered from plain data. Every value is escaped: names and register
 * texts come from clients and from a third party.
 */

export interface ReportDelta {
  readonly previous: string;
  readonly report: DeltaReport;
}

const VERDICT_ORDER = ['HIT', 'INCOMPLETE', 'REVIEW', 'PARTIAL', 'CLEAR', 'INVALID'] as const;
const VERDICT_COLOUR: Readonly<Record<(typeof VERDICT_ORDER)[number], string>> = {
  HIT: '#b3261e',
  INCOMPLETE: '#8a5a00',
  REVIEW: '#b36b00',
  PARTIAL: '#5e548e',
  CLEAR: '#2e7d32',
  INVALID: '#5f6368',
};
const DELTA_LISTED = ['UNVERIFIED_HIT', 'NEW_HIT', 'WHITELIST_REOPENED', 'CLEARED_HIT'] as const;

export { escapeHtml };

const h = escapeHtml;

/** The upstream the run screened against, as its effective config recorded it. */
function upstreamOf(data: ReportData): string {
  const config: Readonly<Record<string, unknown>> = data.manifest.config;
  return typeof config.apiUrl === 'string' ? config.apiUrl : '';
}

/** What a page section needs: the data's language and its messages. */
interface Page {
  readonly lang: Lang;
  readonly t: Translate;
  /** What the review desk holds of the run; undefined: it has no record of it. */
  readonly desk: RunDeskRecord | undefined;
}

function duration(start: string | null, end: string, t: Translate): string {
  if (!start) return '—';
  const seconds = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));
  const m = Math.floor(seconds / 60);
  return m > 0 ? t('duration.minSec', { m, s: seconds % 60 }) : t('duration.sec', { s: seconds });
}

/** The reuse policy and the oldest answer the run's verdicts rest on (manifests before it: none). */
function keptAnswers(m: ReportData['manifest'], t: Page['t']): string {
  const answers = (m as Partial<ReportData['manifest']>).answers;
  if (!answers || answers.max_age === 'none') return t('fact.answersNone');
  const oldest = answers.oldest_fetched_on ?? '—';
  return t('fact.answersKeptValue', { reused: answers.reused, maxAge: answers.max_age, oldest });
}

/** The upstream as the facts table says it: the built-in emulator in the page's words, a URL as it is. */
function upstreamText(data: ReportData, t: Translate): string {
  const url = upstreamOf(data);
  return url === 'built-in emulator' ? t('fact.upstreamEmulator') : url;
}

/** `foreign_agent: KYC_ERR_…` (a cause) or `sanctions: FLAG` (a finding): the check by its name. */
function checkAndCode(text: string, lang: Lang): string {
  const colon = text.indexOf(': ');
  if (colon < 0) return h(text);
  const rest = text.slice(colon + 2);
  const detail = rest.indexOf(': ');
  const [code, more] = detail < 0 ? [rest, ''] : [rest.slice(0, detail), rest.slice(detail)];
  return `${h(checkName(text.slice(0, colon), lang))}: <code>${h(code)}</code>${h(more)}`;
}

/** What the manifest says of the desk's decisions (absent in a manifest of an earlier version: unknown). */
function deskDecisions(data: ReportData): { status: string; reason?: string } | undefined {
  return (data.manifest as Partial<ReportData['manifest']>).desk_decisions ?? undefined;
}

/** Why the decisions were not applied, in the page's words; a reason of a later version as its code. */
function deskReason(reason: string | undefined, t: Translate): string {
  const key = `report.desk.reason.${reason ?? 'DESK_NOT_OPEN'}`;
  return isMessageKey(key) ? t(key) : (reason ?? '');
}

/** Above everything else: a run whose verdicts lack the desk's decisions keeps flags the desk cleared. */
function deskMarker(data: ReportData, t: Translate): string {
  const desk = deskDecisions(data);
  if (desk?.status !== 'not-applied') return '';
  return (
    `<p class="marker" data-desk-decisions="not-applied"><b>${h(t('report.desk.notAppliedLead'))}</b> ` +
    `${h(deskReason(desk.reason, t))} (<code>${h(desk.reason ?? '')}</code>). ${h(t('report.desk.notAppliedText'))}</p>`
  );
}

function deskFact(data: ReportData, t: Translate): [string, string][] {
  const desk = deskDecisions(data);
  if (!desk) return [];
  if (desk.status === 'applied') return [[t('fact.deskDecisions'), t('fact.deskApplied')]];
  return [[t('fact.deskDecisions'), `${t('fact.deskNotApplied')}: ${deskReason(desk.reason, t)}`]];
}

function facts(data: ReportData, { t, lang }: Page): string {
  const m = data.manifest;
  const { input, rows: r, upstream: u } = m;
  const rows: [string, string][] = [
    [t('fact.run'), m.run_id],
    [
      t('fact.input'),
      t('fact.inputValue', {
        path: input.path,
        bytes: input.bytes,
        encoding: input.encoding,
        delimiter: input.delimiter,
      }),
    ],
    [t('fact.inputSha'), input.sha256],
    [t('fact.rows'), t('fact.rowsValue', { total: r.total, clients: r.clients, invalid: r.invalid })],
    [t('fact.checks'), m.checks_run.map((c) => checkName(c, lang)).join(', ')],
    [t('fact.upstream'), upstreamText(data, t)],
    [
      t('fact.calls'),
      t('fact.callsValue', { calls: u.calls, perClient: u.calls_per_client, limited: u.rate_limited_429 }),
    ],
    [t('fact.answersKept'), keptAnswers(m, t)],
    ...deskFact(data, t),
    [t('fact.started'), m.started_at ?? '—'],
    [t('fact.finished'), m.finished_at],
    [t('fact.duration'), duration(m.started_at, m.finished_at, t)],
    [t('fact.scoring'), m.scoring_version],
    [t('fact.software'), m.software_version],
  ];
  for (const output of m.outputs)
    rows.push([t('fact.outputSha', { file: output.path.split(/[\\/]/).pop() ?? '' }), output.sha256]);
  return `<table class="facts">${rows.map(([k, v]) => `<tr><th>${h(k)}</th><td>${h(v)}</td></tr>`).join('')}</table>`;
}

function counts(data: ReportData, { t }: Page): string {
  const verdicts = data.manifest.verdicts;
  const max = Math.max(1, ...VERDICT_ORDER.map((v) => verdicts[v] ?? 0));
  const bar = 28;
  const width = 420;
  const bars = VERDICT_ORDER.map((v, i) => {
    const n = verdicts[v] ?? 0;
    const w = Math.round((n / max) * (width - 190));
    const y = i * bar;
    return (
      `<text x="0" y="${y + 18}" class="label">${v}</text>` +
      `<rect x="110" y="${y + 4}" width="${Math.max(w, n > 0 ? 2 : 0)}" height="${bar - 10}" fill="${VERDICT_COLOUR[v]}"/>` +
      `<text x="${118 + w}" y="${y + 18}" class="value">${n}</text>`
    );
  }).join('');
  const svg = `<svg role="img" aria-label="${h(t('report.countsLabel'))}" width="${width}" height="${VERDICT_ORDER.length * bar}" viewBox="0 0 ${width} ${VERDICT_ORDER.length * bar}">${bars}</svg>`;
  const table = VERDICT_ORDER.map(
    (v) => `<tr><th>${v}</th><td class="num" data-verdict="${v}">${verdicts[v] ?? 0}</td></tr>`,
  ).join('');
  return `<div class="counts"><table class="verdicts">${table}</table>${svg}</div>`;
}

/**
 * A reason as the row carries it, its code first (what officers filter on), then what the row added to it
 * (who reviewed which record), then the catalogue's sentence in the page's language.
 */
function reasonItem(reason: string, { lang, t }: Page): string {
  const code = reasonCode(reason);
  const note = reason.length > code.length ? reason.slice(code.length + 2) : '';
  const sentence = reasonSentence(code, lang) ?? t('report.unknownReason');
  const shown = reasonNoteHtml(code, note, lang);
  return `<li><code>${h(code)}</code>${shown ? ` ${shown}` : ''}<br><span class="say">${h(sentence)}</span></li>`;
}

/**
 * What a row added to its reason, in the page's language: who reviewed which record (names and ids as
 * written), nothing for a row issue on a Russian page (the note is the English message of the code, which
 * the sentence below says in Russian; verdicts.csv keeps it with its details).
 */
function reasonNoteHtml(code: string, note: string, lang: Lang): string {
  if (note === '' || lang === 'en') return h(note);
  if (code.startsWith('KYC_ERR_')) return '';
  const value = (text: string) => `<span translate="no">${h(text)}</span>`;
  const reopened = /^(.+) reviewed by (.+) (\d{4}-\d\d-\d\d), record changed$/u.exec(note);
  if (reopened)
    return `${value(reopened[1] ?? '')} — проверил(а) ${value(reopened[2] ?? '')} ${h(reopened[3] ?? '')}, запись изменилась`;
  const by = /^(.+) by (.+) (\d{4}-\d\d-\d\d)$/u.exec(note);
  if (by) return `${value(by[1] ?? '')} — ${value(by[2] ?? '')} ${h(by[3] ?? '')}`;
  return h(note);
}

function reasonList(reasons: readonly string[], page: Page): string {
  return `<ul class="reasons">${reasons.map((r) => reasonItem(r, page)).join('')}</ul>`;
}

function attentionRow(row: ReportRow, page: Page): string {
  const matches =
    row.matches.length > 0
      ? `<ul>${row.matches
          .map(
            (m) =>
              `<li><b>${h(m.decision)}</b> ${h(checkName(m.check, page.lang))} · <code>${h(m.recordId)}</code> · ` +
              `<span translate="no">${h(m.recordName)}</span> · ${h(page.t('report.score', { score: m.score.toFixed(2) }))}` +
              `<br><span class="why">${explanationHtml(m.explanation, page.lang, h)}</span></li>`,
          )
          .join('')}</ul>`
      : `<ul>${row.findings.map((f) => `<li>${checkAndCode(f, page.lang)}</li>`).join('')}</ul>`;
  const kept = row.oldestAnswerAt
    ? `<br><span class="why">${h(page.t('row.oldestAnswer', { at: row.oldestAnswerAt }))}</span>`
    : '';
  return (
    `<tr class="${row.verdict.toLowerCase()}"><td class="num">${row.row}</td><td translate="no">${h(row.name)}</td>` +
    `<td><span class="badge ${row.verdict.toLowerCase()}">${h(row.verdict)}</span></td>` +
    `<td>${matches}</td><td>${reasonList(row.reasons, page)}${kept}</td>` +
    `<td class="desk">${alertCell(row.row, page.desk, page.t)}</td></tr>`
  );
}

function head(keys: readonly MessageKey[], t: Translate): string {
  return `<thead><tr>${keys.map((k) => `<th>${h(t(k))}</th>`).join('')}</tr></thead>`;
}

function attention(data: ReportData, page: Page): string {
  const { t } = page;
  if (data.attention.length === 0) return `<p>${h(t('report.noAttention'))}</p>`;
  const more = data.omitted > 0 ? `<p class="note">${h(t('report.omitted', { n: data.omitted }))}</p>` : '';
  const columns = [
    'col.row',
    'col.client',
    'col.verdict',
    'col.matches',
    'col.reasons',
    'report.alerts.col',
  ] as const;
  return (
    `<table class="rows">${head(columns, t)}` +
    `<tbody>${data.attention.map((row) => attentionRow(row, page)).join('')}</tbody></table>` +
    `${alertNote(page.desk, t)}${more}`
  );
}

function invalid(data: ReportData, page: Page): string {
  const { t } = page;
  if (data.invalid.length === 0) return `<p>${h(t('report.noInvalid'))}</p>`;
  const rows = data.invalid
    .map(
      (r) =>
        `<tr class="invalid"><td class="num">${r.row}</td><td translate="no">${h(r.name)}</td><td>${reasonList(r.reasons, page)}</td></tr>`,
    )
    .join('');
  const more =
    data.invalidOmitted > 0
      ? `<p class="note">${h(t('report.invalidOmitted', { n: data.invalidOmitted }))}</p>`
      : '';
  return `<table class="rows">${head(['col.row', 'col.client', 'col.reasons'], t)}<tbody>${rows}</tbody></table>${more}`;
}

function incomplete(data: ReportData, { t, lang }: Page): string {
  if (data.incomplete.length === 0) return `<p>${h(t('report.noIncomplete'))}</p>`;
  const rows = data.incomplete
    .map(
      (g) =>
        `<tr><td>${g.cause === 'unknown' ? h(t('report.unknownCause')) : checkAndCode(g.cause, lang)}</td><td class="num">${g.count}</td><td>${g.rows.join(', ')}${g.count > g.rows.length ? ', …' : ''}</td></tr>`,
    )
    .join('');
  return `<table class="rows">${head(['col.cause', 'col.rowCount', 'col.rowNumbers'], t)}<tbody>${rows}</tbody></table>`;
}

function delta(d: ReportDelta | undefined, { t }: Page): string {
  if (!d) return `<p>${h(t('report.noPrevious'))}</p>`;
  const counts = DELTA_CHANGES.map(
    (c) => `<tr><th>${c}</th><td class="num">${d.report.counts[c]}</td><td>${h(t(`delta.${c}`))}</td></tr>`,
  ).join('');
  const listed = DELTA_LISTED.flatMap((change) =>
    d.report.entries
      .filter((e) => e.changes.includes(change))
      .slice(0, 50)
      .map(
        (e) =>
          `<tr><td>${change}</td><td><code>${h(e.key)}</code></td><td translate="no">${h(e.current?.name || e.previous?.name || '')}</td><td>${h(e.previous?.verdict ?? t('report.deltaNew'))} → ${h(e.current?.verdict ?? t('report.deltaRemoved'))}</td></tr>`,
      ),
  ).join('');
  const against = t('report.deltaAgainst', {
    previous: d.previous,
    before: d.report.clients.previous,
    now: d.report.clients.current,
  });
  return (
    `<p>${h(against)}</p><table class="facts">${counts}</table>` +
    (listed
      ? `<table class="rows">${head(['col.change', 'col.clientKey', 'col.client', 'col.verdict'], t)}<tbody>${listed}</tbody></table>`
      : '')
  );
}

/**
 * The report is a file opened from disk or downloaded from the API: it runs nothing, loads nothing, and
 * styles itself inline. A name in it that slipped past escaping still could not run a script.
 */
export const REPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f1f1f;margin:24px auto;max-width:1180px;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
.sub{color:#5f6368;margin:0 0 16px}
table{border-collapse:collapse}th,td{text-align:left;vertical-align:top;padding:4px 10px 4px 0}
.facts th{font-weight:600;white-space:nowrap;color:#444}.facts td{word-break:break-all}
.counts{display:flex;gap:32px;align-items:flex-start}.verdicts th{font-weight:600}
.num{text-align:right;font-variant-numeric:tabular-nums}
svg .label{font:600 13px system-ui,sans-serif;fill:#1f1f1f}svg .value{font:13px system-ui,sans-serif;fill:#1f1f1f}
.rows{width:100%}.rows thead th{border-bottom:2px solid #ccc}.rows td{border-bottom:1px solid #eee}
.rows ul{margin:0;padding-left:16px}.rows ul.alerts{list-style:none;padding:0}.why{color:#5f6368;font-size:12.5px}
ul.reasons{list-style:none;padding:0;font-size:12.5px;color:#444}ul.reasons li{margin-bottom:4px}.say{color:#5f6368}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;color:#fff;font-weight:600;font-size:12px}
.badge.hit{background:#b3261e}.badge.review{background:#b36b00}
.note{color:#5f6368}.marker{background:#fff4e5;border:1px solid #b36b00;padding:8px 12px;margin:12px 0}
@media print{body{margin:0;max-width:none;font-size:11px}h2{break-after:avoid}tr{break-inside:avoid}
 .badge{color:#000;border:1px solid #000;background:none!important}@page{margin:14mm}}
`;

/** The whole page. `generatedAt` is passed in so that the same data always renders the same bytes. */
export function renderReport(
  data: ReportData,
  options: { delta?: ReportDelta; generatedAt: string; lang?: Lang; desk?: RunDeskRecord | undefined },
): string {
  const lang = options.lang ?? DEFAULT_LANG;
  const t = translator(lang);
  const page: Page = { lang, t, desk: options.desk };
  const m = data.manifest;
  const marker = /emulator/i.test(upstreamOf(data))
    ? `<p class="marker"><b>${h(t('report.emulatorLead'))}</b> ${h(t('report.emulatorText'))}</p>`
    : '';
  const sub = t('report.sub', { run: m.run_id, at: options.generatedAt, version: m.software_version });
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${h(t('report.title'))} ${h(m.run_id)}</title><style>${STYLE}</style></head>
<body>
<h1>${h(t('report.title'))}</h1>
<p class="sub">${h(sub)}</p>
${marker}${deskMarker(data, t)}
<h2>${h(t('report.section.run'))}</h2>${facts(data, page)}
<h2>${h(t('report.section.verdicts'))}</h2>${counts(data, page)}
<h2 id="attention">${h(t('report.section.attention'))}</h2>${attention(data, page)}
<h2 id="incomplete">${h(t('report.section.incomplete'))}</h2>${incomplete(data, page)}
<h2 id="invalid">${h(t('report.section.invalid'))}</h2>${invalid(data, page)}
<h2 id="delta">${h(t('report.section.delta'))}</h2>${delta(options.delta, page)}
</body></html>
`;
}
