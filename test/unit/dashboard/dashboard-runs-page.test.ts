import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failureReason, redactRun } from '../../../src/dashboard/redact.js';
import { progressLabel, runRow, runsPage, runState } from '../../../src/dashboard/runs-page.js';
import { pageLang } from '../../../src/dashboard/layout.js';
import type { RunState } from '../../../src/run/state/run-store.js';

const EN = pageLang('en');

const base: RunState = {
  id: 'r20250101_020000_abcdef',
  status: 'running',
  input: '/data/in/clients.csv',
  inputSha256: '0'.repeat(64),
  inputBytes: 10_000,
  out: '/data/out/verdicts.csv',
  evidence: '/data/out/evidence.jsonl',
  manifest: '/data/out/manifest.json',
  priority: 'normal',
  window: 100,
  checks: ['sanctions'],
  createdAt: '2025-01-01T02:00:00.000Z',
  config: {},
  dispatched: 0,
  written: 0,
};

describe('the runs page', () => {
  it('shows under the calls the oldest answer the verdicts rest on, and every register in the tooltip', () => {
    const row = runRow(
      {
        run: { ...base, startedAt: '2025-01-02T02:00:00.000Z', finishedAt: '2025-01-02T03:00:00.000Z' },
        counters: {
          calls: 12,
          'answers:sanctions:reused': 40,
          'answers:debtor:fresh': 12,
          'answer_hour:sanctions:2025-01-01T02': 40,
          'answer_day:sanctions:2025-01-01': 40,
          answers_reused: 40,
        },
      },
      EN,
    );
    expect(row).toContain('<small>sanctions 25 h</small>');
    expect(row).toContain('sanctions: oldest answer 25 h (kept answer, 2025-01-01T02:00:00.000Z)');
    expect(row).toContain('debtor: oldest answer 1 h (this run, 2025-01-02T02:00:00.000Z)');
  });

  it('shows the foreign-agent strategy of a run (mirror or per-client search) and its PARTIAL rows', () => {
    const mirror = runRow(
      {
        run: base,
        counters: { 'verdict:PARTIAL': 7 },
        foreignAgent: {
          strategy: 'mirror',
          records: 5120,
          sha256: 'a'.repeat(64),
          taken_at: '2025-01-01T02:00:01.000Z',
          range: { since: '2012-01-01', until: '2025-01-01' },
          calls: 41,
          split_days: 0,
          undated_records: 0,
          undated_gaps: [],
        },
      },
      EN,
    );
    expect(mirror).toContain('fa: mirror');
    expect(mirror).toContain('mirror of the register (5120 records, 41 calls)');
    expect(mirror).toContain('<td class="num PARTIAL" title="7">7</td>');
    const search = runRow(
      {
        run: base,
        counters: {},
        foreignAgent: { strategy: 'search', reason: 'auto: 200 rows × 3.01 searches = 602 calls' },
      },
      EN,
    );
    expect(search).toContain('fa: search');
    expect(search).toContain('per-client search (auto: 200 rows × 3.01 searches = 602 calls)');
    expect(runRow({ run: base, counters: {} }, EN)).not.toContain('fa:');
    // In Russian: the priority, the strategy and its reason in Russian words.
    const russian = runRow(
      {
        run: base,
        counters: {},
        foreignAgent: {
          strategy: 'search',
          reason: 'auto: 200 rows × 3.59 searches = 719 calls ≤ 5127 for the mirror',
        },
      },
      pageLang('ru'),
    );
    expect(russian).toContain('иноагенты: поиск');
    expect(russian).toContain(
      'поиск по каждому клиенту (выбрано по оценке: 200 строк × 3.59 поиска = 719 запросов ≤ 5127 для зеркала)',
    );
    expect(russian).not.toContain('fa:');
    // One header per cell: the PARTIAL column has its head.
    const page = runsPage([{ run: base, counters: {} }], EN);
    expect(page).toContain('PARTIAL');
    expect(page.match(/<th[ >]/gu)?.length).toBe(
      runRow({ run: base, counters: {} }, EN).match(/<td[ >]/gu)?.length,
    );
  });

  it('estimates the total from the bytes read, marked ≈, until it is exact', () => {
    const reading = { ...base, dispatched: 320, written: 309, bytesRead: 2_500 };
    expect(progressLabel(reading, EN).label).toBe('309 / ≈1280');
    expect(progressLabel(reading, EN).title).toContain('estimated from the bytes read');
    expect(progressLabel({ ...reading, totalRows: 1_000 }, EN).label).toBe('309 / 1000');
    expect(progressLabel({ ...base, written: 0 }, EN).label).toBe('0 / …');
    const html = runRow({ run: reading, counters: {} }, EN);
    expect(html).toContain('309 / ≈1280');
    expect(html).not.toContain('/ ?');
  });

  it('the bar never runs past the end, whatever the figures', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.nat(10_000),
        fc.integer({ min: 1, max: 10_000 }),
        fc.option(fc.nat(20_000), { nil: undefined }),
        (written, dispatched, bytesRead, totalRows) => {
          const run = {
            ...base,
            written,
            dispatched,
            bytesRead,
            ...(totalRows === undefined ? {} : { totalRows }),
          };
          const { share, label } = progressLabel(run, EN);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(1);
          expect(label.startsWith(`${written} / `)).toBe(true);
        },
      ),
    );
  });

  it('a run that finished with INCOMPLETE rows is not plain "done"', () => {
    const done = { ...base, status: 'done' as const, written: 60, totalRows: 60 };
    expect(runState(done, { 'verdict:INCOMPLETE': 3 }, EN)).toEqual({
      label: 'done, 3 INCOMPLETE',
      tone: 'incomplete',
    });
    expect(runState(done, { 'verdict:CLEAR': 60 }, EN)).toEqual({ label: 'done', tone: 'done' });
    expect(runRow({ run: done, counters: { 'verdict:INCOMPLETE': 3 } }, EN)).toContain(
      '<td class="status incomplete">done, 3 INCOMPLETE</td>',
    );
  });

  it('a failed run shows its reason; times are labelled UTC; the page refreshes without reloading', () => {
    const failed = redactRun({
      ...base,
      status: 'failed',
      error: 'KYC_ERR_INPUT_ENCODING: the input is not valid windows-1251',
      startedAt: '2025-01-01T02:00:01.000Z',
      finishedAt: '2025-01-01T02:00:09.000Z',
    });
    const html = runsPage([{ run: failed, counters: {} }], EN);
    expect(html).toContain('KYC_ERR_INPUT_ENCODING: the input is not valid windows-1251</small>');
    expect(html).toContain('created (UTC)');
    expect(html).toContain('finished 2025-01-01 02:00:09 UTC');
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html).toContain("fetch('api/runs'");
  });
});

describe('a failure reason on the dashboard', () => {
  it('keeps a catalogued message, clipped to one line', () => {
    expect(failureReason('KYC_ERR_OUTPUT_EXISTS: /data/out/verdicts.csv exists\n  at x')).toBe(
      'KYC_ERR_OUTPUT_EXISTS: /data/out/verdicts.csv exists',
    );
    const long = failureReason(`KYC_ERR_INTERNAL: ${'x'.repeat(1000)}`);
    expect(long.length).toBe(300);
    expect(long.endsWith('…')).toBe(true);
  });

  it('never shows personal data a message might quote', () => {
    const shown = [
      failureReason('Error: unexpected row Щербаков Дмитрий Юрьевич 7701234561'),
      failureReason('TypeError: cannot read ivan.petrov@example.ru'),
      failureReason('KYC_ERR_INTERNAL: row with INN 770123456123 and petrov@почта.рф'),
    ].join('\n');
    expect(shown).not.toMatch(/Щербаков|7701234561|770123456123|petrov/u);
    expect(failureReason('TypeError: x is undefined')).toBe(
      "TypeError: unexpected error, see the coordinator's log",
    );
  });

  it("shows a run's message by its error code, and only the kind of an error without one", () => {
    const error = 'KYC_ERR_INTERNAL: row Щербаков';
    expect(redactRun({ ...base, status: 'failed', error, errorCode: 'KYC_ERR_INTERNAL' }).error).toBe(error);
    expect(redactRun({ ...base, status: 'failed', error: 'Error: row Щербаков' }).error).toBe(
      "Error: unexpected error, see the coordinator's log",
    );
  });

  it('masks credentials of URLs and keeps their host', () => {
    expect(failureReason('KYC_ERR_REDIS_CONNECT: redis://user:s3cret@redis.internal:6379')).toBe(
      'KYC_ERR_REDIS_CONNECT: redis://***@redis.internal:6379',
    );
  });
});
