import type { CoreCheckKind } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import { organizationQuery, surnameOf } from './search-terms.js';

/**
 * Request plans: which calls a check makes for a client, as a pure function, so the number of calls per
 * client is known and documented before anything runs (README, "Request plans").
 *
 * | check | request | skipped when |
 * |---|---|---|
 * | foreign_agent | `name` = surname (person) or name words (organization); `inn` only when there is no name | neither a name nor a valid INN |
 * | sanctions | `name` = surname or name words, with `entity_type` | no name (the list carries no Russian identifiers) |
 * | bankruptcy | `search_string` = valid INN, else OGRN/OGRNIP, else surname or name words | nothing to search by |
 * | debtor | `inn` = the valid 12-digit INN of a person or an individual entrepreneur | organization, or no valid 12-digit INN |
 *
 * One call per check at most, so at most four per client; identical calls within a run are made once
 * (the run's request cache). A search that returns the result cap is repeated once with the full name.
 */
export type PlannedRequest =
  | { readonly operation: 'search.foreign_agent'; readonly params: Readonly<Record<string, string>> }
  | { readonly operation: 'search.sanctions'; readonly params: Readonly<Record<string, string>> }
  | { readonly operation: 'search.bankruptcy'; readonly params: { readonly search_string: string } }
  | { readonly operation: 'client.debt'; readonly params: { readonly inn: string } };

export type CheckPlan =
  | { readonly kind: CoreCheckKind; readonly request: PlannedRequest }
  | { readonly kind: CoreCheckKind; readonly skip: { readonly reason: string; readonly detail: string } };

function isPerson(client: Client): boolean {
  return client.entityType !== 'organization';
}

/** The name words the searches use, or undefined when the row has no usable name. */
export function searchName(client: Client): string | undefined {
  if (!client.name && !client.nameParts) return undefined;
  return isPerson(client) ? surnameOf(client) : organizationQuery(client.name ?? '');
}

export function planCheck(kind: CoreCheckKind, client: Client): CheckPlan {
  const name = searchName(client);
  switch (kind) {
    case 'foreign_agent':
      if (name) return { kind, request: { operation: 'search.foreign_agent', params: { name } } };
      if (client.inn)
        return { kind, request: { operation: 'search.foreign_agent', params: { inn: client.inn } } };
      return {
        kind,
        skip: { reason: 'FOREIGN_AGENT_SKIPPED_NO_NAME_OR_INN', detail: 'no name and no valid INN' },
      };
    case 'sanctions':
      if (!name)
        return {
          kind,
          skip: { reason: 'SANCTIONS_SKIPPED_NO_NAME', detail: 'no name to search the list by' },
        };
      return {
        kind,
        request: {
          operation: 'search.sanctions',
          params: { name, entity_type: isPerson(client) ? 'person' : 'organization' },
        },
      };
    case 'bankruptcy': {
      const term = client.inn ?? client.ogrn ?? client.ogrnip ?? name;
      if (!term)
        return {
          kind,
          skip: { reason: 'BANKRUPTCY_SKIPPED_NOTHING_TO_SEARCH', detail: 'no identifier and no name' },
        };
      return { kind, request: { operation: 'search.bankruptcy', params: { search_string: term } } };
    }
    case 'debtor':
      if (!isPerson(client)) {
        return {
          kind,
          skip: { reason: 'DEBTOR_SKIPPED_ORGANIZATION', detail: 'the debtor check is for individuals' },
        };
      }
      if (client.inn?.length !== 12) {
        return { kind, skip: { reason: 'DEBTOR_SKIPPED_NO_PERSON_INN', detail: 'no valid 12-digit INN' } };
      }
      return { kind, request: { operation: 'client.debt', params: { inn: client.inn } } };
  }
}
