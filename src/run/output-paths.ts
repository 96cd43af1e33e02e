import { constants } from 'node:fs';
import { link, lstat, open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { KycError } from '../errors.js';

/**
 * Where a run's outputs may go and how they are put there (docs/operations.md, "Output files"):
 * - a run never replaces an existing file unless it was given --overwrite, and never one of its own outputs
 *   or its input, whatever the flags;
 * - during the run the outputs are part files beside their final names (`.verdicts.csv.<runId>.part`),
 *   created exclusively and without following symlinks; a resume continues them;
 * - when the run completes each part file is moved onto its final name: a hard link that fails on an
 *   existing name (no clobbering, even if one appeared during the run), or a rename with --overwrite, which
 *   replaces a symlink itself and never writes through it.
 */

/** The name a run writes one output under until it completes: hidden, beside the final name, per run. */
export function partPath(finalPath: string, runId: string): string {
  return join(dirname(finalPath), `.${basename(finalPath)}.${runId}.part`);
}

interface Identity {
  readonly dev: number;
  readonly ino: number;
}

async function identityOf(path: string): Promise<Identity | undefined> {
  try {
    const s = await stat(path);
    return { dev: s.dev, ino: s.ino };
  } catch {
    return undefined;
  }
}

async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([lstat(a), lstat(b)]).catch(() => [undefined, undefined]);
  return x !== undefined && y !== undefined && x.dev === y.dev && x.ino === y.ino;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export interface OutputTargets {
  readonly input: string;
  /** Final paths by role (`--out`, `--evidence`, `--manifest`). */
  readonly outputs: Readonly<Record<string, string>>;
}

/**
 * Refuses, before anything is queued: two outputs on one path, an output on the input (by path, or by
 * being the same file through a link), and, without `overwrite`, any output that already exists (a symlink
 * counts, whatever it points to).
 */
export async function checkOutputTargets(targets: OutputTargets, overwrite: boolean): Promise<void> {
  const input = resolve(targets.input);
  const inputId = await identityOf(input);
  const seen = new Map<string, string>();
  const seenIds: { role: string; id: Identity }[] = [];
  for (const [role, raw] of Object.entries(targets.outputs)) {
    const path = resolve(raw);
    const other = seen.get(path);
    if (other) throw new KycError('KYC_ERR_OUTPUT_CONFLICT', `${role} and ${other} are both ${path}`);
    seen.set(path, role);
    if (path === input) throw new KycError('KYC_ERR_OUTPUT_CONFLICT', `${role} is the input file ${path}`);
    const id = await identityOf(path);
    if (id) {
      if (inputId && id.dev === inputId.dev && id.ino === inputId.ino)
        throw new KycError(
          'KYC_ERR_OUTPUT_CONFLICT',
          `${role} (${path}) is the input file under another name`,
        );
      const twin = seenIds.find((s) => s.id.dev === id.dev && s.id.ino === id.ino);
      if (twin) throw new KycError('KYC_ERR_OUTPUT_CONFLICT', `${role} and ${twin.role} are the same file`);
      seenIds.push({ role, id });
    }
    if (!overwrite && (await exists(path))) throw new KycError('KYC_ERR_OUTPUT_EXISTS', `${role}: ${path}`);
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
