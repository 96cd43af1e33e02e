import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { Desk, type Person } from '../../../src/desk/desk.js';
import { runDeskHooks } from '../../../src/desk/run-hooks.js';
import { silentLogger } from '../../../src/log.js';
import { noticeAlertsOf } from '../../../src/notify/new-hits.js';
import { withAlerts } from '../../../src/reporting/delta/alerts.js';
import { computeDelta, deltaSummary, writeDeltaCsv } from '../../../src/reporting/delta/report.js';
import type { RowAlert, RunDeskRecord } from '../../../src/reporting/desk-record.js';
import type { RunState } from '../../../src/run/state/run-store.js';
import { CLIENTS, clientsCsv, readVerdicts, startOpsPipeline, type OpsPipeline } from '../ops/helpers.js';

/**
 * A run's alerts in what it writes: the run records its candidates at the desk (embedded PostgreSQL) before
 * its report, so report.html shows each HIT and REVIEW row's alert, new or seen again, and where it stands
 * (open, awaiting approval, approved with who), linked to the desk's page; the delta and the new-HITs
 * notice speak of the alerts the run opened and saw again; a report made where the desk has no record of
 * the run says so.
 */

const DASHBOARD = 'https://kyc.example/dash';
const alice: Person = { name: 'alice', roles: ['analyst'] };
const bob: Person = { name: 'bob', roles: ['approver'] };

let pipeline: OpsPipeline;
let desk: Desk | undefined;
const stateDir = mkdtempSync(join(tmpdir(), 'kyc-desk-report-'));
const rows = [
  ['CL-1', ...CLIENTS.clean1],
  ['CL-2', ...CLIENTS.foreignAgentHit],
  ['CL-3', ...CLIENTS.sanctionsHit],
];
let first: RunState;
let second: RunState;

const reportOf = (run: RunState) => readFileSync(join(dirname(run.manifest), 'report.html'), 'utf8');
const attentionRows = (run: RunState) =>
  readVerdicts(run.out)
    .map((r, i) => ({ row: i + 1, id: r.client_id ?? '', verdict: r.kyc_verdict ?? '' }))
    .filter((r) => r.verdict === 'HIT' || r.verdict === 'REVIEW');

async function recordOf(run: RunState): Promise<RunDeskRecord> {
  const record = await desk?.runRecord(run.id, DASHBOARD);
  expect(record, `the desk's record of ${run.id}`).toBeDefined();
  return record as RunDeskRecord;
}

function alertOfRow(record: RunDeskRecord, row: number): RowAlert {
  const [alert] = record.rows.get(row) ?? [];
  expect(alert, `an alert of row ${row}`).toBeDefined();
  return alert as RowAlert;
}

beforeAll(async () => {
  desk = await Desk.open({ stateDir });
  const opened = desk;
  pipeline = await startOpsPipeline({
    desk: (redis, prefix) =>
      runDeskHooks({ desk: opened, redis, prefix, log: silentLogger(), dashboardUrl: DASHBOARD }),
  });
});
afterAll(async () => {
  await pipeline?.close();
  await desk?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('the run report and the delta speak of alerts', () => {
  it('a run’s report shows each HIT and REVIEW row’s new, open alert, linked to the desk', async () => {
    first = (await pipeline.run(clientsCsv(rows), { lang: 'en' })).run;
    const html = reportOf(first);
    const record = await recordOf(first);
    const attention = attentionRows(first);
    expect(attention.map((r) => r.id)).toEqual(['CL-2', 'CL-3']);
    for (const { row } of attention) {
      const alert = alertOfRow(record, row);
      expect(alert).toMatchObject({ sighting: 'new', status: 'open' });
      expect(html).toContain(
        `<li data-alert="${alert.id}" data-sighting="new" data-status="open">` +
          `<a href="${DASHBOARD}/desk/alerts/${alert.id}">alert ${alert.id}</a> · new<br>` +
          `<span class="why">open</span></li>`,
      );
    }
    const opened = new Set([...record.rows.values()].flat().map((a) => a.id)).size;
    expect(html).toContain(`Review desk alerts: ${opened} new, 0 seen again, 0 reopened.`);
    expect(html).not.toContain('no desk record');
  });

  it('the next run’s report shows the same alerts seen again, with the decisions and who made them', async () => {
    const record = await recordOf(first);
    const agent = alertOfRow(record, 2);
    const sanctions = alertOfRow(record, 3);
    if (!desk) throw new Error('no desk');
    const hashOf = async (id: number) => (await desk?.getAlert(id))?.recordHash ?? '';
    const match = await desk.decide(sanctions.id, alice, {
      decision: 'true_match',
      comment: 'same person',
      recordHash: await hashOf(sanctions.id),
    });
    await desk.approve(sanctions.id, bob, { decisionId: match.id, approve: true });
    await desk.decide(agent.id, alice, {
      decision: 'escalate',
      comment: 'ask the branch',
      recordHash: await hashOf(agent.id),
    });
    const input = clientsCsv([...rows, ['CL-4', ...CLIENTS.foreignAgentPossible]]);
    second = (await pipeline.run(input, { lang: 'en' })).run;
    const html = reportOf(second);
    expect(html).toContain(
      `<li data-alert="${sanctions.id}" data-sighting="seen_again" data-status="true_match">` +
        `<a href="${DASHBOARD}/desk/alerts/${sanctions.id}">alert ${sanctions.id}</a> · seen again<br>` +
        `<span class="why">true match (<span translate="no">alice</span>, approved by <span translate="no">bob</span>)</span></li>`,
    );
    expect(html).toContain(
      `<li data-alert="${agent.id}" data-sighting="seen_again" data-status="pending">` +
        `<a href="${DASHBOARD}/desk/alerts/${agent.id}">alert ${agent.id}</a> · seen again<br>` +
        `<span class="why">awaiting approval: escalated (<span translate="no">alice</span>)</span></li>`,
    );
    const newRow = attentionRows(second).find((r) => r.id === 'CL-4');
    expect(newRow, 'CL-4 is a HIT or REVIEW row').toBeDefined();
    const fresh = alertOfRow(await recordOf(second), newRow?.row ?? 0);
    expect(html).toContain(`<li data-alert="${fresh.id}" data-sighting="new" data-status="open">`);
  });

  it('the delta and the new-HITs notice count the alerts the run opened and saw again', async () => {
    const record = await recordOf(second);
    const fresh = [...new Set((record.rows.get(4) ?? []).map((a) => a.id))];
    const againIds = [...new Set([2, 3].flatMap((row) => (record.rows.get(row) ?? []).map((a) => a.id)))];
    const report = withAlerts(await computeDelta(first.out, second.out), record);
    const summary = deltaSummary(report, { previous: 'first', current: 'second' });
    expect(summary).toContain(
      `Alerts: ${fresh.length} new (opened by this run), ${againIds.length} seen again, 0 reopened`,
    );
    const out = join(mkdtempSync(join(tmpdir(), 'kyc-desk-delta-')), 'delta.csv');
    await writeDeltaCsv(out, report, report.format);
    const cl4 = readVerdicts(out).find((r) => r.client_key === 'id:CL-4');
    expect(cl4?.alerts).toBe(fresh.map((id) => `#${id} new, open`).join('; '));
    const alerts = noticeAlertsOf(record);
    expect(alerts.opened).toEqual(fresh.map((id) => ({ id, deskUrl: `${DASHBOARD}/desk/alerts/${id}` })));
    expect(alerts.seenAgain).toBe(againIds.length);
  });

  it('`report html` reads the desk of the state directory, and says “no desk record” where it has none', async () => {
    // A copy of the run's directory, as an archive or another machine holds it.
    const copy = join(mkdtempSync(join(tmpdir(), 'kyc-desk-copy-')), 'run');
    cpSync(dirname(second.manifest), copy, { recursive: true });
    // The embedded database serves one process: this one lets go of it for the command.
    await desk?.close();
    desk = undefined;
    const report = (dir: string, lang: string) => {
      const out = join(mkdtempSync(join(tmpdir(), 'kyc-desk-html-')), 'report.html');
      const env = {
        ...process.env,
        KYC_API_KEY: DEMO_API_KEY,
        DATABASE_URL: '',
        KYC_DASHBOARD_URL: DASHBOARD,
      };
      const args = ['report', 'html', copy, '--state-dir', dir, '--out', out, '--lang', lang];
      const done = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        encoding: 'utf8',
        env,
      });
      expect(done.status, done.stderr).toBe(0);
      return readFileSync(out, 'utf8');
    };
    const withDesk = report(stateDir, 'en');
    expect(withDesk).toContain(
      '<span class="why">true match (<span translate="no">alice</span>, approved by <span translate="no">bob</span>)</span>',
    );
    expect(withDesk).toContain(`href="${DASHBOARD}/desk/alerts/`);
    const elsewhere = report(mkdtempSync(join(tmpdir(), 'kyc-no-desk-')), 'ru');
    const attention = attentionRows(second).length;
    expect(elsewhere.split('>нет записи в контроле совпадений<').length - 1).toBe(attention);
    expect(elsewhere).toContain('В контроле совпадений нет записи об этом запуске');
    expect(elsewhere).not.toContain('data-alert=');
  });
});
