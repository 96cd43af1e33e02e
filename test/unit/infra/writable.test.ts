import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, KycError } from '../../../src/errors.js';
import {
  ensureWritableDir,
  ensureWritableLogFile,
  ensureWritableParent,
  ensureWritableStateDir,
  type ProbeFs,
} from '../../../src/infra/writable.js';

const newDir = () => mkdtempSync(join(tmpdir(), 'kyc-writable-'));

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated`), { code });
}

/** The real file system, but creating files fails the way a read-only mount or a foreign directory does. */
function refusingFiles(code: string): ProbeFs {
  return {
    mkdirSync: (path, options) => mkdirSync(path, options),
    openSync: () => {
      throw errno(code);
    },
    closeSync,
    unlinkSync,
  };
}

function caught(action: () => unknown): KycError {
  try {
    action();
  } catch (error) {
    if (error instanceof KycError) return error;
    throw error;
  }
  throw new Error('expected a KycError');
}

describe('ensureWritableDir', () => {
  it('creates a missing directory and leaves nothing in it', () => {
    const dir = join(newDir(), 'a', 'b');
    expect(ensureWritableDir(dir)).toBe(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('creates a directory with the mode asked for', () => {
    const dir = join(newDir(), 'state');
    const umask = process.umask(0);
    try {
      ensureWritableDir(dir, { mode: 0o700 });
    } finally {
      process.umask(umask);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it.each([
    ['EACCES', 'permission denied'],
    ['EROFS', 'read-only file system'],
    ['ENOSPC', 'no space left on the device'],
    ['EIO', 'EIO'],
  ])(
    'a file that cannot be created (%s) is KYC_ERR_OUTPUT_WRITE, exit 3, naming the path and why',
    (code, why) => {
      const dir = newDir();
      const error = caught(() => ensureWritableDir(dir, { fs: refusingFiles(code) }));
      expect(error.code).toBe('KYC_ERR_OUTPUT_WRITE');
      expect(error.exitCode).toBe(EXIT.INPUT);
      expect(error.toString()).toBe(
        `KYC_ERR_OUTPUT_WRITE: An output file or directory cannot be written: ${dir}: ${why}`,
      );
      expect(error.toString()).not.toContain('simulated');
    },
  );

  it('a directory under a file is refused in plain words', () => {
    const file = join(newDir(), 'plain-file');
    writeFileSync(file, 'x');
    expect(caught(() => ensureWritableDir(join(file, 'out'))).toString()).toMatch(
      /: .*plain-file\/out: a part of the path is a file, not a directory$/,
    );
    expect(caught(() => ensureWritableDir(file)).toString()).toMatch(
      /plain-file: exists and is not a directory$/,
    );
    expect(caught(() => ensureWritableParent(join(file, 'verdicts.csv'))).code).toBe('KYC_ERR_OUTPUT_WRITE');
  });
});

describe('ensureWritableLogFile', () => {
  it('creates the log file private, and appends to an existing one without truncating it', () => {
    const dir = newDir();
    const log = join(dir, 'logs', 'kyc-screen.log');
    ensureWritableLogFile(log);
    expect(statSync(log).mode & 0o777).toBe(0o600);
    writeFileSync(log, 'earlier line\n');
    ensureWritableLogFile(log);
    expect(statSync(log).size).toBe('earlier line\n'.length);
  });

  it('a log file that cannot be opened is refused naming the file', () => {
    const dir = newDir();
    const log = join(dir, 'kyc-screen.log');
    let calls = 0;
    const fs: ProbeFs = {
      ...refusingFiles('EACCES'),
      // The directory probe succeeds; the log file itself is what refuses.
      openSync: (path, flags, mode) => {
        calls++;
        if (path === log) throw errno('EACCES');
        return openSync(path, flags, mode);
      },
    };
    expect(caught(() => ensureWritableLogFile(log, { fs })).toString()).toMatch(
      new RegExp(`${log.replace(/[.]/g, '\\.')}: permission denied$`),
    );
    expect(calls).toBe(2);
    expect(existsSync(log)).toBe(false);
  });
});

describe('a read-only place says so', () => {
  /** mkdir of a missing directory on a read-only mount: ENOENT for the missing part, EROFS where it would go. */
  const readOnlyMount: ProbeFs = {
    mkdirSync: () => {
      throw errno('ENOENT');
    },
    openSync,
    closeSync,
    unlinkSync,
    accessSync: () => {
      throw errno('EROFS');
    },
  };

  it('reports the read-only file system, not a missing part of the path', () => {
    const target = join(newDir(), 'not', 'yet');
    const error = caught(() => ensureWritableDir(target, { fs: readOnlyMount }));
    expect(error.code).toBe('KYC_ERR_OUTPUT_WRITE');
    expect(error.detail).toBe(`${target}: read-only file system`);
  });

  it('a state directory that cannot be written is KYC_ERR_STATE_DIR with the flag that fixes it', () => {
    const target = join(newDir(), 'state');
    const error = caught(() => ensureWritableStateDir(target, { fs: readOnlyMount }));
    expect(error.code).toBe('KYC_ERR_STATE_DIR');
    expect(error.message).toContain('read-only file system');
    expect(error.message).toContain('--state-dir');
  });
});
