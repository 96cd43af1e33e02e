import type { Client } from '../../domain/client.js';
import type { ScoredCandidate } from '../../domain/check.js';
import type { BankruptcyEntry } from '../../domain/records.js';
import { bankruptcyKind } from './entity.js';
import { recordIdentifier } from '../compare/identifiers.js';
import { prepareClient } from './prepare-client.js';
import { recordHash } from '../record-hash.js';
import { scoreParty } from './score-party.js';

/**
 * A bankruptcy register entry against a client: INN or OGRN equality first (the register carries both),
 * else the name with the debtor category agreeing with the client's kind. The register has no birth
 * dates, so a person found by name alone is at most a POSSIBLE_MATCH.
 */
export function scoreBankruptcy(client: Client, entry: BankruptcyEntry): ScoredCandidate {
  const result = scoreParty(prepareClient(client), {
    kind: bankruptcyKind(entry.category, entry.inn),
    names: [{ field: 'name', value: entry.name }],
    birthDate: undefined,
    ids: { inn: recordIdentifier('inn', entry.inn), ogrn: recordIdentifier('ogrn', entry.ogrn) },
  });
  return {
    source: 'bankruptcy',
    recordId: entry.guid,
    recordHash: recordHash(entry),
    recordName: entry.name,
    ...result,
  };
}
