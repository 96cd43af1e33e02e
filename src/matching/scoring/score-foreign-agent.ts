import type { Client } from '../../domain/client.js';
import type { ScoredCandidate } from '../../domain/check.js';
import type { ForeignAgentRecord } from '../../domain/records.js';
import { foreignAgentKind } from './entity.js';
import { recordIdentifier } from '../compare/identifiers.js';
import { prepareClient } from './prepare-client.js';
import { contentId, recordHash } from '../record-hash.js';
import { scoreParty } from './score-party.js';

/**
 * A foreign-agent record against a client. The register's id is its registration number; an entry
 * without one gets a hash of its identifying fields.
 */
export function scoreForeignAgent(client: Client, record: ForeignAgentRecord): ScoredCandidate {
  const data = record.data;
  const result = scoreParty(prepareClient(client), {
    kind: foreignAgentKind(data.agent_type),
    names: [{ field: 'name', value: data.name }],
    birthDate: data.birth_date,
    ids: {
      inn: recordIdentifier('inn', data.inn),
      ogrn: recordIdentifier('ogrn', data.ogrn),
      snils: recordIdentifier('snils', data.snils),
    },
  });
  return {
    source: record.source,
    recordId: foreignAgentRecordId(data),
    recordHash: recordHash(data),
    recordName: data.name,
    ...result,
  };
}

/** The id a foreign-agent record is matched under: its registration number, else a content id. */
export function foreignAgentRecordId(data: ForeignAgentRecord['data']): string {
  const registration = data.registration_number.trim();
  return registration.length > 0
    ? registration
    : contentId('minjust_foreign_agent', {
        name: data.name,
        birth_date: data.birth_date,
        inn: data.inn,
        ogrn: data.ogrn,
        snils: data.snils,
      });
}
