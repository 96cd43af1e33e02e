import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  createReadStream,
  fstatSync,
  openSync,
  readFileSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { lstat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { KycError } from '../errors.js';
import { createPart, placePart } from './part-files.js';
import { PRIVATE_FILE_MODE } from './private-files.js';
import { outputWriteError } from './write-error.js';

/**
 * The one way a command writes a file of its own (`report delta`, `report html`, `report audit`, the schedule's
 * delta, `whitelist add`, `--log-file`), with the rules of a run's outputs (docs/operations.md, "Output
 * files"):
 * - an existing name is refused (KYC_ERR_OUTPUT_EXISTS) unless the command was given `--overwrite`;
 * - the file is written as a part file beside its name (O_EXCL, O_NOFOLLOW) and put in place by a hard link
 *   that fails on any existing name, or with `--overwrite` by a rename, which replaces a symlink itself and
 *   never writes to what it points at;
 * - a file the command reads, and the outputs and input of a run (named by the manifest.json beside the
 *   target), are never a target, whatever the flags (KYC_ERR_OUTPUT_CONFLICT);
 * - the file is created 0600: these files hold client names.
 * Appending (a log, a whitelist) opens an existing regular file without following a symlink, or creates one.
 */
export interface GuardOptions {
  /** `--overwrite`: an existing file may be replaced (never a protected one). */
  readonly overwrite?: boolean | undefined;
  /** Files the command reads or a run owns: never replaced or appended to. */
  readonly protect?: readonly string[];
  /** Mode of a new file (default 0600). */
  readonly mode?: number;
}

/** The directory entry a path names: its parent resolved through symlinks, and its own name. */
function entryOf(path: string): string {
  const absolute = resolve(path);
  let parent = dirname(absolute);
  try {
    parent = realpathSync(parent);
  } catch {
    // A missing directory: nothing in it can be protected.
  }
  return join(parent, basename(absolute));
}

/** The input, outputs and manifest of the run whose manifest.json is beside `path`, if there is one. */
function runFilesBeside(path: string): string[] {
  const manifest = join(dirname(path), 'manifest.json');
  try {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as {
      input?: { path?: unknown };
      outputs?: { path?: unknown }[];
    };
    const named = [parsed.input?.path, ...(parsed.outputs ?? []).map((output) => output.path)];
    return [manifest, ...named.filter((p): p is string => typeof p === 'string')];
  } catch {
    return [];
  }
}

function identity(path: string): string | undefined {
  try {
    const s = statSync(path);
    return `${s.dev}:${s.ino}`;
  } catch {
    return undefined;
  }
}

/** Refuses a target that is a protected file: by its directory entry, or by being the same file. */
export function refuseProtected(path: string, protect: readonly string[]): void {
  const target = entryOf(path);
  const targetId = identity(path);
  for (const file of [...protect, ...runFilesBeside(target)]) {
    if (entryOf(file) === target || (targetId !== undefined && identity(file) === targetId))
      throw new KycError(
        'KYC_ERR_OUTPUT_CONFLICT',
        `${path} is ${file}, which this command reads or a run owns`,
      );
  }
}

async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw outputWriteError(path, error);
  }
}

/** Checks a target before anything is computed: protected, existing without `overwrite`, not a file. */
export async function checkGuardedTarget(path: string, options: GuardOptions = {}): Promise<void> {
  refuseProtected(path, options.protect ?? []);
  const found = await lstatOrUndefined(path);
  if (!found) return;
  if (!options.overwrite)
    throw new KycError('KYC_ERR_OUTPUT_EXISTS', `${path}; give --overwrite to replace it`);
  if (found.isDirectory()) throw new KycError('KYC_ERR_OUTPUT_WRITE', `${path}: is a directory`);
}

/** Writes through a part file, then puts it in place (see the module's rules); `fill` writes the part. */
async function writeThroughPart(
  path: string,
  options: GuardOptions,
  fill: (handle: FileHandle) => Promise<void>,
): Promise<void> {
  const final = resolve(path);
  await checkGuardedTarget(final, options);
  const part = join(dirname(final), `.${basename(final)}.${randomBytes(6).toString('hex')}.part`);
  let handle: FileHandle;
  try {
    handle = await createPart(part, options.mode ?? PRIVATE_FILE_MODE);
  } catch (error) {
    throw outputWriteError(final, error);
  }
  try {
    try {
      await fill(handle);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await placePart(part, final, options.overwrite === true);
  } catch (error) {
    await unlink(part).catch(() => undefined);
    if (error instanceof KycError) throw error;
    throw outputWriteError(final, error);
  }
}

export async function writeGuardedFile(
  path: string,
  data: string | Uint8Array,
  options: GuardOptions = {},
): Promise<void> {
  await writeThroughPart(path, options, async (handle) => {
    await handle.writeFile(data);
  });
}

/** Copies `source` (read as it is) to a new guarded file, streamed: verdicts files can be large. */
export async function copyToGuardedFile(
  source: string,
  path: string,
  options: GuardOptions = {},
): Promise<void> {
  await writeThroughPart(path, options, async (handle) => {
    for await (const chunk of createReadStream(source)) await handle.write(chunk as Buffer);
  });
}

/**
 * A file to append to (a log, a whitelist): an existing regular file opened without following a symlink,
 * or a new one created 0600; never a protected file, never a FIFO or a device (the open never waits).
 * Returns the descriptor, opened for reading and appending.
 */
export function openGuardedAppend(path: string, options: GuardOptions = {}): number {
  const final = resolve(path);
  refuseProtected(final, options.protect ?? []);
  let fd: number;
  try {
    fd = openSync(
      final,
      constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK,
      options.mode ?? PRIVATE_FILE_MODE,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // O_NOFOLLOW on a symlink: ELOOP; a FIFO without a reader: ENXIO.
    if (code === 'ELOOP')
      throw new KycError('KYC_ERR_OUTPUT_WRITE', `${final}: is a symbolic link (refused)`);
    if (code === 'ENXIO') throw new KycError('KYC_ERR_OUTPUT_WRITE', `${final}: is not a regular file`);
    throw outputWriteError(final, error);
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new KycError('KYC_ERR_OUTPUT_WRITE', `${final}: is not a regular file`);
  }
  return fd;
}
