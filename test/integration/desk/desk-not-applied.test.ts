import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk, type Person } from '../../../src/desk/desk.js';
import { cli, exited } from '../../helpers/cli-process.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { CLIENTS, clientsCsv } from '../ops/helpers.js';

/**
 * A false positive approved at the desk, and a `run` whose embedded desk another process holds (here: this
 * test): the run cannot apply the decision, so the client stays HIT, and everything the run writes says
 * that the desk's decisions were not applied: the terminal, the summary, manifest.json and report.html.
 * With --require-desk the same run refuses to start. Once the desk is free again, the decision applies.
 */

const alice: Person = { name: 'alice', roles: ['analyst'] };
const bob: Person = { name: 'bob', roles: ['approver'] };

const work = mkdtempSync(join(tmpdir(), 'kyc-desk-not-applied-'));
const stateDir = join(work, 'state');
const prefix = uniquePrefix();
const input = clientsCsv([
  ['CL-1', ...CLIENTS.clean1],
  ['CL-2', ...CLIENTS.sanctionsHit],
]);
let desk: Desk | undefined;

interface Screened {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly outDir: string;
}

async function screen(runId: string, extra: string[] = []): Promise<Screened> {
  const outDir = join(work, runId);
  const child = cli(
    [
      'run',
      input,
      '--emulator',
      '--checks',
      'sanctions',
      '--run-id',
      runId,
      '--out-dir',
      outDir,
      '--no-progress',
      ...extra,
    ],
    {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: prefix,
      KYC_STATE_DIR: stateDir,
      KYC_API_URL: '',
      DATABASE_URL: '',
      KYC_REQUIRE_DESK: '',
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await exited(child);
  return { code, stdout, stderr, outDir };
}

const verdictOf = (outDir: string, id: string) =>
  parse<Record<string, string>>(readFileSync(join(outDir, 'verdicts.csv')), {
    columns: true,
    bom: true,
  }).find((row) => row.client_id === id)?.kyc_verdict;
const manifestOf = (outDir: string) =>
  JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as {
    desk_decisions: { status: string; reason?: string } | null;
  };

beforeAll(async () => {
  // The first run has the desk to itself: its HIT becomes an alert, which alice and bob clear.
  const first = await screen('r-first');
  expect(first.code, first.stderr).toBe(0);
  expect(verdictOf(first.outDir, 'CL-2')).toBe('HIT');
  desk = await Desk.open({ stateDir });
  const [alert] = (await desk.runRecord('r-first'))?.rows.get(2) ?? [];
  if (!alert) throw new Error('the first run opened no alert for CL-2');
  const recordHash = (await desk.getAlert(alert.id))?.recordHash ?? '';
  const decision = await desk.decide(alert.id, alice, {
    decision: 'false_positive',
    comment: 'another person, other birth place',
    recordHash,
  });
  await desk.approve(alert.id, bob, { decisionId: decision.id, approve: true });
  // Still open: from here on the embedded database is this process's, as `serve` would hold it.
}, 180_000);

afterAll(async () => {
  await desk?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a run that cannot use the review desk', () => {
  it('keeps the approved false positive as HIT and says so on stderr, in the summary, the manifest and the report', async () => {
    const run = await screen('r-busy');
    expect(run.code, run.stderr).toBe(0);
    expect(verdictOf(run.outDir, 'CL-2')).toBe('HIT');
    expect(run.stderr).toMatch(/decisions were NOT applied to run r-busy \(DESK_DB_BUSY/);
    expect(run.stdout).toMatch(/desk decisions\s+NOT APPLIED \(DESK_DB_BUSY: /);
    expect(manifestOf(run.outDir).desk_decisions).toEqual({ status: 'not-applied', reason: 'DESK_DB_BUSY' });
    const report = readFileSync(join(run.outDir, 'report.html'), 'utf8');
    expect(report).toContain('data-desk-decisions="not-applied"');
    expect(report).toContain('Решения контроля совпадений к этому запуску НЕ применены:');
    expect(report).toContain('встроенная база контроля совпадений была открыта другим процессом');
  }, 120_000);

  it('with --require-desk ends before screening, with KYC_ERR_DESK_REQUIRED', async () => {
    const run = await screen('r-required', ['--require-desk']);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('KYC_ERR_DESK_REQUIRED');
    expect(existsSync(join(run.outDir, 'verdicts.csv'))).toBe(false);
  }, 120_000);

  it('applies the decision once the desk is free, and says so', async () => {
    await desk?.close();
    desk = undefined;
    const run = await screen('r-free', ['--lang', 'en']);
    expect(run.code, run.stderr).toBe(0);
    expect(verdictOf(run.outDir, 'CL-2')).not.toBe('HIT');
    expect(manifestOf(run.outDir).desk_decisions).toEqual({ status: 'applied' });
    expect(run.stdout).toMatch(/desk decisions\s+applied/);
    const report = readFileSync(join(run.outDir, 'report.html'), 'utf8');
    expect(report).not.toContain('data-desk-decisions="not-applied"');
    expect(report).toContain('<th>Review desk decisions</th><td>applied</td>');
  }, 120_000);
});
