import { describe, expect, it } from 'vitest';
import { redactJobData, redactReturnValue } from '../../../src/dashboard/redact.js';
import { runsPage } from '../../../src/dashboard/runs-page.js';
import { pageLang } from '../../../src/dashboard/layout.js';
import type { RunState } from '../../../src/run/state/run-store.js';

const EN = pageLang('en');

describe('what the dashboard shows of a job', () => {
  it('hides the client, name-based keys and the requests and candidates of results', () => {
    const check = {
      kind: 'sanctions',
      status: 'MATCH',
      score: 1,
      detail: 'sanctions:1a 1.00',
      reasons: ['SANCTIONS_MATCH'],
      candidates: [{ recordName: 'Щербаков Дмитрий Юрьевич', explanation: 'щербаков' }],
      requests: [{ operation: 'search.sanctions', params: { name: 'Щербаков' } }],
    };
    const merge = {
      runId: 'r1',
      row: 7,
      clientKey: 'name:щербаков дмитрий юрьевич|1971-02-08',
      kinds: ['sanctions'],
      decided: [check],
      warnings: [{ code: 'KYC_ERR_ROW_INN_CHECKSUM', message: 'INN 7701234561', field: 'inn' }],
    };
    const shown = JSON.stringify([
      redactJobData({ runId: 'r1', row: 7, client: { name: 'Щербаков Дмитрий Юрьевич', inn: '7701234561' } }),
      redactJobData(merge),
      redactReturnValue(check),
    ]);
    expect(shown).not.toMatch(/Щербаков|щербаков|7701234561/u);
    expect(shown).toContain('[personal data hidden]');
    expect(redactReturnValue(check)).toEqual({
      kind: 'sanctions',
      status: 'MATCH',
      score: 1,
      detail: 'sanctions:1a 1.00',
      reasons: ['SANCTIONS_MATCH'],
    });
    expect(redactJobData({ ...merge, clientKey: 'id:CL-7' })).toMatchObject({ clientKey: 'id:CL-7', row: 7 });
    expect(redactJobData({ runId: 'r1' })).toEqual({ runId: 'r1' });
  });

  it('the runs page escapes what it shows', () => {
    const run: RunState = {
      id: 'r1',
      status: 'running',
      input: '/data/in/<script>.csv',
      inputSha256: '0'.repeat(64),
      inputBytes: 100,
      out: '/data/out/verdicts.csv',
      evidence: '/data/out/evidence.jsonl',
      manifest: '/data/out/manifest.json',
      priority: 'normal',
      window: 100,
      checks: ['sanctions'],
      createdAt: '2025-01-01T02:00:00.000Z',
      config: {},
      dispatched: 10,
      written: 5,
      totalRows: 10,
      schedule: 'a"b',
    };
    const html = runsPage([{ run, counters: { 'verdict:HIT': 2, calls: 9 } }], EN);
    // The page's own refresh script is its only one.
    expect(html.match(/<script>/gu)).toHaveLength(1);
    expect(html).not.toContain('/in/<script>');
    expect(html).toContain('&#60;script&#62;.csv');
    expect(html).toContain('5 / 10');
    expect(html).toMatch(/<td class="num HIT"[^>]*>2<\/td>/u);
  });
});
