import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltaAction } from '../../../src/commands/report.js';
import { whitelistAddAction } from '../../../src/commands/whitelist.js';
import { exportAudit } from '../../../src/reporting/audit/export.js';
import { loadSigningKey } from '../../../src/reporting/audit/signing-key.js';
import { writeRunReport } from '../../../src/reporting/report/write-report.js';
import type { RunState } from '../../../src/run/state/run-store.js';
import { cli, exited } from '../../helpers/cli-process.js';
import { redisUrl } from '../../helpers/redis.js';
import { CLIENTS, clientsCsv, startOpsPipeline, type OpsPipeline } from './helpers.js';

/**
 * Every file a command writes besides a run's outputs (report delta, report html, report audit, whitelist add,
 * --log-file) goes through the guarded writer: no existing file replaced without --overwrite, no symlink
 * followed, never a run's own files, mode 0600.
 */
let pipeline: OpsPipeline;
let previous: RunState;
let current: RunState;
const newDir = () => mkdtempSync(join(tmpdir(), 'kyc-guarded-'));
const mode = (path: string) => statSync(path).mode & 0o777;

/** A file outside every command's reach that a symlink points at: it must keep its bytes. */
function victim(): string {
  const path = join(newDir(), 'precious.txt');
  writeFileSync(path, 'keep me\n');
  return path;
}

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  const input = clientsCsv([
    ['CL-1', ...CLIENTS.clean1],
    ['CL-2', ...CLIENTS.sanctionsHit],
  ]);
  previous = (await pipeline.run(input)).run;
  current = (await pipeline.run(input)).run;
});
afterAll(async () => {
  await pipeline.close();
});

describe('report delta --out', () => {
  it('never replaces a file of the runs it compares, even with --overwrite', async () => {
    const before = readFileSync(previous.out);
    for (const overwrite of [false, true])
      await expect(
        deltaAction(previous.out, current.out, { out: previous.out, overwrite }),
      ).rejects.toMatchObject({ code: 'KYC_ERR_OUTPUT_CONFLICT' });
    // Nor another output of the run, named beside its manifest.
    await expect(
      deltaAction(previous.out, current.out, { out: previous.evidence, overwrite: true }),
    ).rejects.toMatchObject({ code: 'KYC_ERR_OUTPUT_CONFLICT' });
    expect(readFileSync(previous.out)).toEqual(before);
  });

  it('refuses an existing file without --overwrite, replaces it with it; new files are 0600', async () => {
    const out = join(newDir(), 'delta.csv');
    await deltaAction(previous.out, current.out, { out });
    expect(mode(out)).toBe(0o600);
    writeFileSync(out, 'mine\n');
    await expect(deltaAction(previous.out, current.out, { out })).rejects.toMatchObject({
      code: 'KYC_ERR_OUTPUT_EXISTS',
    });
    expect(readFileSync(out, 'utf8')).toBe('mine\n');
    await deltaAction(previous.out, current.out, { out, overwrite: true });
    expect(readFileSync(out, 'utf8')).toContain('client_key');
    expect(mode(out)).toBe(0o600);
  });

  it('never writes through a symlink: refused without --overwrite, replaced (not followed) with it', async () => {
    const target = victim();
    const out = join(newDir(), 'delta.csv');
    symlinkSync(target, out);
    await expect(deltaAction(previous.out, current.out, { out })).rejects.toMatchObject({
      code: 'KYC_ERR_OUTPUT_EXISTS',
    });
    await deltaAction(previous.out, current.out, { out, overwrite: true });
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(lstatSync(out).isSymbolicLink()).toBe(false);
  });
});

describe('report html --overwrite', () => {
  it('never replaces the run’s own verdicts or manifest, and never writes through a symlink', async () => {
    const before = readFileSync(current.out);
    for (const out of [current.out, current.manifest])
      await expect(
        writeRunReport({ target: dirname(current.manifest), out, overwrite: true }),
      ).rejects.toMatchObject({ code: 'KYC_ERR_OUTPUT_CONFLICT' });
    expect(readFileSync(current.out)).toEqual(before);

    const target = victim();
    const out = join(newDir(), 'report.html');
    symlinkSync(target, out);
    await writeRunReport({ target: dirname(current.manifest), out, overwrite: true });
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(lstatSync(out).isSymbolicLink()).toBe(false);
    expect(mode(out)).toBe(0o600);
  });
});

describe('whitelist add --whitelist', () => {
  it('never appends to the verdicts or evidence file of the run, nor through a symlink', async () => {
    const before = readFileSync(current.out);
    for (const whitelist of [current.out, current.evidence])
      await expect(
        whitelistAddAction({ verdicts: current.out, row: 2, reviewer: 'Иванова А.', whitelist }),
      ).rejects.toMatchObject({ code: 'KYC_ERR_OUTPUT_CONFLICT' });
    expect(readFileSync(current.out)).toEqual(before);

    const target = victim();
    const link = join(newDir(), 'whitelist.csv');
    symlinkSync(target, link);
    await expect(
      whitelistAddAction({ verdicts: current.out, row: 2, reviewer: 'Иванова А.', whitelist: link }),
    ).rejects.toMatchObject({ code: 'KYC_ERR_OUTPUT_WRITE' });
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
  });

  it('creates a new whitelist 0600 and appends to it', async () => {
    const whitelist = join(newDir(), 'whitelist.csv');
    await whitelistAddAction({ verdicts: current.out, row: 2, reviewer: 'Иванова А.', whitelist });
    expect(mode(whitelist)).toBe(0o600);
    expect(readFileSync(whitelist, 'utf8').trim().split('\n')).toHaveLength(2);
  });
});

describe('report audit --out', () => {
  it('writes every file of the package 0600 in a 0700 directory', async () => {
    const dir = join(newDir(), 'audit');
    await exportAudit({
      signingKey: loadSigningKey({ stateDir: mkdtempSync(join(tmpdir(), 'kyc-key-')) }),
      redis: pipeline.redis,
      prefix: pipeline.prefix,
      runId: current.id,
      dir,
      secrets: [],
    });
    expect(mode(dir)).toBe(0o700);
    const names = readdirSync(dir);
    expect(names).toContain('config.json');
    for (const name of names) expect(mode(join(dir, name)), name).toBe(0o600);
  });
});

describe('run --log-file', () => {
  async function runWithLog(logFile: string, input: string, outDir: string) {
    const child = cli(['run', input, '--out-dir', outDir, '--no-progress', '--log-file', logFile], {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: pipeline.prefix,
      KYC_API_URL: pipeline.proxy.url,
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    return { code: await exited(child), stderr };
  }

  it('refuses a symlink, the run’s input and a run’s output, before anything starts', async () => {
    const input = clientsCsv([['CL-1', ...CLIENTS.clean1]]);
    const inputBytes = readFileSync(input);
    const target = victim();
    const link = join(newDir(), 'run.log');
    symlinkSync(target, link);
    const bad = await runWithLog(link, input, join(newDir(), 'a'));
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/^KYC_ERR_OUTPUT_WRITE: .*symbolic link/m);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');

    const onInput = await runWithLog(input, input, join(newDir(), 'b'));
    expect(onInput.code).toBe(2);
    expect(onInput.stderr).toMatch(/^KYC_ERR_OUTPUT_CONFLICT: /m);
    expect(readFileSync(input)).toEqual(inputBytes);

    const before = readFileSync(previous.out);
    const onOutput = await runWithLog(previous.out, input, join(newDir(), 'c'));
    expect(onOutput.code).toBe(2);
    expect(readFileSync(previous.out)).toEqual(before);
  }, 90_000);

  it('creates a new log file 0600', async () => {
    const input = clientsCsv([['CL-1', ...CLIENTS.clean1]]);
    const log = join(newDir(), 'run.log');
    const { code } = await runWithLog(log, input, join(newDir(), 'out'));
    expect(code).toBe(0);
    expect(existsSync(log)).toBe(true);
    expect(mode(log)).toBe(0o600);
  }, 60_000);
});
