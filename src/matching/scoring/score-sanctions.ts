import type { Client } from '../../domain/client.js';
import type { ScoredCandidate } from '../../domain/check.js';
import type { SanctionsRecord } from '../../domain/records.js';
import { prepareClient } from './prepare-client.js';
import { listNames } from '../compare/list-names.js';
import { contentId, recordHash } from '../record-hash.js';
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
 * The list has no id of its own, so an entry's id is a hash of the fields that identify the party (name,
 * name_local, birth date, entity type): a changed address keeps the id, so a reviewed entry that changes
 * is reopened, not raised as a stranger. One person may stand on the list several times under the same
 * name and birth date (one entry per programme); entries of one answer that share this id are told apart
 * by `distinctSanctionsIds`, so a decision on one of them never applies to the others.
 */
export function sanctionsRecordId(data: SanctionsRecord['data']): string {
  return contentId('sanctions', {
    name: data.name,
    name_local: data.name_local,
    birth_date: data.birth_date,
    entity_type: data.entity_type,
  });
}

/**
 * The scored entries of one answer with one id each: entries that share their identifying fields but not
 * their content get their content hash's first 8 hex digits after the id (`sanctions:<16 hex>~<8 hex>`),
 * the same run to run while each keeps its content.
 */
export function distinctSanctionsIds<T extends { readonly recordId: string; readonly recordHash: string }>(
  scored: readonly T[],
): T[] {
  const contents = new Map<string, Set<string>>();
  for (const s of scored) contents.set(s.recordId, (contents.get(s.recordId) ?? new Set()).add(s.recordHash));
  return scored.map((s) =>
    (contents.get(s.recordId)?.size ?? 0) > 1
      ? { ...s, recordId: `${s.recordId}~${s.recordHash.slice(0, 8)}` }
      : s,
  );
}
