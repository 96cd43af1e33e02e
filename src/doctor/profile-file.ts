import { renameSync, writeFileSync } from 'node:fs';
import { appliedProfilePath } from '../settings/applied-profile.js';
import { ensurePrivateDir } from '../infra/private-files.js';
import { KycError } from '../errors.js';
import { outputWriteError } from '../infra/writable.js';
import type { UpstreamProfile } from '../settings/upstream-profile.js';

/**
 * Writes a profile as JSON. An existing file is kept unless `force`: a profile an operator edited by hand
 * must not be replaced by a measurement without being asked.
 */
export function writeProfileFile(path: string, profile: UpstreamProfile, force: boolean): void {
  const text = `${JSON.stringify(profile, null, 2)}\n`;
  try {
    writeFileSync(path, text, { encoding: 'utf8', flag: force ? 'w' : 'wx', mode: 0o644 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      throw new KycError('KYC_ERR_DOCTOR_PROFILE_EXISTS', `${path} exists; add --force to replace it`);
    }
    throw outputWriteError(path, error);
  }
}

/**
 * `doctor --apply`: the measured profile replaces the one an earlier --apply kept (the doctor's own file in
 * the state directory, never a file the operator named), written whole then renamed, so a run starting
 * meanwhile reads the old profile or the new one, never half of one.
 */
export function applyProfile(stateDir: string, profile: UpstreamProfile): string {
  ensurePrivateDir(stateDir);
  const path = appliedProfilePath(stateDir);
  const part = `${path}.${process.pid}.part`;
  try {
    writeFileSync(part, `${JSON.stringify(profile, null, 2)}\n`, {
      encoding: 'utf8',
      flag: 'wx',
      mode: 0o600,
    });
    renameSync(part, path);
  } catch (error) {
    throw outputWriteError(path, error);
  }
  return path;
}
