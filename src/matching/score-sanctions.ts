import type { Client } from '../domain/client.js';
import type { ScoredCandidate } from '../domain/check.js';
import type { SanctionsRecord } from '../domain/records.js';
import { prepareClient } from './prepare-client.js';
import { memoContentId, recordHash } from './record-hash.js';
import { scoreParty } from './score-party.js';

/**
 * A sanctions entry against a client. Both `name` (often Latin, `SURNAME, Given`) and `name_local` are
 * compared and the better one counts. Entries carry no Russian identifiers (only a Ukrainian EDRPOU),
 * so names, entity type and birth date decide. The id is a hash of the identifying fields: the list has
 * no id of its own.
 */
export function scoreSanctions(client: Client, record: SanctionsRecord): ScoredCandidate {
  const data = record.data;
  const names = [{ field: 'name', value: data.name }];
  if (data.name_local !== null && data.name_local.trim().length > 0) {
    names.push({ field: 'name_local', value: data.name_local });
  }
  const result = scoreParty(prepareClient(client), {
    kind: data.entity_type,
    names,
    birthDate: data.birth_date,
    ids: {},
  });
  return {
    source: record.source,
    recordId: memoContentId(data, 'sanctions', () => ({
      name: data.name,
      name_local: data.name_local,
      birth_date: data.birth_date,
      entity_type: data.entity_type,
    })),
    recordHash: recordHash(data),
    recordName:
      data.name_local !== null && data.name_local.length > 0
        ? `${data.name} / ${data.name_local}`
        : data.name,
    ...result,
  };
}
