import { describe, expect, it } from 'vitest';
import { failureLine, runListTable, utcMinuteSecond } from '../../../src/cli-ui/run-list.js';
import type { RunState } from '../../../src/run/state/run-store.js';

function run(over: Partial<RunState> & Pick<RunState, 'id'>): RunState {
  return {
    input: '/data/clients.csv',
    inputSha256: 'x',
    inputBytes: 10,
    out: '/out/verdicts.csv',
    evidence: '/out/evidence.jsonl',
    manifest: '/out/manifest.json',
    priority: 'normal',
    window: 100,
    checks: ['foreign_agent'],
    createdAt: '2026-11-24T00:37:05.123Z',
    config: {},
    status: 'done',
    dispatched: 3,
    written: 3,
    totalRows: 3,
    ...over,
  };
}

describe('status run list', () => {
  it('has a header and columns aligned whatever the lengths of the values', () => {
    const text = runListTable([
      run({ id: 'nightly-2026-11-24', status: 'running', written: 1200, totalRows: undefined }),
      run({ id: 'r1', priority: 'high', input: '/x.csv' }),
    ]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^RUN ID\s+STATUS\s+ROWS\s+PRIORITY\s+CREATED \(UTC\)\s+INPUT$/);
    for (const column of ['STATUS', 'ROWS', 'PRIORITY', 'CREATED (UTC)', 'INPUT']) {
      const at = lines[0]?.indexOf(column) ?? -1;
      expect(at).toBeGreaterThan(0);
      // Every row has a value starting exactly under its header.
      for (const line of lines.slice(1)) {
        expect(line[at - 1]).toBe(' ');
        expect(line[at]).not.toBe(' ');
      }
    }
    expect(lines[1]).toContain('1200/?');
    expect(lines[1]).toContain('2026-11-24 00:37:05');
    expect(lines[2]).toMatch(/^r1\s+done\s+3\/3\s+high\s+2026-11-24 00:37:05\s+\/x\.csv$/);
  });

  it("shows a failed run's reason on the line under it, one line however long or multi-line", () => {
    const error = `KycError: KYC_ERR_OUTPUT_EXISTS: /out/verdicts.csv exists\n    at place (output-paths.ts:1:1)`;
    const lines = runListTable([run({ id: 'bad', status: 'failed', error }), run({ id: 'ok' })]).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^bad\s+failed/);
    expect(lines[2]).toBe('  failed: KycError: KYC_ERR_OUTPUT_EXISTS: /out/verdicts.csv exists');
    expect(lines[3]).toMatch(/^ok\s+done/);
    const long = runListTable([run({ id: 'b', status: 'failed', error: 'e'.repeat(500) })]).split('\n')[2];
    expect(long?.length).toBeLessThan(200);
    expect(long).toMatch(/…$/);
    expect(runListTable([run({ id: 'b', status: 'failed' })])).toContain('failed: no reason recorded');
  });

  it('says so when there are no runs', () => {
    expect(runListTable([])).toBe('No runs.');
  });

  it('shows times as stored (UTC) to the second, and a reason in full when not limited', () => {
    expect(utcMinuteSecond('2026-01-02T03:04:05.678Z')).toBe('2026-01-02 03:04:05');
    expect(utcMinuteSecond('yesterday')).toBe('yesterday');
    expect(failureLine('x'.repeat(300))).toHaveLength(300);
  });

  it('puts a scheduled run’s new HITs on the line under it, and nothing for a delta without', () => {
    const delta = { previousRunId: 's_n_1', counts: { NEW_HIT: 2 }, newHits: 2, file: '/out/n/delta.csv' };
    const lines = runListTable([
      run({ id: 's_n_2', delta }),
      run({ id: 's_n_1', delta: { ...delta, newHits: 0 } }),
    ]).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe('  2 new HITs since s_n_1: /out/n/delta.csv');
    expect(lines[3]).toMatch(/^s_n_1 /u);
  });
});
