import type { ComparedValues, PartyValues, ScoredCandidate } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import type {
  BankruptcyEntry,
  DebtorResult,
  ForeignAgentRecord,
  SanctionsRecord,
} from '../domain/records.js';

/**
 * The client's and the record's values side by side on a candidate a reviewer will see (MATCH or
 * POSSIBLE_MATCH): the desk's alert page shows them, so that a decision needs no trip to the register.
 * Kept on the evidence line as the client's own (not in the record's shared body); only filled values.
 */

const RAISING: ReadonlySet<string> = new Set(['MATCH', 'POSSIBLE_MATCH']);

function filled(values: Record<keyof PartyValues, string | null | undefined>): PartyValues {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text.length > 0) out[key] = text;
  }
  return out;
}

export function clientValues(client: Client): PartyValues {
  return filled({
    name: client.name,
    birthDate: client.birthDate,
    inn: client.inn,
    ogrn: client.ogrn ?? client.ogrnip,
    snils: client.snils,
    address: client.address,
  });
}

export function foreignAgentValues(record: ForeignAgentRecord): PartyValues {
  const d = record.data;
  return filled({
    name: d.name,
    birthDate: d.birth_date,
    inn: d.inn,
    ogrn: d.ogrn,
    snils: d.snils,
    address: d.address,
  });
}

export function sanctionsValues(record: SanctionsRecord): PartyValues {
  const d = record.data;
  const local = d.name_local?.trim() ? ` / ${d.name_local.trim()}` : '';
  return filled({
    name: `${d.name}${local}`,
    birthDate: d.birth_date,
    inn: undefined,
    ogrn: undefined,
    snils: undefined,
    address: d.address,
  });
}

export function bankruptcyValues(entry: BankruptcyEntry): PartyValues {
  return filled({
    name: entry.name,
    birthDate: undefined,
    inn: entry.inn,
    ogrn: entry.ogrn,
    snils: undefined,
    address: entry.address,
  });
}

export function debtorValues(result: DebtorResult): PartyValues {
  return filled({
    name: result.fio,
    birthDate: undefined,
    inn: result.inn,
    ogrn: undefined,
    snils: result.snils,
    address: undefined,
  });
}

/** The candidate with the values compared, when it reaches a reviewer; as it is otherwise. */
export function withCompared<T extends ScoredCandidate>(
  candidate: T,
  client: Client,
  record: PartyValues,
): T {
  if (!RAISING.has(candidate.decision)) return candidate;
  const compared: ComparedValues = { client: clientValues(client), record };
  return { ...candidate, compared };
}
