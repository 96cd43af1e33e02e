import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk, type Person, type RunCandidate } from '../../../src/desk/desk.js';
import { migrate } from '../../../src/desk/db/migrate.js';
import { exportWhitelist, importWhitelist } from '../../../src/desk/whitelist-io.js';
import { DESK_KINDS, testDeskPlace, type TestDeskPlace } from '../../helpers/postgres.js';

const alice: Person = { name: 'alice', roles: ['analyst'] };
const bob: Person = { name: 'bob', roles: ['analyst', 'approver'] };
const carol: Person = { name: 'carol', roles: ['approver'] };
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

function candidate(over: Partial<RunCandidate> = {}): RunCandidate {
  return {
    row: 1,
    clientKey: 'inn:7707083893',
    clientName: 'Иванов Иван',
    checkKind: 'sanctions',
    register: 'sanctions',
    recordId: 'S-1',
    recordName: 'IVANOV Ivan',
    recordHash: HASH_A,
    match: 'POSSIBLE_MATCH',
    score: 0.9,
    explanation: 'name 0.9',
    evidence: { source: 'sanctions', recordId: 'S-1' },
    ...over,
  };
}

describe.each(DESK_KINDS)('the review desk on %s', (kind) => {
  let place: TestDeskPlace;
  let desk: Desk;
  beforeAll(async () => {
    place = await testDeskPlace(kind);
    desk = await Desk.open(place.settings);
  });
  afterAll(async () => {
    await desk?.close();
    await place?.cleanup();
  });

  it('migrates once: a second start applies nothing', async () => {
    expect(await migrate(desk.db)).toEqual([]);
  });

  it('opens an alert for a new candidate and joins the same candidate of a later run to it', async () => {
    const first = await desk.recordRun('run-1', [
      candidate(),
      candidate({ row: 2, clientKey: 'inn:500100732259', recordId: 'S-2', match: 'MATCH' }),
    ]);
    expect(first.opened).toHaveLength(2);
    const second = await desk.recordRun('run-2', [candidate({ row: 5 })]);
    expect(second.opened).toEqual([]);
    expect(second.seenAgain).toEqual([first.opened[0]]);
    const again = await desk.recordRun('run-2', [candidate({ row: 5 })]);
    expect(again.seenAgain).toEqual([]);
    const alert = await desk.getAlert(first.opened[0] ?? 0);
    expect(alert).toMatchObject({
      status: 'open',
      sighting: 'seen_again',
      timesSeen: 2,
      firstRunId: 'run-1',
      lastRunId: 'run-2',
      lastRow: 5,
    });
    expect(alert?.sightings.map((s) => s.runId)).toEqual(['run-2', 'run-1']);
  });

  it('lists open alerts riskiest first, filtered by run, register and sighting', async () => {
    const all = await desk.listAlerts({ status: ['open'] });
    expect(all.total).toBe(2);
    expect(all.alerts[0]?.match).toBe('MATCH');
    expect((await desk.listAlerts({ sighting: 'new' })).alerts.map((a) => a.recordId)).toEqual(['S-2']);
    expect((await desk.listAlerts({ runId: 'run-2' })).alerts.map((a) => a.recordId)).toEqual(['S-1']);
    expect((await desk.listAlerts({ register: 'bankruptcy' })).total).toBe(0);
    expect((await desk.listAlerts({ minAgeDays: 1 })).total).toBe(0);
    expect((await desk.listAlerts({ limit: 1, offset: 1 })).alerts).toHaveLength(1);
  });

  it('takes a decision into force only when a second person approves it', async () => {
    const [alert] = (await desk.listAlerts({ sighting: 'seen_again' })).alerts;
    const id = alert?.id ?? 0;
    const fp = { decision: 'false_positive', recordHash: HASH_A } as const;
    await expect(desk.decide(id, carol, { ...fp, comment: 'x' })).rejects.toMatchObject({
      code: 'KYC_ERR_DESK_ROLE',
    });
    await expect(desk.decide(id, alice, { ...fp, comment: '  ' })).rejects.toMatchObject({
      code: 'KYC_ERR_DESK_COMMENT',
    });
    const decision = await desk.decide(id, alice, { ...fp, comment: 'другая дата рождения' });
    expect(decision).toMatchObject({ decidedBy: 'alice', recordHash: HASH_A });
    expect(decision.approval).toBeUndefined();
    expect(await desk.approvedFalsePositives()).toEqual([]);
    const yes = { decisionId: decision.id, approve: true } as const;
    await expect(desk.approve(id, alice, yes)).rejects.toMatchObject({
      code: 'KYC_ERR_DESK_ROLE',
    });
    await expect(
      desk.approve(id, { name: 'alice', roles: ['analyst', 'approver'] }, yes),
    ).rejects.toMatchObject({ code: 'KYC_ERR_DESK_OWN_DECISION' });
    const approved = await desk.approve(id, bob, yes);
    expect(approved.approval).toMatchObject({ approved: true, approvedBy: 'bob' });
    await expect(desk.approve(id, carol, yes)).rejects.toMatchObject({
      code: 'KYC_ERR_DESK_NOTHING_TO_APPROVE',
    });
    expect((await desk.getAlert(id))?.status).toBe('false_positive');
    expect(await desk.approvedFalsePositives()).toMatchObject([
      {
        clientKey: 'inn:7707083893',
        register: 'sanctions',
        recordId: 'S-1',
        recordHash: HASH_A,
        reviewer: 'alice, approved by bob',
        comment: 'другая дата рождения',
      },
    ]);
  });

  it('notes a suppressed candidate, and reopens the alert when the record changed', async () => {
    const [alert] = (await desk.listAlerts({ status: ['false_positive'] })).alerts;
    const id = alert?.id ?? 0;
    const quiet = await desk.recordRun('run-3', [candidate({ row: 1, match: 'SUPPRESSED' })]);
    expect(quiet.suppressed).toEqual([id]);
    expect((await desk.getAlert(id))?.status).toBe('false_positive');
    const changed = await desk.recordRun('run-4', [candidate({ row: 1, recordHash: HASH_B })]);
    expect(changed.reopened).toEqual([id]);
    expect(await desk.getAlert(id)).toMatchObject({
      status: 'open',
      sighting: 'reopened',
      recordHash: HASH_B,
    });
    const audit = await desk.decisionsForRun('run-3');
    expect(audit).toMatchObject([
      { row: 1, alertId: id, sighting: 'suppressed', inForce: true, decision: { decidedBy: 'alice' } },
    ]);
  });

  it('sends a decision back with a comment, and keeps every step', async () => {
    const [alert] = (await desk.listAlerts({ sighting: 'new' })).alerts;
    const id = alert?.id ?? 0;
    const tm = { decision: 'true_match', recordHash: HASH_A } as const;
    const first = await desk.decide(id, alice, { ...tm, comment: 'same passport' });
    await expect(desk.approve(id, bob, { decisionId: first.id, approve: false })).rejects.toMatchObject({
      code: 'KYC_ERR_DESK_COMMENT',
    });
    await desk.approve(id, bob, { decisionId: first.id, approve: false, comment: 'check the birth date' });
    expect((await desk.getAlert(id))?.status).toBe('open');
    const second = await desk.decide(id, alice, { ...tm, comment: 'birth date matches too' });
    await desk.approve(id, carol, { decisionId: second.id, approve: true });
    const detail = await desk.getAlert(id);
    expect(detail?.status).toBe('true_match');
    expect(detail?.decisions.map((d) => [d.decision, d.approval?.approved])).toEqual([
      ['true_match', true],
      ['true_match', false],
    ]);
    const seen = await desk.recordRun('run-5', [
      candidate({ row: 2, clientKey: 'inn:500100732259', recordId: 'S-2', match: 'MATCH' }),
    ]);
    expect(seen.seenAgain).toEqual([id]);
    expect((await desk.getAlert(id))?.status).toBe('true_match');
  });

  it('imports a whitelist file as approved decisions once, and exports the ones in force', async () => {
    const entry = {
      clientKey: 'inn:1234567890',
      register: 'bankruptcy',
      recordId: 'B-9',
      recordHash: HASH_B,
      reviewer: 'dave',
      date: '2025-03-04',
      comment: 'тёзка',
    };
    const file = { path: '/tmp/reviewed.csv', entries: [entry] };
    const erin: Person = { name: 'erin', roles: ['approver'] };
    await expect(importWhitelist(desk.db, file, { name: 'dave', roles: ['approver'] })).rejects.toMatchObject(
      {
        code: 'KYC_ERR_DESK_OWN_DECISION',
      },
    );
    await expect(importWhitelist(desk.db, file, { name: 'Dave', roles: ['approver'] })).rejects.toMatchObject(
      {
        code: 'KYC_ERR_DESK_OWN_DECISION',
      },
    );
    await expect(importWhitelist(desk.db, file, { name: 'erin', roles: ['analyst'] })).rejects.toMatchObject({
      code: 'KYC_ERR_DESK_ROLE',
    });
    expect(await importWhitelist(desk.db, file, erin)).toEqual({ imported: 1, unchanged: 0 });
    expect(await importWhitelist(desk.db, file, erin)).toEqual({ imported: 0, unchanged: 1 });
    expect(await exportWhitelist(desk.db)).toContainEqual(entry);
    const suppressed = await desk.recordRun('run-6', [
      candidate({
        row: 3,
        clientKey: entry.clientKey,
        register: 'bankruptcy',
        recordId: 'B-9',
        recordHash: HASH_B,
        match: 'SUPPRESSED',
      }),
    ]);
    expect(suppressed.suppressed).toHaveLength(1);
  });

  it('takes alice and Alice for one person: neither approves the other’s decision', async () => {
    const run = await desk.recordRun('run-case', [
      candidate({ clientKey: 'inn:7736207543', recordId: 'S-CASE', recordHash: HASH_A }),
    ]);
    const id = run.opened[0] ?? 0;
    const decided = await desk.decide(id, alice, {
      decision: 'false_positive',
      comment: 'другой человек',
      recordHash: HASH_A,
    });
    for (const name of ['Alice', 'ALICE', ' alice'])
      await expect(
        desk.approve(id, { name, roles: ['approver'] }, { decisionId: decided.id, approve: true }),
      ).rejects.toMatchObject({ code: 'KYC_ERR_DESK_OWN_DECISION' });
    expect((await desk.getAlert(id))?.status).toBe('pending');
  });

  it('refuses to edit or delete a decision', async () => {
    await expect(desk.db.query(`UPDATE desk_decisions SET comment = 'changed'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(desk.db.query('DELETE FROM desk_approvals')).rejects.toThrow(/append-only/);
  });

  it('refuses TRUNCATE of the decision tables, and any change to the sightings and runs recorded', async () => {
    const before = await desk.db.query<{ n: number }>('SELECT count(*)::int AS n FROM desk_decisions');
    for (const sql of [
      'TRUNCATE desk_decisions CASCADE',
      'TRUNCATE desk_approvals',
      'TRUNCATE desk_alerts CASCADE',
      'TRUNCATE desk_sightings',
      'TRUNCATE desk_runs',
      `UPDATE desk_sightings SET record_hash = 'x'`,
      'DELETE FROM desk_sightings',
      `UPDATE desk_runs SET recorded_at = now()`,
      'DELETE FROM desk_runs',
    ])
      await expect(desk.db.query(sql), sql).rejects.toThrow(/append-only/);
    const after = await desk.db.query<{ n: number }>('SELECT count(*)::int AS n FROM desk_decisions');
    expect(after[0]?.n).toBe(before[0]?.n);
    expect(before[0]?.n).toBeGreaterThan(0);
  });
});
