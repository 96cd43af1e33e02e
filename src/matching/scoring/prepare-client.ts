import type { Client } from '../../domain/client.js';
import { parseBirthDate, type BirthDate } from '../compare/birth-date.js';
import type { PartyIdentifiers } from '../compare/identifiers.js';
import { parseOrgName, type OrgName } from '../compare/org-name.js';
import { parsePersonName, parsePersonParts, type PersonName } from '../compare/person-name.js';

/** Persons and individual entrepreneurs are screened as persons; everything else as organizations. */
export type PartyKind = 'person' | 'organization';

/** A client with every normalised form the scorers need, computed once. */
export interface PreparedClient {
  readonly client: Client;
  readonly kind: PartyKind;
  /** Set when kind is person. */
  readonly person: PersonName | undefined;
  /** Set when kind is organization. */
  readonly org: OrgName | undefined;
  readonly birthDate: BirthDate | undefined;
  readonly ids: PartyIdentifiers;
}

/** Forms that only an organization carries; an ИП prefix keeps a name personal. */
function looksLikeOrganization(name: string): boolean {
  const org = parseOrgName(name);
  return org.quoted || org.forms.some((f) => f.family !== 'IE');
}

function kindOf(client: Client): PartyKind {
  if (client.entityType === 'organization') return 'organization';
  // A type the file did not state is corrected by the name itself: `ООО «Ромашка»` is no person.
  if (
    client.entityTypeSource === 'default' &&
    client.name !== undefined &&
    looksLikeOrganization(client.name)
  ) {
    return 'organization';
  }
  return 'person';
}

function personName(client: Client): PersonName | undefined {
  const parts = client.nameParts;
  if (parts && (parts.surname ?? parts.given ?? parts.patronymic) !== undefined)
    return parsePersonParts(parts);
  return client.name === undefined ? undefined : parsePersonName(client.name);
}

const cache = new WeakMap<Client, PreparedClient>();

/** The prepared form of a client, memoised per client object: a client is scored against many records. */
export function prepareClient(client: Client): PreparedClient {
  const cached = cache.get(client);
  if (cached) return cached;
  const kind = kindOf(client);
  const prepared: PreparedClient = {
    client,
    kind,
    person: kind === 'person' ? personName(client) : undefined,
    org: kind === 'organization' && client.name !== undefined ? parseOrgName(client.name) : undefined,
    birthDate: kind === 'person' ? parseBirthDate(client.birthDate) : undefined,
    ids: {
      inn: client.inn,
      ogrn: client.ogrn ?? client.ogrnip,
      snils: client.snils,
    },
  };
  cache.set(client, prepared);
  return prepared;
}
