import { parseMaxAge } from '../settings/answer-policy.js';
import { existsSync } from 'node:fs';
import { KycError } from '../errors.js';
import { loadProfile } from '../settings/upstream-profile.js';
import { readWhitelist } from '../whitelist/file.js';
import type { ScheduleJobData } from './definition.js';

/**
 * A schedule's files checked when it is added, so that one that cannot fire is refused then (nothing
 * stored) rather than failing at 2 a.m.: the input and the whitelist must exist and the whitelist and the
 * upstream profile must read. Each firing reads them again, as they are then.
 */
export async function checkScheduleInputs(data: ScheduleJobData): Promise<void> {
  const { input, whitelist, upstreamProfile } = data.request;
  for (const [what, path] of [
    ['input', input],
    ['whitelist', whitelist],
    ['upstream profile', upstreamProfile],
  ] as const) {
    if (path !== undefined && !existsSync(path))
      throw new KycError('KYC_ERR_SCHEDULE_INPUT_MISSING', `${what} ${path} does not exist`);
  }
  if (input === undefined) throw new KycError('KYC_ERR_USAGE', 'a schedule needs --input');
  if (whitelist) await readWhitelist(whitelist);
  if (upstreamProfile) loadProfile(upstreamProfile);
  // A bad policy fails when the schedule is added, not at 2 a.m.
  if (data.request.maxAge !== undefined) parseMaxAge(data.request.maxAge, '--max-age');
}
