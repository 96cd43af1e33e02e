import type { Client } from '../../domain/client.js';
import type { ScoredCandidate } from '../../domain/check.js';
import type { DebtorResult } from '../../domain/records.js';
import { recordIdentifier } from '../compare/identifiers.js';
import { prepareClient } from './prepare-client.js';
import { recordHash } from '../record-hash.js';
import { scoreParty } from './score-party.js';

/**
 * The debtor check answers for one INN, so its record is the client's when the INN agrees. Scoring it
 * anyway puts the name and SNILS comparison into the evidence: a reviewer sees at once when the service
 * answered about someone else.
 */
export function scoreDebtor(client: Client, result: DebtorResult): ScoredCandidate {
  const scored = scoreParty(prepareClient(client), {
    kind: 'person',
    names: [{ field: 'fio', value: result.fio }],
    birthDate: undefined,
    ids: { inn: recordIdentifier('inn', result.inn), snils: recordIdentifier('snils', result.snils) },
  });
  return {
    source: 'debtor',
    recordId: result.inn.trim().length > 0 ? result.inn.trim() : (client.inn ?? ''),
    recordHash: recordHash(result),
    recordName: result.fio,
    ...scored,
  };
}
