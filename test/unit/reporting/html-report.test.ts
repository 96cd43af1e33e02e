import { describe, expect, it } from 'vitest';
import { latinWords } from '../../helpers/latin-words.js';
import { DeltaBuilder } from '../../../src/reporting/delta/compare.js';
import { escapeHtml, renderReport } from '../../../src/reporting/report/html-report.js';
import type { ReportData } from '../../../src/reporting/report/report-data.js';
import type { Manifest } from '../../../src/export/manifest.js';
import type { VerdictRow } from '../../../src/ingest/verdict-file.js';
import type { RowAlert, RunDeskRecord } from '../../../src/reporting/desk-record.js';

const manifest = {
  manifest_version: 1,
  run_id: 'r-1',
  created_at: '2026-11-23T02:00:00.000Z',
  started_at: '2026-11-23T02:00:01.000Z',
  finished_at: '2026-11-23T02:03:31.000Z',
  priority: 'normal',
  input: {
    path: '/data/in/clients.csv',
    sha256: 'ab'.repeat(32),
    bytes: 1234,
    encoding: 'utf-8',
    delimiter: ',',
  },
  rows: { total: 10, clients: 9, invalid: 1 },
  verdicts: { HIT: 2, REVIEW: 1, CLEAR: 4, INCOMPLETE: 2, INVALID: 1 },
  checks: {},
  upstream: {
    calls: 30,
    calls_by_operation: {},
    retries: 1,
    rate_limited_429: 0,
    cache_hits: 5,
    calls_per_client: 3.333,
  },
  scoring_version: 'scoring-1',
  software_version: '0.1.0',
  checks_run: ['foreign_agent', 'sanctions', 'bankruptcy', 'debtor'],
  config: { apiUrl: 'https://lookup.example', window: 100 },
  outputs: [{ path: '/data/out/verdicts.csv', sha256: 'cd'.repeat(32), bytes: 99 }],
} as unknown as Manifest;

const data: ReportData = {
  manifest,
  attention: [
    {
      row: 3,
      name: 'Щербаков <script>alert(1)</script>',
      verdict: 'HIT',
      reasons: ['SANCTIONS_MATCH'],
      matches: [
        {
          check: 'sanctions',
          source: 'sanctions',
          recordId: 'sanctions:1a2b',
          recordName: 'SHCHERBAKOV, Dmitry',
          decision: 'MATCH',
          score: 0.97,
          explanation: 'name 0.97 (Latin ICAO ↔ Cyrillic), birth_date equal',
        },
      ],
      findings: [],
    },
    {
      row: 7,
      name: 'ООО СтройИнвест',
      verdict: 'REVIEW',
      reasons: ['BANKRUPTCY_FLAG'],
      matches: [],
      findings: ['bankruptcy: FLAG: А41-12345/2024'],
    },
  ],
  omitted: 0,
  incomplete: [{ cause: 'sanctions: KYC_ERR_UPSTREAM_TIMEOUT', count: 2, rows: [4, 9] }],
  invalid: [{ row: 5, name: 'Петров П.', reasons: ['ROW_INVALID', 'ROW_INVALID_INN_CHECKSUM'] }],
  invalidOmitted: 0,
};

function row(key: string, verdict: string): VerdictRow {
  return { row: 1, key, name: key, verdict, reasons: [], checks: {}, matches: '', runId: 'r' };
}

describe('HTML report', () => {
  it('is one self-contained page: no script, no external asset, every value escaped', () => {
    const html = renderReport(data, { generatedAt: '2026-11-23T03:00:00', lang: 'en' });
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/i);
    expect(html).not.toMatch(/https?:\/\/(?!lookup\.example)/);
    expect(html).toContain('Щербаков &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml(`a"b'<&>`)).toBe('a&quot;b&#39;&lt;&amp;&gt;');
  });

  it('shows the run facts, the verdict counts, every attention row and INCOMPLETE rows by cause', () => {
    const html = renderReport(data, { generatedAt: '2026-11-23T03:00:00', lang: 'en' });
    for (const text of [
      'r-1',
      '/data/in/clients.csv',
      'ab'.repeat(32),
      'scoring-1',
      'https://lookup.example',
      '3 min 30 s',
    ])
      expect(html).toContain(text);
    expect(html).toContain('data-verdict="HIT">2<');
    expect(html).toContain('data-verdict="INCOMPLETE">2<');
    expect(html).toContain('SHCHERBAKOV, Dmitry</span> · score 0.97');
    expect(html).toContain('bankruptcy: <code>FLAG</code>: А41-12345/2024');
    expect(html).toContain(
      'sanctions: <code>KYC_ERR_UPSTREAM_TIMEOUT</code></td><td class="num">2</td><td>4, 9<',
    );
    expect(html).toContain('@media print');
    expect(html).toContain('No previous run was given.');
  });

  it('shows the delta with unverified hits first, and marks an emulator run', () => {
    const builder = new DeltaBuilder();
    builder.addPrevious(row('id:1', 'HIT'));
    builder.addCurrent(row('id:1', 'INCOMPLETE'));
    const html = renderReport(
      {
        ...data,
        manifest: {
          ...manifest,
          config: { apiUrl: 'built-in emulator', window: 100 },
        } as unknown as Manifest,
      },
      { generatedAt: 'x', lang: 'en', delta: { previous: '/prev/verdicts.csv', report: builder.finish() } },
    );
    expect(html).toContain('<td>UNVERIFIED_HIT</td><td><code>id:1</code></td>');
    expect(html).toContain('Screened against the built-in emulator');
  });

  it('is in Russian by default, each reason code beside its sentence, and lists INVALID rows with their reasons', () => {
    const html = renderReport(data, { generatedAt: '2026-11-23T03:00:00' });
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<h1>Отчёт о проверке клиентов (KYC)</h1>');
    expect(html).toContain('3 мин 30 с');
    expect(html).toContain('SHCHERBAKOV, Dmitry</span> · оценка 0.97');
    expect(html).toContain(
      '<code>SANCTIONS_MATCH</code><br><span class="say">Клиент в санкционном списке (оценка не ниже порога MATCH)</span>',
    );
    const invalid = html.slice(html.indexOf('id="invalid"'), html.indexOf('id="delta"'));
    expect(invalid).toContain('Строки INVALID');
    expect(invalid).toContain('<td class="num">5</td><td translate="no">Петров П.</td>');
    expect(invalid).toContain(
      '<code>ROW_INVALID_INN_CHECKSUM</code><br><span class="say">Строка не прочитана: неверная контрольная цифра ИНН</span>',
    );
    expect(html).not.toContain('No previous run was given.');
    expect(html).toContain('Предыдущий запуск не указан.');
  });

  it('shows the note of an annotated reason after its code, and says when a code is unknown', () => {
    const html = renderReport(
      {
        ...data,
        attention: [
          {
            ...data.attention[0]!,
            reasons: ['SANCTIONS_SUPPRESSED: sanctions:1a2b by Иванова А. 2026-01-10', 'FUTURE_CODE'],
          },
        ],
      },
      { generatedAt: 'x', lang: 'en' },
    );
    expect(html).toContain('<code>SANCTIONS_SUPPRESSED</code> sanctions:1a2b by Иванова А. 2026-01-10<br>');
    expect(html).toContain(
      '<code>FUTURE_CODE</code><br><span class="say">code not in this version’s catalogue</span>',
    );
  });
});

describe('HTML report: the review desk’s alert of each HIT and REVIEW row', () => {
  const opened: RowAlert = {
    id: 12,
    register: 'sanctions',
    recordId: 'sanctions:1a2b',
    sighting: 'new',
    status: 'open',
  };
  const desk = (rows: [number, RowAlert[]][], dashboardUrl?: string): RunDeskRecord => ({
    runId: 'r-1',
    rows: new Map(rows),
    ...(dashboardUrl ? { dashboardUrl } : {}),
  });
  const cellOf = (html: string, row: number) => {
    const start = html.indexOf(`<td class="num">${row}</td>`);
    return html.slice(html.indexOf('<td class="desk">', start), html.indexOf('</tr>', start));
  };

  it('names each alert, new or seen again, and where it stands, with who decided and approved', () => {
    const seen: RowAlert = {
      id: 7,
      register: 'bankruptcy',
      recordId: 'b:9',
      sighting: 'seen_again',
      status: 'true_match',
      decision: { kind: 'true_match', decidedBy: 'alice', approvedBy: 'bob' },
    };
    const waiting: RowAlert = {
      id: 8,
      register: 'sanctions',
      recordId: 's:2',
      sighting: 'seen_again',
      status: 'pending',
      decision: { kind: 'false_positive', decidedBy: 'carol <c@x>' },
    };
    const html = renderReport(data, {
      generatedAt: 'x',
      lang: 'en',
      desk: desk([
        [3, [opened]],
        [7, [seen, waiting]],
      ]),
    });
    expect(html).toContain('<th>Review desk</th>');
    expect(cellOf(html, 3)).toContain('alert 12 · new<br><span class="why">open</span>');
    expect(cellOf(html, 7)).toContain(
      'alert 7 · seen again<br><span class="why">true match (<span translate="no">alice</span>, approved by <span translate="no">bob</span>)</span>',
    );
    expect(cellOf(html, 7)).toContain(
      'alert 8 · seen again<br><span class="why">awaiting approval: false positive (<span translate="no">carol &lt;c@x&gt;</span>)</span>',
    );
    expect(html).toContain('Review desk alerts: 1 new, 2 seen again, 0 reopened.');
    // No dashboard address known: the alert is named, and links nowhere (a file cannot resolve a path).
    expect(html).not.toContain('<a href=');
  });

  it('links each alert to the desk’s page when the dashboard’s address is known', () => {
    const html = renderReport(data, {
      generatedAt: 'x',
      lang: 'en',
      desk: desk([[3, [opened]]], 'https://kyc.example/dash'),
    });
    expect(cellOf(html, 3)).toContain('<a href="https://kyc.example/dash/desk/alerts/12">alert 12</a> · new');
    // A row the desk recorded without an alert (a flag, not a register record) says so.
    expect(cellOf(html, 7)).toContain('>no alert<');
  });

  it('says “no desk record” on every row when the desk has no record of the run, in Russian by default', () => {
    const html = renderReport(data, { generatedAt: 'x' });
    expect(html).toContain('<th>Контроль совпадений</th>');
    for (const row of [3, 7]) expect(cellOf(html, row)).toContain('>нет записи в контроле совпадений<');
    expect(html).toContain('В контроле совпадений нет записи об этом запуске');
    const en = renderReport(data, { generatedAt: 'x', lang: 'en' });
    expect(cellOf(en, 3)).toContain('>no desk record<');
  });
});

describe('a run made without the review desk’s decisions', () => {
  const without = (reason: string): ReportData => ({
    ...data,
    manifest: { ...manifest, desk_decisions: { status: 'not-applied', reason } },
  });

  it('says so above everything, and why, in Russian by default and in English with --lang en', () => {
    const ru = renderReport(without('DESK_NOT_SHARED'), { generatedAt: 'x' });
    const marker = ru.slice(
      ru.indexOf('>', ru.indexOf('data-desk-decisions="not-applied"')),
      ru.indexOf('<h2>'),
    );
    expect(marker).toContain('Решения контроля совпадений к этому запуску НЕ применены:');
    expect(marker).toContain('запуск вёл обработчик без общей базы');
    expect(marker).toContain('<code>DESK_NOT_SHARED</code>');
    const words = latinWords(marker.replace(/<code>[^<]*<\/code>/gu, ' ').replace(/<[^>]+>/gu, ' '));
    expect(words, marker).toEqual([]);
    expect(ru).toContain('<th>Решения контроля совпадений</th><td>НЕ применены: запуск вёл');
    const en = renderReport(without('DESK_DB_BUSY'), { generatedAt: 'x', lang: 'en' });
    expect(en).toContain(
      '<b>Review desk decisions were NOT applied to this run:</b> the embedded desk database was open in another process',
    );
    expect(renderReport(data, { generatedAt: 'x' })).not.toContain('data-desk-decisions');
  });
});
