import { describe, expect, it } from 'vitest';
import { filterQuery, matchesFilter, parseRunFilter } from '../../../src/dashboard/run-filter.js';
import { fileHref, runIdHtml } from '../../../src/dashboard/runs-page.js';
import type { RunState } from '../../../src/run/state/run-store.js';

const run = (status: RunState['status'], createdAt: string, schedule?: string) =>
  ({ status, createdAt, ...(schedule ? { schedule } : {}) }) as RunState;

describe('the runs page filters', () => {
  it('keep the runs of the status and the UTC days asked, both ends included', () => {
    const filter = parseRunFilter({ status: 'done', from: '2026-11-01', to: '2026-11-30' });
    expect(matchesFilter(run('done', '2026-11-01T00:00:00.000Z'), filter)).toBe(true);
    expect(matchesFilter(run('done', '2026-11-30T23:59:59.999Z'), filter)).toBe(true);
    expect(matchesFilter(run('done', '2026-12-01T00:00:00.000Z'), filter)).toBe(false);
    expect(matchesFilter(run('failed', '2026-11-10T00:00:00.000Z'), filter)).toBe(false);
    expect(matchesFilter(run('failed', '2026-11-10T00:00:00.000Z'), parseRunFilter({ status: '' }))).toBe(
      true,
    );
    expect(
      matchesFilter(run('done', '2026-11-10T00:00:00.000Z', 'nightly'), parseRunFilter({ schedule: 'x' })),
    ).toBe(false);
    expect(filterQuery(filter)).toBe('?status=done&from=2026-11-01&to=2026-11-30');
    expect(filterQuery({})).toBe('');
  });

  it('refuse a status or a date they cannot mean, naming the field', () => {
    expect(() => parseRunFilter({ status: 'finished' })).toThrow(/status="finished": use queued, running/u);
    expect(() => parseRunFilter({ from: '2026-13-01' })).toThrow(/from="2026-13-01": expected a date/u);
    expect(() => parseRunFilter({ to: 'yesterday' })).toThrow(/to="yesterday"/u);
  });
});

describe('run ids and file links', () => {
  it('break only after a separator, and are escaped', () => {
    expect(runIdHtml('r20250101_020000_abcdef')).toBe('r20250101_<wbr>020000_<wbr>abcdef');
    expect(runIdHtml('a<b-c')).toBe('a&#60;b-<wbr>c');
    expect(fileHref('s_nightly/../x', 'report.html')).toBe('runs/s_nightly%2F..%2Fx/files/report.html');
  });
});
