import { constants } from 'node:fs';
import { link, lstat, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { KycError } from '../errors.js';

/**
 * Part files: a file written under a hidden name beside its final one and put in place when complete, never
 * through a symlink and never over an existing name unless asked to. A run's outputs (src/run/output-paths.ts)
 * and a command's own files (src/infra/guarded-file.ts) are written this way.
 */

async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([lstat(a), lstat(b)]).catch(() => [undefined, undefined]);
  return x !== undefined && y !== undefined && x.dev === y.dev && x.ino === y.ino;
}

/** Whether anything (a symlink included) has the name. */
export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * A new part file: created exclusively (a file or symlink left on the name is removed first: the name
 * carries the run id, so only this run's own crash can have left it), never through a symlink.
 */
export async function createPart(path: string, mode: number): Promise<FileHandle> {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  return open(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
}

/** An existing part file of a resumed run, never through a symlink; undefined when it is not there. */
export async function reopenPart(path: string): Promise<FileHandle | undefined> {
  try {
    return await open(path, constants.O_RDWR | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new KycError('KYC_ERR_OUTPUT_WRITE', `${path} cannot be reopened (a symlink is refused)`, {
      cause: error,
    });
  }
}

/**
 * Moves a completed part file onto its final name. Without `overwrite` a hard link is made, which fails on
 * any existing name, then the part name is removed; where the file system has no hard links, the name is
 * checked and the part renamed. With `overwrite` a rename replaces whatever is there, a symlink included,
 * without writing to what it points at.
 */
export async function placePart(part: string, finalPath: string, overwrite: boolean): Promise<void> {
  if (overwrite) {
    await rename(part, finalPath);
    return;
  }
  try {
    await link(part, finalPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      // Linked before an interruption, not yet unlinked: the final name already is this part file.
      if (!(await sameFile(part, finalPath)))
        throw new KycError('KYC_ERR_OUTPUT_EXISTS', finalPath, { cause: error });
      await unlink(part);
      return;
    }
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    if (await exists(finalPath)) throw new KycError('KYC_ERR_OUTPUT_EXISTS', finalPath);
    await rename(part, finalPath);
    return;
  }
  await unlink(part);
}

/**
 * A resumed run whose part file is gone but whose final file is there was interrupted while its outputs
 * were being put in place: the final file is taken back as the part file when it is a regular file of
 * exactly the checkpoint's size (anything else is not this run's and stays as it is).
 */
export async function reclaimPlaced(part: string, finalPath: string, size: number): Promise<boolean> {
  try {
    const s = await lstat(finalPath);
    if (!s.isFile() || s.size !== size) return false;
  } catch {
    return false;
  }
  await rename(finalPath, part);
  return true;
}
