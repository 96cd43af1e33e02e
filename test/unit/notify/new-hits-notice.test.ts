import { createHmac } from 'node:crypto';
import { pageLang } from '../../../src/dashboard/layout.js';
import { describe, expect, it } from 'vitest';
import { DELTA_CHANGES, type DeltaChange } from '../../../src/reporting/delta/compare.js';
import { newHitsBadge } from '../../../src/dashboard/runs-page.js';
import { newHitsLogLine, noticeAlertsOf, type NewHitsNotice } from '../../../src/notify/new-hits.js';
import type { RowAlert, RunDeskRecord } from '../../../src/reporting/desk-record.js';
import { DEMO_API_KEY, loadConfig, logSecrets } from '../../../src/config.js';
import { receiverOf, requestOf } from '../../../src/notify/webhook-queue.js';
import { signatureHeader, verifySignature, webhookBody } from '../../../src/notify/webhook-signature.js';
import type { RunState } from '../../../src/run/state/run-store.js';

const counts = (given: Partial<Record<DeltaChange, number>>): Record<DeltaChange, number> =>
  Object.fromEntries(DELTA_CHANGES.map((c) => [c, given[c] ?? 0])) as Record<DeltaChange, number>;

const notice: NewHitsNotice = {
  runId: 's_nightly_1767225600000',
  schedule: 'nightly',
  previousRunId: 's_nightly_1767139200000',
  counts: counts({ NEW_HIT: 2, NEW_CLIENT: 3, CLEARED_HIT: 1 }),
  deltaFile: '/srv/kyc/out/2026-01-01_0200/delta.csv',
  at: '2026-01-01T02:14:00.000Z',
};

describe('the new-HITs webhook body and signature', () => {
  it('the body carries ids, every count, the delta file and the time, and nothing else', () => {
    const body = JSON.parse(webhookBody(notice)) as Record<string, unknown>;
    expect(body).toEqual({
      event: 'delta.new_hits',
      run_id: 's_nightly_1767225600000',
      schedule: 'nightly',
      previous_run_id: 's_nightly_1767139200000',
      new_hits: 2,
      counts: counts({ NEW_HIT: 2, NEW_CLIENT: 3, CLEARED_HIT: 1 }),
      delta_file: '/srv/kyc/out/2026-01-01_0200/delta.csv',
      alerts: null,
      timestamp: '2026-01-01T02:14:00.000Z',
    });
    expect(Object.keys(body.counts as object)).toEqual([...DELTA_CHANGES]);
  });

  it('carries the alerts the run opened (ids and links) and how many it saw again, never client data', () => {
    const seen = (id: number, row: number): [number, RowAlert[]] => [
      row,
      [{ id, register: 'sanctions', recordId: `s:${id}`, sighting: 'seen_again', status: 'open' }],
    ];
    const record: RunDeskRecord = {
      runId: notice.runId,
      dashboardUrl: 'https://kyc.example/dash/',
      rows: new Map([
        [4, [{ id: 41, register: 'sanctions', recordId: 's:41', sighting: 'new', status: 'open' }]],
        seen(7, 5),
        seen(8, 6),
        // The same alert on a duplicated client row is one alert.
        seen(8, 9),
        [10, [{ id: 3, register: 'foreign_agent', recordId: 'FA-3', sighting: 'reopened', status: 'open' }]],
      ]),
    };
    const body = JSON.parse(webhookBody({ ...notice, alerts: noticeAlertsOf(record) })) as Record<
      string,
      unknown
    >;
    expect(body.alerts).toEqual({
      opened: [{ id: 41, url: '/v1/alerts/41', desk_url: 'https://kyc.example/dash/desk/alerts/41' }],
      reopened: [{ id: 3, url: '/v1/alerts/3', desk_url: 'https://kyc.example/dash/desk/alerts/3' }],
      seen_again: 2,
    });
    const noDashboard = noticeAlertsOf({ runId: record.runId, rows: record.rows });
    expect(noDashboard.opened).toEqual([{ id: 41 }]);
    const plain = JSON.parse(webhookBody({ ...notice, alerts: noDashboard })) as {
      alerts: { opened: unknown };
    };
    expect(plain.alerts.opened).toEqual([{ id: 41, url: '/v1/alerts/41', desk_url: null }]);
  });

  it('signs "<t>.<body>" with HMAC-SHA256, as a receiver recomputes it', () => {
    const body = webhookBody(notice);
    const header = signatureHeader('s3cret', body, 1_767_226_440);
    const expected = createHmac('sha256', 's3cret').update(`1767226440.${body}`).digest('hex');
    expect(header).toBe(`t=1767226440,v1=${expected}`);
    expect(verifySignature('s3cret', header, body, { nowSeconds: 1_767_226_500 })).toBe(true);
  });

  it('a receiver rejects another secret, an altered body, an old timestamp and a garbled header', () => {
    const body = webhookBody(notice);
    const header = signatureHeader('s3cret', body, 1_000_000);
    expect(verifySignature('other', header, body, { nowSeconds: 1_000_000 })).toBe(false);
    expect(
      verifySignature('s3cret', header, body.replace('"new_hits":2', '"new_hits":0'), {
        nowSeconds: 1_000_000,
      }),
    ).toBe(false);
    expect(verifySignature('s3cret', header, body, { nowSeconds: 1_000_301 })).toBe(false);
    expect(verifySignature('s3cret', 'v1=abc', body, { nowSeconds: 1_000_000 })).toBe(false);
  });

  it('logs and shows only the receiver’s origin: no userinfo, no token in the path', () => {
    expect(receiverOf('https://user:pw@hooks.example.com/hooks/T0K3N?x=1')).toBe('https://hooks.example.com');
  });

  it('sends a URL’s userinfo as Basic authentication, the URL without it', () => {
    expect(requestOf('https://us%40er:p%3Aw@hooks.example.com/h?x=1')).toEqual({
      url: 'https://hooks.example.com/h?x=1',
      headers: { authorization: `Basic ${Buffer.from('us@er:p:w').toString('base64')}` },
    });
    expect(requestOf('https://hooks.example.com/h')).toEqual({
      url: 'https://hooks.example.com/h',
      headers: {},
    });
  });

  it('a webhook URL needs a secret; both are kept out of the logs', () => {
    const env = { KYC_API_URL: 'http://127.0.0.1:1', KYC_API_KEY: DEMO_API_KEY };
    expect(() => loadConfig({ ...env, KYC_WEBHOOK_URL: 'https://h.example.com/x' })).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_CONFIG_WEBHOOK' }) as Error,
    );
    expect(() => loadConfig({ ...env, KYC_WEBHOOK_URL: 'ftp://h', KYC_WEBHOOK_SECRET: 's' })).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_CONFIG_WEBHOOK' }) as Error,
    );
    const config = loadConfig({
      ...env,
      KYC_WEBHOOK_URL: 'https://hook:pa55word@h.example.com/x',
      KYC_WEBHOOK_SECRET: 'whsec-1',
    });
    expect(config.webhookUrl).toBe('https://hook:pa55word@h.example.com/x');
    expect(logSecrets(config)).toEqual(expect.arrayContaining(['whsec-1', 'pa55word']));
  });
});

describe('where an operator sees new HITs', () => {
  it('the warn line has counts, ids and the delta path', () => {
    const line = newHitsLogLine(notice);
    expect(line.message).toBe('2 new HITs in the delta');
    expect(line.fields).toMatchObject({
      runId: notice.runId,
      schedule: 'nightly',
      newHits: 2,
      deltaFile: notice.deltaFile,
      delta: { NEW_HIT: 2, NEW_CLIENT: 3 },
    });
    expect(newHitsLogLine({ counts: counts({ NEW_HIT: 1 }), deltaFile: 'd.csv' }).message).toBe(
      '1 new HIT in the delta',
    );
  });

  it('the runs page badges a run whose delta has new HITs, and only such a run', () => {
    const run = { id: 's_nightly_1', delta: undefined } as unknown as RunState;
    expect(newHitsBadge(run, pageLang('en'))).toBe('');
    const delta = { previousRunId: 's_nightly_0', counts: {}, newHits: 0, file: '/o/delta.csv' };
    expect(newHitsBadge({ ...run, delta }, pageLang('en'))).toBe('');
    const badge = newHitsBadge({ ...run, delta: { ...delta, newHits: 3 } }, pageLang('en'));
    expect(badge).toContain('>3 new HITs</span>');
    expect(badge).toContain('since run s_nightly_0; delta: /o/delta.csv');
  });
});
