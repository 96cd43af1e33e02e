import type { CheckResult, RequestRecord } from '../domain/check.js';
import type { ForeignAgentRecord } from '../domain/records.js';
import { recordHash } from '../matching/index.js';
import type { OptionalLookup } from './optional-lookup.js';

const BIK = /^\d{9}$/;

/**
 * Adds the authorised bank of each foreign-agent candidate that may be the client (MATCH or POSSIBLE_MATCH)
 * from the Banks dictionary: name, city and correspondent account, keyed `<recordId>.bank_*` in the check's
 * `fields`, with the dictionary requests in its evidence. Evidence only: status, score and reasons stay as
 * decided. Candidates that are not the client are not looked up, so a common surname costs no extra calls;
 * the run's request cache makes each BIK one call per run.
 */
export async function withBankEvidence(
  result: CheckResult,
  records: readonly ForeignAgentRecord[],
  lookup: Pick<OptionalLookup, 'bankByBik'>,
): Promise<CheckResult> {
  const wanted = result.candidates.filter((c) => c.decision !== 'NO_MATCH');
  if (wanted.length === 0) return result;
  const byHash = new Map(records.map((r) => [recordHash(r.data), r]));
  const fields: Record<string, string> = {};
  const requests: RequestRecord[] = [];
  for (const candidate of wanted) {
    const bik = byHash.get(candidate.recordHash)?.data.bik.trim() ?? '';
    if (!BIK.test(bik)) continue;
    const { data, record } = await lookup.bankByBik(bik);
    if (!requests.some((r) => r.params.search === record.params.search)) requests.push(record);
    const key = candidate.recordId;
    fields[`${key}.bank_bik`] = bik;
    if (data.bank) {
      fields[`${key}.bank_name`] = data.bank.name;
      fields[`${key}.bank_city`] = data.bank.city;
      fields[`${key}.bank_corr_account`] = data.bank.corrAccount;
    } else {
      fields[`${key}.bank_lookup`] = data.error ?? 'not in the Banks dictionary';
    }
  }
  if (requests.length === 0) return result;
  return {
    ...result,
    requests: [...result.requests, ...requests],
    fields: { ...result.fields, ...fields },
  };
}
