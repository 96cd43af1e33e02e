import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltaAction } from '../../../src/commands/report.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import type { RunState } from '../../../src/run/state/run-store.js';
import { CLIENTS, clientsCsv, readVerdicts, startOpsPipeline, type OpsPipeline } from './helpers.js';

let pipeline: OpsPipeline;
let before: RunState;
let after: RunState;

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  // Known differences: CL-1 becomes a sanctions hit, CL-2 is no longer the foreign agent, CL-3 stays a
  // REVIEW, CL-4 leaves the portfolio, CL-5 joins it.
  before = (
    await pipeline.run(
      clientsCsv([
        ['CL-1', ...CLIENTS.clean1],
        ['CL-2', ...CLIENTS.foreignAgentHit],
        ['CL-3', ...CLIENTS.foreignAgentPossible],
        ['CL-4', ...CLIENTS.clean2],
      ]),
    )
  ).run;
  after = (
    await pipeline.run(
      clientsCsv([
        ['CL-1', ...CLIENTS.sanctionsHit],
        ['CL-2', 'Гончаров Олег Петрович', '1975-03-14', '', 'person'],
        ['CL-3', ...CLIENTS.foreignAgentPossible],
        ['CL-5', ...CLIENTS.clean3],
      ]),
    )
  ).run;
});
afterAll(async () => {
  await pipeline.close();
});

describe('report delta between two runs', () => {
  it('lists exactly the known differences, keyed by client id, in CSV and summary', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'kyc-delta-')), 'delta.csv');
    // Run directories are accepted as well as verdict files.
    const summary = await deltaAction(dirname(before.out), after.out, { out });
    const rows = readVerdicts(out).map((r) => [
      r.client_key,
      r.changes,
      r.previous_verdict,
      r.current_verdict,
    ]);
    expect(rows).toEqual([
      ['id:CL-1', 'NEW_HIT VERDICT_CHANGED', 'CLEAR', 'HIT'],
      ['id:CL-2', 'CLEARED_HIT VERDICT_CHANGED', 'HIT', 'CLEAR'],
      ['id:CL-5', 'NEW_CLIENT', '', 'CLEAR'],
      ['id:CL-4', 'REMOVED_CLIENT', 'CLEAR', ''],
    ]);
    // The delta follows the run's verdicts.csv: UTF-8 with the BOM the run gave it, with the input's `,`.
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.subarray(3).toString('utf8')).toMatch(/^changes,client_key,name,/);
    expect(summary).toContain('Clients: 4 before, 4 now');
    for (const [change, n] of [
      ['NEW_HIT', 1],
      ['CLEARED_HIT', 1],
      ['VERDICT_CHANGED', 2],
      ['NEW_CLIENT', 1],
      ['REMOVED_CLIENT', 1],
      ['WHITELIST_REOPENED', 0],
    ] as const)
      expect(summary).toMatch(new RegExp(`${change}\\s+${n}\\s`, 'u'));
    expect(summary).toContain(
      'New hits:\n  id:CL-1  Щербаков Дмитрий Юрьевич  CLEAR → HIT  (row 1)  SANCTIONS_MATCH',
    );
    expect(summary).toContain('Cleared hits:\n  id:CL-2  Гончаров Олег Петрович  HIT → CLEAR');
  });

  it('without a client id the key is the INN, else the normalised name with the birth date', async () => {
    const noIds = (rows: string[][]) => clientsCsv(rows.map((r) => ['', ...r]));
    const a = (
      await pipeline.run(
        noIds([
          [...CLIENTS.clean1],
          [...CLIENTS.foreignAgentHit],
          ['Лебедева Анна Игоревна', '', '780198765455', 'person'],
        ]),
      )
    ).run;
    const b = (
      await pipeline.run(
        noIds([
          ['  БЕЛОУСОВ  Пётр Ильич', '1980-01-02', '', 'person'],
          [...CLIENTS.clean2],
          ['Лебедева-Орлова Анна Игоревна', '', '780198765455', 'person'],
        ]),
      )
    ).run;
    const out = join(mkdtempSync(join(tmpdir(), 'kyc-delta-')), 'delta.csv');
    await deltaAction(a.out, b.out, { out });
    const rows = readVerdicts(out).map((r) => [r.client_key, r.changes]);
    // The renamed client keeps her INN key: neither new nor removed. Белоусов differs only in spelling.
    expect(rows.filter(([, changes]) => /CLIENT/u.test(changes ?? ''))).toEqual([
      ['name:воронцова анна павловна|1990-05-06', 'NEW_CLIENT'],
      ['name:ковалев андрей сергеевич|1975-03-14', 'REMOVED_CLIENT'],
    ]);
    expect(rows.every(([key]) => !/лебедева|белоусов/u.test(key ?? ''))).toBe(true);
  });

  it('refuses a file that is not a verdicts file', async () => {
    await expect(
      deltaAction(before.input, after.out, { out: join(tmpdir(), 'x.csv') }),
    ).rejects.toMatchObject({
      code: 'KYC_ERR_VERDICTS_FILE',
    });
  });

  it('report delta exits 8 with a warn line of counts when there are new hits, 0 when there are none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-delta-exit-'));
    const withHits = cli(['report', 'delta', before.out, after.out, '--out', join(dir, 'a.csv')]);
    const stderr = stderrOf(withHits);
    expect(await exited(withHits)).toBe(8);
    const warn = stderr()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(warn).toEqual([
      expect.objectContaining({
        level: 40,
        msg: '1 new HIT in the delta',
        newHits: 1,
        deltaFile: join(dir, 'a.csv'),
        delta: expect.objectContaining({ NEW_HIT: 1, CLEARED_HIT: 1, NEW_CLIENT: 1 }) as unknown,
      }),
    ]);
    // Counts and paths only: the client behind the hit is in the delta file, not in the log.
    expect(stderr()).not.toMatch(/Щербаков|CL-1/u);
    const none = cli(['report', 'delta', after.out, after.out, '--out', join(dir, 'b.csv')]);
    const quiet = stderrOf(none);
    expect(await exited(none)).toBe(0);
    expect(quiet()).toBe('');
  });
});
