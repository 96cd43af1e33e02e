import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_CHECK_KINDS } from '../../../src/domain/check.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { readVerdicts, statusColumns } from './helpers.js';

/** `kyc-screen run --checks …` as a user runs it: the CLI in its own process, the built-in emulator (opted into). */
function cli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    env: {
      ...process.env,
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      KYC_RATE: '200',
      KYC_API_URL: 'emulator',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

async function run(input: string, extra: string[] = []) {
  const outDir = mkdtempSync(join(tmpdir(), 'kyc-checks-'));
  const { code, stderr } = await cli(['run', input, '--out-dir', outDir, '--no-progress', ...extra]);
  expect(code, stderr).toBe(0);
  return {
    verdicts: readVerdicts(join(outDir, 'verdicts.csv')),
    manifest: JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest,
  };
}

const OPTIONAL_FIELD_COLUMN = /^kyc_(email|card|cadastral)_/;

describe('kyc-screen run --checks', () => {
  it('by default adds every optional check whose column the input has', async () => {
    const { verdicts, manifest } = await run('samples/clients-optional.csv');
    expect(statusColumns(verdicts.header)).toEqual([...CORE_CHECK_KINDS, 'email', 'card', 'cadastral']);
    expect(verdicts.header.filter((c) => OPTIONAL_FIELD_COLUMN.test(c))).toHaveLength(13);
    expect(manifest.checks_run).toEqual([...CORE_CHECK_KINDS, 'email', 'card', 'cadastral']);
    expect(Object.keys(manifest.upstream.calls_by_operation)).toEqual(
      expect.arrayContaining(['validation.email', 'validation.bin', 'cadastral.report']),
    );
  }, 60_000);

  it('by default runs the core checks only when the input has no optional column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-core-'));
    const input = join(dir, 'core.csv');
    writeFileSync(input, 'client_id,full_name,birth_date\nC1,Белоусов Андрей Петрович,1979-06-02\n');
    const { verdicts, manifest } = await run(input);
    expect(statusColumns(verdicts.header)).toEqual([...CORE_CHECK_KINDS]);
    expect(verdicts.header.filter((c) => OPTIONAL_FIELD_COLUMN.test(c))).toEqual([]);
    expect(manifest.checks_run).toEqual([...CORE_CHECK_KINDS]);
  }, 60_000);

  it('an explicit selection drops the other columns and their calls (the card column stays masked)', async () => {
    const { verdicts, manifest } = await run('samples/clients-optional.csv', [
      '--checks',
      'sanctions,foreign-agent',
    ]);
    expect(statusColumns(verdicts.header)).toEqual(['foreign_agent', 'sanctions']);
    expect(verdicts.header.filter((c) => OPTIONAL_FIELD_COLUMN.test(c))).toEqual([]);
    expect(manifest.checks_run).toEqual(['foreign_agent', 'sanctions']);
    // The Banks lookup belongs to the foreign-agent check (its evidence), so it stays; the preflight
    // calls (dictionary.list) are counted too.
    expect(Object.keys(manifest.upstream.calls_by_operation).sort()).toEqual([
      'dictionary.list',
      'dictionary.values',
      'search.foreign_agent',
      'search.sanctions',
    ]);
    expect(verdicts.byId('OPT-CARD-MIR').card).toBe('2202 20** **** 5672');
  }, 60_000);

  it('refuses an unknown kind, an optional kind without its column and a bad country code (exit 2)', async () => {
    const unknown = await cli(['run', 'samples/clients-optional.csv', '--checks', 'email,pep']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('KYC_ERR_USAGE');
    expect(unknown.stderr).toContain('unknown check "pep"');

    const noColumn = await cli(['run', 'samples/clients-cp1251.csv', '--checks', 'sanctions,card']);
    expect(noColumn.code).toBe(2);
    expect(noColumn.stderr).toContain('no card number column');

    const country = await cli(['run', 'samples/clients-optional.csv', '--card-risk-countries', 'CY']);
    expect(country.code).toBe(2);
    expect(country.stderr).toContain('alpha-3');
  }, 60_000);
});
