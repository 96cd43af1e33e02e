import { writeFileSync } from 'node:fs';
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
