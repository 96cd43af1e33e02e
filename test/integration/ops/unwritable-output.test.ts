import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors.js';
import { cli, exited } from '../../helpers/cli-process.js';

/**
 * A destination that cannot take a file fails the command first: before an embedded redis-server, the
 * emulator or any call. The case that needs no other user or mount: a path under a regular file (ENOTDIR);
 * permission and read-only failures are mapped the same way (test/unit/infra/writable.test.ts).
 */
const base = mkdtempSync(join(tmpdir(), 'kyc-unwritable-'));
const FILE = join(base, 'a-file');
writeFileSync(FILE, 'not a directory\n');

async function outcome(args: string[], stateDir: string) {
  // No REDIS_URL: the command would start an embedded redis-server in the state directory.
  const child = cli(args, { REDIS_URL: '', KYC_STATE_DIR: stateDir, LOG_LEVEL: 'info' });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await exited(child);
  const lines = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
  return { code, stdout, lines };
}

describe.concurrent('an output destination under a file', () => {
  it.each([
    ['run --out-dir', ['run', 'samples/clients.csv', '--emulator', '--out-dir', join(FILE, 'out')]],
    ['run --out', ['run', 'samples/clients.csv', '--emulator', '--out', join(FILE, 'verdicts.csv')]],
    ['run --manifest', ['run', 'samples/clients.csv', '--emulator', '--manifest', join(FILE, 'm.json')]],
    ['run --log-file', ['run', 'samples/clients.csv', '--emulator', '--log-file', join(FILE, 'kyc.log')]],
    ['demo --out-dir', ['demo', '--out-dir', join(FILE, 'demo')]],
    ['worker --log-file', ['worker', '--emulator', '--log-file', join(FILE, 'worker.log')]],
    ['report html --out', ['report', 'html', 'some-run', '--out', join(FILE, 'report.html')]],
    ['report delta --out', ['report', 'delta', 'a.csv', 'b.csv', '--out', join(FILE, 'delta.csv')]],
    ['report audit --out', ['report', 'audit', 'some-run', '--out', join(FILE, 'audit')]],
  ])(
    '%s: one KYC_ERR_OUTPUT_WRITE line with the path and the reason, exit 3, nothing started',
    async (_name, args) => {
      const stateDir = join(mkdtempSync(join(tmpdir(), 'kyc-unwritable-state-')), 'state');
      const { code, stdout, lines } = await outcome(args, stateDir);
      expect(lines, lines.join('\n')).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^KYC_ERR_OUTPUT_WRITE: .*${FILE}(/[\\w.]+)?: (a part of the path is a file, not a directory|exists and is not a directory)$`,
        ),
      );
      expect(lines.some((line) => /^\s+at /.test(line))).toBe(false);
      expect(code).toBe(EXIT.INPUT);
      expect(stdout).toBe('');
      // No embedded redis-server was started: it would have made its directory in the state directory.
      expect(existsSync(join(stateDir, 'redis'))).toBe(false);
    },
    120_000,
  );

  it('run with a state directory under a file says it is the state directory, before its embedded Redis', async () => {
    const { code, lines } = await outcome(
      ['run', 'samples/clients.csv', '--emulator', '--out-dir', join(base, 'out-ok')],
      join(FILE, 'state'),
    );
    expect(lines).toEqual([
      `KYC_ERR_STATE_DIR: The state directory cannot be written: ${join(FILE, 'state')}: a part of the path is a file, not a directory; give a writable one with --state-dir or KYC_STATE_DIR`,
    ]);
    expect(code).toBe(EXIT.USAGE);
  }, 120_000);
});
