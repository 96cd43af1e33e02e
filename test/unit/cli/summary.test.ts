import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryFields, summaryTable } from '../../../src/cli-ui/summary.js';
import type { RunState } from '../../../src/run/state/run-store.js';

function finishedRun(dir: string, report: boolean): RunState {
  return {
    id: 'r1',
    status: 'done',
    input: join(dir, 'clients.csv'),
    inputSha256: '0'.repeat(64),
    inputBytes: 100,
    out: join(dir, 'verdicts.csv'),
    evidence: join(dir, 'evidence.jsonl'),
    manifest: join(dir, 'manifest.json'),
    priority: 'normal',
    window: 100,
    checks: ['debtor', 'sanctions'],
    createdAt: '2026-11-28T02:00:00.000Z',
    config: {},
    dispatched: 10,
    written: 10,
    totalRows: 10,
    ...(report ? { report: true } : {}),
  };
}

const reused = {
  'verdict:CLEAR': 10,
  calls: 4,
  answers_reused: 16,
  'answer_day:debtor:2026-11-20': 9,
  'answer_day:sanctions:2026-11-27': 7,
};

describe('the end-of-run summary', () => {
  it('says how many answers of earlier runs were used instead of calls, and from which day the oldest is', () => {
    const run = finishedRun(mkdtempSync(join(tmpdir(), 'kyc-summary-')), false);
    expect(summaryTable(run, reused)).toMatch(/^answers reused\s+16 \(oldest fetched 2026-11-20\)$/mu);
    expect(summaryFields(run, reused)).toMatchObject({ answersReused: 16 });
    expect(summaryTable(run, { 'verdict:CLEAR': 10 })).not.toContain('answers reused');
  });

  it("names the run's report.html once it is written, after the manifest", () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-summary-'));
    const run = finishedRun(dir, true);
    expect(summaryTable(run, reused)).not.toMatch(/^report\s/mu);
    writeFileSync(join(dir, 'report.html'), '<!doctype html>');
    const lines = summaryTable(run, reused).split('\n');
    expect(lines.at(-1)).toMatch(new RegExp(`^report\\s+${join(dir, 'report.html')}$`, 'u'));
    expect(lines.at(-2)).toMatch(/^manifest\s/u);
    expect(lines.at(-5)).toMatch(/^unrecognised answers\s+0$/u);
    expect(summaryFields(run, reused)).toMatchObject({ outputs: { report: join(dir, 'report.html') } });
  });
});
