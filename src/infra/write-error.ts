import { KycError } from '../errors.js';

/** Why a path cannot be written, in words an operator reads; guarded-file.ts and writable.ts both say it. */
const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EEXIST: 'exists and is not a directory',
  EISDIR: 'is a directory',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
  ENOENT: 'a part of the path does not exist',
};

/** An OS error code in plain words; an unknown one as it is. */
export function osReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return 'cannot be written';
  return REASONS[code] ?? code;
}

/** KYC_ERR_OUTPUT_WRITE naming the path and why, without the OS message (it repeats the path, mangled). */
export function outputWriteError(path: string, error: unknown): KycError {
  return new KycError('KYC_ERR_OUTPUT_WRITE', `${path}: ${osReason(error)}`, { cause: error });
}
