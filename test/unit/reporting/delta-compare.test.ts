import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { changesOf, DeltaBuilder, failedChecks } from '../../../src/reporting/delta/compare.js';
import { deltaSummary, writeDeltaCsv } from '../../../src/reporting/delta/report.js';
import type { VerdictRow } from '../../../src/ingest/verdict-file.js';
import { withAlerts } from '../../../src/reporting/delta/alerts.js';
import type { RowAlert, RunDeskRecord } from '../../../src/reporting/desk-record.js';

function row(key: string, verdict: string, over: Partial<VerdictRow> = {}): VerdictRow {
  return { row: 1, key, name: key, verdict, reasons: [], checks: {}, matches: '', runId: 'r1', ...over };
}

describe('changesOf', () => {
  it('never calls a hit that could not be re-checked cleared: UNVERIFIED_HIT, listed first', () => {
    const failed = { checks: { sanctions: 'ERROR: KYC_ERR_UPSTREAM_TIMEOUT', debtor: 'CLEAR' } };
    expect(changesOf(row('a', 'HIT'), row('a', 'INCOMPLETE', failed))).toEqual([
      'UNVERIFIED_HIT',
      'VERDICT_CHANGED',
    ]);
    expect(changesOf(row('a', 'HIT'), row('a', 'INVALID'))).toEqual(['UNVERIFIED_HIT', 'VERDICT_CHANGED']);
    const builder = new DeltaBuilder();
    builder.addPrevious(row('b', 'CLEAR'));
    builder.addPrevious(row('a', 'HIT'));
    builder.addCurrent(row('b', 'HIT'));
    builder.addCurrent({ ...row('a', 'INCOMPLETE', failed), row: 2 });
    const report = builder.finish();
    expect(report.entries.map((e) => e.key)).toEqual(['a', 'b']);
    expect(report.counts.UNVERIFIED_HIT).toBe(1);
    expect(report.counts.CLEARED_HIT).toBe(0);
    expect(failedChecks(report.entries[0]?.current ?? row('x', 'CLEAR'))).toEqual(['sanctions']);
    const summary = deltaSummary(report, { previous: 'p', current: 'c' });
    expect(summary).toMatch(/UNVERIFIED_HIT\s+1\s/);
    expect(summary).toContain('  a  a  HIT → INCOMPLETE  (row 2)  failed: sanctions');
    expect(summary.indexOf('Hits that could not be re-checked')).toBeLessThan(summary.indexOf('New hits'));
  });

  it('classifies hits, verdict changes and matches', () => {
    expect(changesOf(row('a', 'CLEAR'), row('a', 'HIT'))).toEqual(['NEW_HIT', 'VERDICT_CHANGED']);
    expect(changesOf(row('a', 'HIT'), row('a', 'REVIEW'))).toEqual(['CLEARED_HIT', 'VERDICT_CHANGED']);
    expect(changesOf(row('a', 'REVIEW'), row('a', 'CLEAR'))).toEqual(['VERDICT_CHANGED']);
    expect(changesOf(row('a', 'CLEAR'), row('a', 'CLEAR'))).toEqual([]);
    const m1 = { matches: 'sanctions sanctions:1 0.95' };
    expect(
      changesOf(row('a', 'HIT', m1), row('a', 'HIT', { matches: 'sanctions sanctions:1 0.97' })),
    ).toEqual([]);
    expect(
      changesOf(row('a', 'HIT', m1), row('a', 'HIT', { matches: 'sanctions sanctions:2 0.95' })),
    ).toEqual(['MATCHES_CHANGED']);
  });

  it('tells new and removed clients, newly reopened and newly suppressed whitelist entries', () => {
    expect(changesOf(undefined, row('a', 'HIT'))).toEqual(['NEW_HIT', 'NEW_CLIENT']);
    expect(changesOf(row('a', 'HIT'), undefined)).toEqual(['REMOVED_CLIENT']);
    const reopened = {
      reasons: ['FOREIGN_AGENT_MATCH', 'FOREIGN_AGENT_WHITELIST_REOPENED: FA-0001 reviewed by X'],
    };
    const suppressed = { reasons: ['FOREIGN_AGENT_SUPPRESSED: FA-0001 by X 2025-01-10'] };
    expect(changesOf(row('a', 'CLEAR', suppressed), row('a', 'HIT', reopened))).toEqual([
      'NEW_HIT',
      'WHITELIST_REOPENED',
      'VERDICT_CHANGED',
    ]);
    expect(changesOf(row('a', 'HIT', reopened), row('a', 'HIT', reopened))).toEqual([]);
    expect(changesOf(row('a', 'HIT'), row('a', 'CLEAR', suppressed))).toEqual([
      'CLEARED_HIT',
      'VERDICT_CHANGED',
      'SUPPRESSED',
    ]);
  });
});

describe('DeltaBuilder', () => {
  it('keys duplicates by occurrence, counts every change and orders what an analyst acts on first', () => {
    const builder = new DeltaBuilder();
    builder.addPrevious(row('id:1', 'CLEAR', { row: 1 }));
    builder.addPrevious(row('id:2', 'HIT', { row: 2 }));
    builder.addPrevious(row('id:2', 'CLEAR', { row: 3 }));
    builder.addPrevious(row('id:4', 'CLEAR', { row: 4 }));
    builder.addCurrent(row('id:1', 'CLEAR', { row: 1 }));
    builder.addCurrent(row('id:2', 'CLEAR', { row: 2 }));
    builder.addCurrent(row('id:2', 'HIT', { row: 3 }));
    builder.addCurrent(row('id:5', 'REVIEW', { row: 4 }));
    const report = builder.finish();
    expect(report.clients).toEqual({ previous: 4, current: 4 });
    expect(report.entries.map((e) => [e.key, e.changes.join(' ')])).toEqual([
      ['id:2#2', 'NEW_HIT VERDICT_CHANGED'],
      ['id:2', 'CLEARED_HIT VERDICT_CHANGED'],
      ['id:5', 'NEW_CLIENT'],
      ['id:4', 'REMOVED_CLIENT'],
    ]);
    expect(report.counts).toMatchObject({
      NEW_HIT: 1,
      CLEARED_HIT: 1,
      VERDICT_CHANGED: 2,
      NEW_CLIENT: 1,
      REMOVED_CLIENT: 1,
    });
    const summary = deltaSummary(report, { previous: 'a.csv', current: 'b.csv' });
    expect(summary).toContain('Clients: 4 before, 4 now');
    expect(summary).toMatch(/NEW_HIT\s+1\s+new hits/u);
    expect(summary).toContain('New hits:\n  id:2#2  id:2  CLEAR → HIT  (row 3)');
  });
});

describe('delta.csv format', () => {
  it('is written in the format it is given (the run verdicts file format): Windows-1251 with `;`', async () => {
    const builder = new DeltaBuilder();
    builder.addPrevious(row('a', 'HIT', { name: 'Щербаков' }));
    builder.addCurrent(row('a', 'CLEAR', { name: 'Щербаков' }));
    const path = join(mkdtempSync(join(tmpdir(), 'kyc-delta-fmt-')), 'delta.csv');
    await writeDeltaCsv(path, builder.finish(), { encoding: 'windows-1251', bom: false, delimiter: ';' });
    const text = iconv.decode(readFileSync(path), 'windows-1251');
    expect(text.split('\r\n')[0]).toMatch(/^changes;client_key;name;/);
    expect(text).toContain(';Щербаков;HIT;CLEAR;');
  });
});

describe('the delta in the review desk’s terms', () => {
  const record = (rows: [number, RowAlert[]][]): RunDeskRecord => ({ runId: 'r2', rows: new Map(rows) });
  const opened: RowAlert = {
    id: 31,
    register: 'sanctions',
    recordId: 's:1',
    sighting: 'new',
    status: 'open',
  };
  const again: RowAlert = {
    id: 7,
    register: 'foreign_agent',
    recordId: 'FA-1',
    sighting: 'seen_again',
    status: 'pending',
    decision: { kind: 'escalate', decidedBy: 'alice' },
  };
  const decided: RowAlert = {
    ...again,
    id: 8,
    status: 'false_positive',
    decision: { kind: 'false_positive', decidedBy: 'alice', approvedBy: 'bob' },
  };

  function report() {
    const builder = new DeltaBuilder();
    builder.addPrevious(row('id:1', 'CLEAR', { row: 1 }));
    builder.addPrevious(row('id:2', 'REVIEW', { row: 2, matches: 'foreign_agent FA-0 0.8' }));
    builder.addCurrent(row('id:1', 'HIT', { row: 1 }));
    builder.addCurrent(row('id:2', 'REVIEW', { row: 2, matches: 'foreign_agent FA-1 0.8' }));
    builder.addCurrent(row('id:3', 'CLEAR', { row: 3 }));
    return builder.finish();
  }

  it('gives each HIT and REVIEW row its alerts, opened by this run or seen again, and counts them', async () => {
    const delta = withAlerts(
      report(),
      record([
        [1, [opened]],
        [2, [again, decided]],
      ]),
    );
    const summary = deltaSummary(delta, { previous: 'p', current: 'c' });
    expect(summary).toContain('Alerts: 1 new (opened by this run), 2 seen again, 0 reopened');
    expect(summary).toContain('  id:1  id:1  CLEAR → HIT  (row 1)  alerts: #31 new, open');
    const path = join(mkdtempSync(join(tmpdir(), 'kyc-delta-alerts-')), 'delta.csv');
    await writeDeltaCsv(path, delta, { encoding: 'utf-8', bom: false, delimiter: ',' });
    const lines = readFileSync(path, 'utf8').split('\r\n');
    expect(lines[0]).toMatch(/,register_change,alerts$/u);
    expect(lines.find((l) => l.includes(',id:1,'))).toMatch(/,"#31 new, open"$/u);
    expect(lines.find((l) => l.includes(',id:2,'))).toMatch(
      /,"#7 seen_again, pending escalate by alice; #8 seen_again, false_positive by alice approved by bob"$/u,
    );
  });

  it('says “no desk record” where the desk has none of the run, and nothing when it was not asked', async () => {
    const none = withAlerts(report(), undefined);
    expect(deltaSummary(none, { previous: 'p', current: 'c' })).toContain(
      'Alerts: no desk record of the current run',
    );
    const path = join(mkdtempSync(join(tmpdir(), 'kyc-delta-nodesk-')), 'delta.csv');
    await writeDeltaCsv(path, none, { encoding: 'utf-8', bom: false, delimiter: ',' });
    expect(
      readFileSync(path, 'utf8')
        .split('\r\n')
        .find((l) => l.includes(',id:1,')),
    ).toMatch(/,no desk record$/u);
    expect(deltaSummary(report(), { previous: 'p', current: 'c' })).not.toContain('Alerts:');
  });
});
