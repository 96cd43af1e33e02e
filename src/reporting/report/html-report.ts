import type { DeltaReport } from '../delta/compare.js';
import { CHANGE_LABEL, DELTA_CHANGES } from '../delta/compare.js';
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

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const h = escapeHtml;

/** The upstream the run screened against, as its effective config recorded it. */
function upstreamOf(data: ReportData): string {
  const config: Readonly<Record<string, unknown>> = data.manifest.config;
  return typeof config.apiUrl === 'string' ? config.apiUrl : '';
}

function duration(start: string | null, end: string): string {
  if (!start) return '—';
  const seconds = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m} min ${seconds % 60} s` : `${seconds} s`;
}

/** The reuse policy and the oldest answer the run's verdicts rest on (manifests before it: none). */
function keptAnswers(m: ReportData['manifest']): string {
  const answers = (m as Partial<ReportData['manifest']>).answers;
  if (!answers || answers.max_age === 'none') return 'none (every answer asked by this run)';
  const oldest = answers.oldest_fetched_on ? `, oldest fetched ${answers.oldest_fetched_on}` : '';
  return `${answers.reused} (max age ${answers.max_age}${oldest})`;
}

function facts(data: ReportData): string {
  const m = data.manifest;
  const rows: [string, string][] = [
    ['Run', m.run_id],
    [
      'Input',
      `${m.input.path} (${m.input.bytes} bytes, ${m.input.encoding}, delimiter ${m.input.delimiter})`,
    ],
    ['Input sha256', m.input.sha256],
    ['Rows', `${m.rows.total} (${m.rows.clients} clients screened, ${m.rows.invalid} unreadable)`],
    ['Checks', m.checks_run.join(', ')],
    ['Upstream', upstreamOf(data)],
    [
      'Calls',
      `${m.upstream.calls} (${m.upstream.calls_per_client} per client, ${m.upstream.rate_limited_429} answered 429)`,
    ],
    ['Answers kept from earlier runs', keptAnswers(m)],
    ['Started (UTC)', m.started_at ?? '—'],
    ['Finished (UTC)', m.finished_at],
    ['Duration', duration(m.started_at, m.finished_at)],
    ['Scoring version', m.scoring_version],
    ['Software version', m.software_version],
  ];
  for (const output of m.outputs)
    rows.push([`sha256 ${output.path.split(/[\\/]/).pop() ?? ''}`, output.sha256]);
  return `<table class="facts">${rows.map(([k, v]) => `<tr><th>${h(k)}</th><td>${h(v)}</td></tr>`).join('')}</table>`;
}

function counts(data: ReportData): string {
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
  const svg = `<svg role="img" aria-label="Verdict counts" width="${width}" height="${VERDICT_ORDER.length * bar}" viewBox="0 0 ${width} ${VERDICT_ORDER.length * bar}">${bars}</svg>`;
  const table = VERDICT_ORDER.map(
    (v) => `<tr><th>${v}</th><td class="num" data-verdict="${v}">${verdicts[v] ?? 0}</td></tr>`,
  ).join('');
  return `<div class="counts"><table class="verdicts">${table}</table>${svg}</div>`;
}

function attentionRow(row: ReportRow): string {
  const matches =
    row.matches.length > 0
      ? `<ul>${row.matches
          .map(
            (m) =>
              `<li><b>${h(m.decision)}</b> ${h(m.check)} · ${h(m.recordId)} · ${h(m.recordName)} · score ${m.score.toFixed(2)}<br><span class="why">${h(m.explanation)}</span></li>`,
          )
          .join('')}</ul>`
      : `<ul>${row.findings.map((f) => `<li>${h(f)}</li>`).join('')}</ul>`;
  const kept = row.oldestAnswerAt
    ? `<br><span class="why">oldest answer: ${h(row.oldestAnswerAt)}</span>`
    : '';
  return (
    `<tr class="${row.verdict.toLowerCase()}"><td class="num">${row.row}</td><td>${h(row.name)}</td>` +
    `<td><span class="badge ${row.verdict.toLowerCase()}">${h(row.verdict)}</span></td>` +
    `<td>${matches}</td><td class="reasons">${row.reasons.map(h).join('<br>')}${kept}</td></tr>`
  );
}

function attention(data: ReportData): string {
  if (data.attention.length === 0) return '<p>No HIT or REVIEW rows.</p>';
  const more =
    data.omitted > 0
      ? `<p class="note">${data.omitted} more HIT and REVIEW rows are in verdicts.csv and evidence.jsonl.</p>`
      : '';
  return (
    `<table class="rows"><thead><tr><th>Row</th><th>Client</th><th>Verdict</th><th>Matches, scores and explanations</th><th>Reasons</th></tr></thead>` +
    `<tbody>${data.attention.map(attentionRow).join('')}</tbody></table>${more}`
  );
}

function incomplete(data: ReportData): string {
  if (data.incomplete.length === 0) return '<p>No INCOMPLETE rows.</p>';
  const rows = data.incomplete
    .map(
      (g) =>
        `<tr><td>${h(g.cause)}</td><td class="num">${g.count}</td><td>${g.rows.join(', ')}${g.count > g.rows.length ? ', …' : ''}</td></tr>`,
    )
    .join('');
  return `<table class="rows"><thead><tr><th>Check and cause</th><th>Rows</th><th>Row numbers</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function delta(d: ReportDelta | undefined): string {
  if (!d) return '<p>No previous run was given.</p>';
  const counts = DELTA_CHANGES.map(
    (c) => `<tr><th>${c}</th><td class="num">${d.report.counts[c]}</td><td>${h(CHANGE_LABEL[c])}</td></tr>`,
  ).join('');
  const listed = DELTA_LISTED.flatMap((change) =>
    d.report.entries
      .filter((e) => e.changes.includes(change))
      .slice(0, 50)
      .map(
        (e) =>
          `<tr><td>${change}</td><td>${h(e.key)}</td><td>${h(e.current?.name || e.previous?.name || '')}</td><td>${h(e.previous?.verdict ?? '(new)')} → ${h(e.current?.verdict ?? '(removed)')}</td></tr>`,
      ),
  ).join('');
  return (
    `<p>Against ${h(d.previous)}: ${d.report.clients.previous} clients before, ${d.report.clients.current} now.</p>` +
    `<table class="facts">${counts}</table>` +
    (listed
      ? `<table class="rows"><thead><tr><th>Change</th><th>Client key</th><th>Client</th><th>Verdict</th></tr></thead><tbody>${listed}</tbody></table>`
      : '')
  );
}

/**
 * The report is a file opened from disk or downloaded from the API: it runs nothing, loads nothing, and
 * styles itself inline. A name in it that slipped past escaping still could not run a script.
 */
const REPORT_CSP =
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
.rows ul{margin:0;padding-left:16px}.why{color:#5f6368;font-size:12.5px}.reasons{font-size:12.5px;color:#444}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;color:#fff;font-weight:600;font-size:12px}
.badge.hit{background:#b3261e}.badge.review{background:#b36b00}
.note{color:#5f6368}.marker{background:#fff4e5;border:1px solid #b36b00;padding:8px 12px;margin:12px 0}
@media print{body{margin:0;max-width:none;font-size:11px}h2{break-after:avoid}tr{break-inside:avoid}
 .badge{color:#000;border:1px solid #000;background:none!important}@page{margin:14mm}}
`;

/** The whole page. `generatedAt` is passed in so that the same data always renders the same bytes. */
export function renderReport(
  data: ReportData,
  options: { delta?: ReportDelta; generatedAt: string },
): string {
  const m = data.manifest;
  const upstream = upstreamOf(data);
  const marker = /emulator/i.test(upstream)
    ? '<p class="marker"><b>Screened against the built-in emulator:</b> its registers are synthetic; these verdicts say nothing about real clients.</p>'
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>KYC screening report ${h(m.run_id)}</title><style>${STYLE}</style></head>
<body>
<h1>KYC screening report</h1>
<p class="sub">Run ${h(m.run_id)} · generated ${h(options.generatedAt)} UTC by kyc-screen ${h(m.software_version)}</p>
${marker}
<h2>Run</h2>${facts(data)}
<h2>Verdicts</h2>${counts(data)}
<h2 id="attention">HIT and REVIEW rows</h2>${attention(data)}
<h2 id="incomplete">INCOMPLETE rows by cause</h2>${incomplete(data)}
<h2 id="delta">Changes since the previous run</h2>${delta(options.delta)}
</body></html>
`;
}
