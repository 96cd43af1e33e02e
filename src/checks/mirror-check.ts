import type { CheckResult } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import type { ForeignAgentRecord } from '../domain/records.js';
import { DEFAULT_PROFILE, type UpstreamProfile } from '../settings/upstream-profile.js';
import { decideForeignAgent, skippedCheck } from '../verdict/index.js';
import { withBankEvidence } from './bank-evidence.js';
import type { OptionalLookup } from './optional-lookup.js';
import { planCheck } from './plan.js';

/** What the check needs of the mirror's index (src/mirror/local-index.ts, MirrorIndex): a client's candidates. */
export interface CandidateIndex {
  candidatesFor(client: Client): ForeignAgentRecord[];
}

/**
 * The foreign-agent check against the run's mirror of the register: no search of the client's own, the
 * candidates the mirror's index selects scored and decided by the same code as searched records. The
 * Banks evidence of a MATCH or POSSIBLE_MATCH is looked up as on the search path.
 */
export async function checkForeignAgentOnMirror(
  client: Client,
  mirror: CandidateIndex,
  lookup: Pick<OptionalLookup, 'bankByBik'>,
  profile: UpstreamProfile = DEFAULT_PROFILE,
): Promise<CheckResult> {
  const plan = planCheck('foreign_agent', client, profile);
  if ('skip' in plan) return skippedCheck('foreign_agent', plan.skip.reason, plan.skip.detail);
  const records = mirror.candidatesFor(client);
  return withBankEvidence(decideForeignAgent(client, records, []), records, lookup);
}
