import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  unlinkSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { KycError } from '../errors.js';
import { refuseProtected } from './guarded-file.js';
import { PRIVATE_FILE_MODE } from './private-files.js';
import { outputWriteError } from './write-error.js';

export { osReason, outputWriteError } from './write-error.js';

/**
 * A command proves that it can write where its outputs go before it starts anything (Redis, the emulator,
 * the preflight call): a run that screened ten thousand clients and then cannot write its verdicts has
 * spent the quota for nothing. Proof is a real file: root ignores mode bits, and only a write shows a
 * read-only mount or a directory that is a file.
 */

/** The file-system calls the check makes; tests hand in failing ones to see how each failure reads. */
export interface ProbeFs {
  mkdirSync(path: string, options: { recursive: true; mode?: number }): string | undefined;
  openSync(path: string, flags: number, mode: number): number;
  closeSync(fd: number): void;
  unlinkSync(path: string): void;
  /** Throws when the path may not be written (EROFS on a read-only mount, EACCES). */
  accessSync?(path: string, mode: number): void;
}

const nodeFs: ProbeFs = { mkdirSync, openSync, closeSync, unlinkSync, accessSync };

export interface ProbeOptions {
  /** Mode of the directories created (default: by the umask). */
  readonly mode?: number;
  readonly fs?: ProbeFs;
}

/**
 * A recursive mkdir on a read-only mount (or under a directory of another user) can fail with ENOENT for
 * a missing part: the reason that matters is why that part could not be made, which the nearest existing
 * ancestor tells.
 */
function whyMissing(path: string, error: unknown, fs: ProbeFs): unknown {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT') return error;
  let ancestor = dirname(path);
  while (!existsSync(ancestor) && dirname(ancestor) !== ancestor) ancestor = dirname(ancestor);
  try {
    (fs.accessSync ?? accessSync)(ancestor, constants.W_OK);
  } catch (denied) {
    return denied;
  }
  return error;
}

/**
 * The state directory (`KYC_STATE_DIR`, `--state-dir`): the same check, said as what it is, so that a
 * read-only one is not reported as an output problem.
 */
export function ensureWritableStateDir(dir: string, options: ProbeOptions = {}): string {
  try {
    return ensureWritableDir(dir, options);
  } catch (error) {
    if (!(error instanceof KycError) || error.code !== 'KYC_ERR_OUTPUT_WRITE') throw error;
    throw new KycError(
      'KYC_ERR_STATE_DIR',
      `${error.detail ?? dir}; give a writable one with --state-dir or KYC_STATE_DIR`,
      { cause: error },
    );
  }
}

/**
 * Creates the directory when it is missing (and its parents), then creates and removes a file in it with
 * the private mode the outputs get. Returns the resolved directory.
 */
export function ensureWritableDir(dir: string, options: ProbeOptions = {}): string {
  const fs = options.fs ?? nodeFs;
  const path = resolve(dir);
  try {
    fs.mkdirSync(path, { recursive: true, ...(options.mode === undefined ? {} : { mode: options.mode }) });
  } catch (error) {
    throw outputWriteError(path, whyMissing(path, error, fs));
  }
  const probe = join(path, `.kyc-screen-write-check.${process.pid}.${randomBytes(4).toString('hex')}`);
  let fd: number;
  try {
    fd = fs.openSync(probe, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, PRIVATE_FILE_MODE);
  } catch (error) {
    throw outputWriteError(path, error);
  }
  fs.closeSync(fd);
  fs.unlinkSync(probe);
  return path;
}

/** The directory a file is to be written into must be writable (the file itself is checked by its writer). */
export function ensureWritableParent(file: string, options: ProbeOptions = {}): string {
  return ensureWritableDir(dirname(resolve(file)), options);
}

/**
 * A log file is appended to: it is opened as its logger will open it (created 0600 when missing), so a log
 * file owned by another user or on a read-only mount fails here too.
 */
export function ensureWritableLogFile(
  file: string,
  options: ProbeOptions & { readonly protect?: readonly string[] } = {},
): void {
  const fs = options.fs ?? nodeFs;
  const path = resolve(file);
  ensureWritableParent(path, options);
  // Never the run's input or outputs, never through a symlink, never a FIFO or a device (guarded-file.ts).
  refuseProtected(path, options.protect ?? []);
  const flags =
    constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW | constants.O_NONBLOCK;
  try {
    fs.closeSync(fs.openSync(path, flags, PRIVATE_FILE_MODE));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new KycError('KYC_ERR_OUTPUT_WRITE', `${path}: is a symbolic link (refused)`);
    if (code === 'ENXIO') throw new KycError('KYC_ERR_OUTPUT_WRITE', `${path}: is not a regular file`);
    throw outputWriteError(path, error);
  }
  if (options.fs === undefined && !lstatSync(path).isFile())
    throw new KycError('KYC_ERR_OUTPUT_WRITE', `${path}: is not a regular file`);
}
