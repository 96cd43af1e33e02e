import type { Client } from '../domain/client.js';
import type { ScoredCandidate } from '../domain/check.js';
import type { SanctionsRecord } from '../domain/records.js';
import { prepareClient } from './prepare-client.js';
import { listNames } from './list-names.js';
import { recordHash } from './record-hash.js';
import { scoreParty } from './score-party.js';

/**
 * A sanctions entry against a client. Both `name` (often Latin, `SURNAME, Given`) and `name_local` are
 * compared, every name either field holds (aliases, another script in brackets), and the best one counts. Entries carry no Russian identifiers (only a Ukrainian EDRPOU),
 * so names, entity type and birth date decide.
 */
export function scoreSanctions(client: Client, record: SanctionsRecord): ScoredCandidate {
  const data = record.data;
  const names = [...fieldNames('name', data.name), ...fieldNames('name_local', data.name_local)];
  const result = scoreParty(prepareClient(client), {
    kind: data.entity_type,
    names,
    birthDate: data.birth_date,
    ids: {},
  });
  return {
    source: record.source,
    recordId: sanctionsRecordId(data),
    recordHash: recordHash(data),
    recordName:
      data.name_local !== null && data.name_local.length > 0
        ? `${data.name} / ${data.name_local}`
        : data.name,
    ...result,
  };
}

/**
 * Every name a field holds (./list-names.ts), labelled for the explanation: `name`, or `name alias
 * «CHERKASOV Svyatoslav Igorevich»` when an alias in the field is the one that matched.
 */
function fieldNames(field: string, value: string | null): { field: string; value: string }[] {
  if (value === null || value.trim().length === 0) return [];
  return listNames(value).map((name) => ({
    field: name.alias ? `${field} alias «${name.value.replace(/,/gu, '')}»` : field,
    value: name.value,
  }));
}

/**
 * The list has no id of its own, so an entry's id is a hash of all of its `data`. One person may stand on
 * the list several times under the same name and birth date (one entry per programme, with another
 * address or birth place); a hash of the name fields alone gave those entries one id, and a reviewer's
 * decision on one of them applied to all. An answer's entries with equal `data` are one entry
 * (src/checks/run-check.ts keeps one), so every entry scored has an id of its own, the same run to run.
 * A changed entry gets a new id: it is raised again rather than matched to a review of other content.
 */
export function sanctionsRecordId(data: SanctionsRecord['data']): string {
  return `sanctions:${recordHash(data).slice(0, 16)}`;
}
