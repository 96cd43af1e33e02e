import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The profile `doctor --apply` measured, kept in the state directory: every later run on this machine
 * reads answers by it (unless KYC_UPSTREAM_PROFILE or --upstream-profile names another file), until the
 * doctor measures again.
 */
export const APPLIED_PROFILE_FILE = 'upstream-profile.json';

export function appliedProfilePath(stateDir: string): string {
  return join(stateDir, APPLIED_PROFILE_FILE);
}

/** The applied profile's path when there is one. */
export function findAppliedProfile(stateDir: string): string | undefined {
  const path = appliedProfilePath(stateDir);
  return existsSync(path) ? path : undefined;
}

/** What a run says at its start when it reads answers by the applied profile. */
export function appliedProfileNotice(path: string | undefined, stateDir: string): string | undefined {
  if (path === undefined || path !== appliedProfilePath(stateDir)) return undefined;
  const measured = statSync(path, { throwIfNoEntry: false })
    ?.mtime.toISOString()
    .slice(0, 16)
    .replace('T', ' ');
  return `Upstream profile: measured by doctor --apply${measured ? ` on ${measured} UTC` : ''} (${path}); run doctor again after the service changes`;
}
