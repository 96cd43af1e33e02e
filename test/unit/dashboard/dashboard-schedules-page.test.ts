import { describe, expect, it } from 'vitest';
import { pageLang } from '../../../src/dashboard/layout.js';
import { runsPage } from '../../../src/dashboard/runs-page.js';
import { CATALOG, type ErrorCode } from '../../../src/errors.js';
import { errorSentence } from '../../../src/i18n/error-sentences.js';
import { schedulesPage } from '../../../src/dashboard/schedules-page.js';
import type { FiringSummary } from '../../../src/schedule/firings.js';
import type { ScheduleInfo } from '../../../src/schedule/schedules.js';

const schedule = (name: string): ScheduleInfo => ({
  name,
  cron: '0 2 * * *',
  tz: 'Europe/Moscow',
  next: Date.parse('2026-11-27T23:00:00.000Z'),
  data: undefined,
});

const firedAt = Date.parse('2026-11-26T23:00:00.000Z');
const summaries = new Map<string, FiringSummary>([
  [
    'nightly',
    {
      last: {
        firedAt,
        runId: 'sched_nightly_1',
        state: 'failed',
        reason: 'KYC_ERR_INPUT_NOT_FOUND: clients.csv',
        code: 'KYC_ERR_INPUT_NOT_FOUND',
        exitCode: 3,
      },
      failedRecently: 2,
    },
  ],
  [
    'weekly',
    {
      last: {
        firedAt,
        runId: 'sched_weekly_1',
        state: 'done',
        result: { runId: 'sched_weekly_1', outDir: '/o', exitCode: 8, runExitCode: 0, newHits: 3 },
      },
      failedRecently: 0,
    },
  ],
  [
    'hourly',
    {
      last: {
        firedAt,
        runId: 'sched_hourly_2',
        state: 'done',
        result: {
          runId: 'sched_hourly_2',
          outDir: '',
          exitCode: 0,
          runExitCode: 0,
          skipped: 'the firing of 2026-11-26T22:00:00.000Z (sched_hourly_1) is still running',
        },
      },
      failedRecently: 0,
    },
  ],
]);
const all = ['nightly', 'weekly', 'hourly', 'fresh'].map(schedule);

/** The row of a schedule, as the page writes it. */
const rowOf = (html: string, name: string) =>
  html.match(new RegExp(`<tr id="schedule-${name}"[^]*?</tr>`, 'u'))?.[0] ?? '';

describe('the schedules page', () => {
  it('shows a failed last firing with its code, a sentence, when, and the failures of the last days, highlighted', () => {
    const html = schedulesPage(all, pageLang('en'), summaries);
    const nightly = rowOf(html, 'nightly');
    expect(nightly).toContain('class="failing"');
    expect(nightly).toContain('failed: KYC_ERR_INPUT_NOT_FOUND (exit 3)');
    expect(nightly).toContain('The input file does not exist or cannot be read');
    expect(nightly).toContain('due 2026-11-26 23:00 UTC');
    expect(nightly).toContain('<td class="failures bad">2</td>');
    expect(html).toContain('Schedules whose last firing failed: 1.');
  });

  it('shows a firing that ran, one skipped and why, and a schedule not fired yet, none highlighted', () => {
    const html = schedulesPage(all, pageLang('en'), summaries);
    expect(rowOf(html, 'weekly')).toContain('ran, 3 new HITs (exit 8)');
    const hourly = rowOf(html, 'hourly');
    expect(hourly).toContain('skipped: the previous firing was still running');
    expect(hourly).toContain('(sched_hourly_1) is still running');
    expect(rowOf(html, 'fresh')).toContain('not fired yet');
    for (const name of ['weekly', 'hourly', 'fresh']) {
      expect(rowOf(html, name)).not.toContain('failing');
      expect(rowOf(html, name)).toContain('<td class="failures">0</td>');
    }
  });

  it('says it in Russian by default, the code kept as it is', () => {
    const html = schedulesPage(all, pageLang('ru'), summaries);
    const nightly = rowOf(html, 'nightly');
    expect(nightly).toContain('сбой: KYC_ERR_INPUT_NOT_FOUND (код выхода 3)');
    expect(nightly).toContain('Входной файл не существует или не читается');
    expect(html).toContain('Расписаний, чей последний запуск не удался: 1.');
  });

  it('has no banner when no schedule is failing', () => {
    const html = schedulesPage([schedule('weekly')], pageLang('en'), summaries);
    expect(html).not.toContain('role="alert"');
  });

  it('has a sentence for every error code a firing may fail with, in both languages', () => {
    for (const code of Object.keys(CATALOG) as ErrorCode[]) {
      expect(errorSentence(code, 'en'), code).toBe(CATALOG[code].message);
      expect(errorSentence(code, 'ru'), code).toMatch(/[а-яё]/iu);
    }
  });

  it('is linked from the runs page while a schedule’s last firing failed', () => {
    const html = runsPage([], pageLang('en'), { failingSchedules: ['nightly'] });
    expect(html).toContain(
      'Schedules whose last firing failed (1): <a href="schedules#schedule-nightly" translate="no">nightly</a>',
    );
    expect(runsPage([], pageLang('en'))).not.toContain('last firing failed');
  });
});
