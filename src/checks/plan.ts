import type { CoreCheckKind } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import { DEFAULT_PROFILE, type UpstreamProfile } from '../registry/profile.js';
import { latinToCyrillic } from './latin-to-cyrillic.js';
import {
  cyrillicSpellings,
  latinSpellings,
  scriptOf,
  titleCase,
  withHyphenForms,
  type Spelling,
} from './name-spellings.js';
import { fullNameQuery, organizationQuery, surnameOf } from './search-terms.js';

/**
 * Request plans: which calls a check makes for a client, as a pure function, so the number of calls per
 * client is known and documented before anything runs (docs/pipeline.md, "Request plans").
 *
 * | check | requests | skipped when |
 * |---|---|---|
 * | foreign_agent | `name` = surname (person) or name words (organization) in each Cyrillic spelling (name-spellings.ts); a Latin-script name as written and read back into Cyrillic; and `inn`, `snils`, `ogrn` = each valid identifier of the client | neither a name nor a valid INN, SNILS or OGRN(IP) |
 * | sanctions | `name` = surname or name words in each Cyrillic and Latin spelling, and `name_local` in each Cyrillic one, with `entity_type` | no name (the list carries no Russian identifiers) |
 * | bankruptcy | `search_string` = valid INN, else OGRN/OGRNIP, else surname or name words | nothing to search by |
 * | debtor | `inn` = the valid 12-digit INN of a person or an individual entrepreneur | organization, or no valid 12-digit INN |
 *
 * The contract leaves open how name search matches (words or substrings, case, scripts), so a name is
 * sent in every spelling the register writes, not only in the client's: the foreign-agent register is
 * published in Russian, so it gets the Cyrillic spellings; the sanctions list writes Latin as often as
 * Cyrillic, so it gets both. The profile trims the set: `crossScriptSearch` (the service finds other
 * scripts itself) drops the transliterated spellings, `caseInsensitiveSearch` the capitals. Identical
 * calls within a run are made once (the run's request cache), so the spellings cost calls per distinct
 * name, not per client. A search answer as long as the profile's result cap may be cut off: that search
 * is repeated with the full name in the same spelling (`narrowers`).
 */
export interface PlannedSearch<Op extends 'search.foreign_agent' | 'search.sanctions'> {
  readonly operation: Op;
  readonly params: Readonly<Record<string, string>>;
  /** The same search with the full name in the same spelling, for an answer that filled the cap. */
  readonly narrowers: readonly Readonly<Record<string, string>>[];
}

export type PlannedRequest =
  | PlannedSearch<'search.foreign_agent'>
  | PlannedSearch<'search.sanctions'>
  | { readonly operation: 'search.bankruptcy'; readonly params: { readonly search_string: string } }
  | { readonly operation: 'client.debt'; readonly params: { readonly inn: string } };

export type CheckPlan =
  | { readonly kind: CoreCheckKind; readonly requests: readonly PlannedRequest[] }
  | { readonly kind: CoreCheckKind; readonly skip: { readonly reason: string; readonly detail: string } };

function isPerson(client: Client): boolean {
  return client.entityType !== 'organization';
}

/** The name words the searches use, or undefined when the row has no usable name. */
export function searchName(client: Client): string | undefined {
  if (!client.name && !client.nameParts) return undefined;
  return isPerson(client) ? surnameOf(client) : organizationQuery(client.name ?? '');
}

/** Which register a name search goes to: the foreign-agent register writes Cyrillic only. */
type NameRegister = 'foreign_agent' | 'sanctions';

/**
 * Every spelling of `text` a register may use, under the profile. For a Latin-script text: as written (and
 * in Title case and capitals), then, unless the service searches across scripts, its Cyrillic reading and
 * that reading's spellings.
 */
export function registerSpellings(
  text: string,
  register: NameRegister,
  person: boolean,
  profile: UpstreamProfile,
): Spelling[] {
  const options = { caseInsensitive: profile.caseInsensitiveSearch, person };
  const crossScript = !profile.crossScriptSearch;
  const out: Spelling[] = [];
  const cyrillic = (value: string, transliterated: boolean) => {
    out.push(...cyrillicSpellings(value, options, transliterated));
    if (register === 'sanctions' && crossScript) out.push(...latinSpellings(value, options));
  };
  const script = scriptOf(text);
  if (script === 'cyrillic') {
    cyrillic(text, false);
    const guess = person ? yoGuess(text) : undefined;
    if (guess !== undefined) out.push(...cyrillicSpellings(guess, options, true));
  } else if (script === 'latin') {
    const title = titleCase(text);
    if (!person) out.push({ label: 'latin:as-written', script, transliterated: false, value: text });
    out.push({ label: 'latin:title', script, transliterated: false, value: title });
    if (!profile.caseInsensitiveSearch)
      out.push({ label: 'latin:upper', script, transliterated: false, value: title.toUpperCase() });
    const read = crossScript ? latinToCyrillic(text) : undefined;
    if (read !== undefined) cyrillic(read, true);
  } else {
    out.push({ label: 'as-written', script: 'latin', transliterated: false, value: text });
  }
  return withHyphenForms(out);
}

/**
 * Registers keep ё where the client file usually writes е (`Ковалёв`, `Соловьёв`), and a service that
 * compares words exactly does not fold them. Restoring every е is guesswork; the suffix -ёв/-ёва after a
 * consonant or ь is where surnames carry ё, so that one form is also sent (in Cyrillic only: Latin
 * systems other than BGN and the 1997 passports write ё as e).
 */
function yoGuess(text: string): string | undefined {
  if (/ё/i.test(text)) return undefined;
  const guessed = text.replace(
    /(?<=[бвгджзклмнпрстфхцчшщь])ев(а?)(?=$|[\s-])/giu,
    (m: string, a: string) => (m.startsWith('Е') ? 'Ё' : 'ё') + (m[1] === 'В' ? 'В' : 'в') + a,
  );
  return guessed === text ? undefined : guessed;
}

/**
 * The full-name queries that narrow a capped answer of one spelling: the full name in the same spelling.
 * Lists that write a surname in capitals write the given names either in Title case (`TSVETKOVA Iuliia`)
 * or in capitals too (`TSVETKOVA IULIIA`): a capitals spelling is narrowed both ways.
 */
function narrowersOf(spelling: Spelling, fullByLabel: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  const full = fullByLabel.get(spelling.label);
  if (spelling.label.includes(':upper')) {
    const title = fullByLabel.get(spelling.label.replace(':upper', ':title'));
    if (title !== undefined) {
      const surname = new Set(titleCase(spelling.value).split(' '));
      out.push(
        title
          .split(' ')
          .map((w) => (surname.has(w) ? w.toUpperCase() : w))
          .join(' '),
      );
    }
  }
  if (full !== undefined) out.push(full);
  return [...new Set(out)].filter((value) => value !== spelling.value);
}

/** The name searches of one register: each spelling, with the narrower full-name queries in the same spelling. */
function nameSearches<Op extends 'search.foreign_agent' | 'search.sanctions'>(
  operation: Op,
  client: Client,
  name: string,
  profile: UpstreamProfile,
  extra: Readonly<Record<string, string>> = {},
): PlannedSearch<Op>[] {
  const register: NameRegister = operation === 'search.sanctions' ? 'sanctions' : 'foreign_agent';
  const person = isPerson(client);
  const spellings = registerSpellings(name, register, person, profile);
  const full = person ? fullNameQuery(client) : undefined;
  const fullSpellings = full && full !== name ? registerSpellings(full, register, person, profile) : [];
  const narrowerOf = new Map(fullSpellings.map((s) => [s.label, s.value]));
  const out: PlannedSearch<Op>[] = [];
  const seen = new Set<string>();
  const add = (param: 'name' | 'name_local', spelling: Spelling) => {
    const key = `${param}\u0000${spelling.value}`;
    if (seen.has(key)) return;
    seen.add(key);
    const narrowers = narrowersOf(spelling, narrowerOf).map((value) => ({ [param]: value, ...extra }));
    out.push({ operation, params: { [param]: spelling.value, ...extra }, narrowers });
  };
  for (const spelling of spellings) add('name', spelling);
  // The list's local-language field holds the Cyrillic name of a Latin entry; a service may search it only
  // through its own parameter.
  if (register === 'sanctions')
    for (const spelling of spellings) if (spelling.script === 'cyrillic') add('name_local', spelling);
  return out;
}

/**
 * The foreign-agent searches by the client's valid identifiers: a record carrying the client's INN, SNILS
 * or OGRN(IP) is found whatever its name says (a maiden surname, a misspelling), and an equal identifier
 * decides the match (score-party.ts). Identifier parameters match exactly; the register's SNILS format is
 * not stated, so SNILS is sent both as digits and in its printed form `123-456-789 01`.
 */
function identifierSearches(client: Client): PlannedSearch<'search.foreign_agent'>[] {
  const params: Record<string, string>[] = [];
  if (client.inn) params.push({ inn: client.inn });
  if (client.snils) {
    const d = client.snils;
    params.push({ snils: d });
    if (/^\d{11}$/.test(d))
      params.push({ snils: `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6, 9)} ${d.slice(9)}` });
  }
  const ogrn = client.ogrn ?? client.ogrnip;
  if (ogrn) params.push({ ogrn });
  return params.map((p) => ({ operation: 'search.foreign_agent', params: p, narrowers: [] }));
}

export function planCheck(
  kind: CoreCheckKind,
  client: Client,
  profile: UpstreamProfile = DEFAULT_PROFILE,
): CheckPlan {
  const name = searchName(client);
  switch (kind) {
    case 'foreign_agent': {
      const requests = [
        ...(name ? nameSearches('search.foreign_agent', client, name, profile) : []),
        ...identifierSearches(client),
      ];
      if (requests.length > 0) return { kind, requests };
      return {
        kind,
        skip: { reason: 'FOREIGN_AGENT_SKIPPED_NO_NAME_OR_INN', detail: 'no name and no valid INN' },
      };
    }
    case 'sanctions':
      if (!name)
        return {
          kind,
          skip: { reason: 'SANCTIONS_SKIPPED_NO_NAME', detail: 'no name to search the list by' },
        };
      return {
        kind,
        requests: nameSearches('search.sanctions', client, name, profile, {
          entity_type: isPerson(client) ? 'person' : 'organization',
        }),
      };
    case 'bankruptcy': {
      const term = client.inn ?? client.ogrn ?? client.ogrnip ?? name;
      if (!term)
        return {
          kind,
          skip: { reason: 'BANKRUPTCY_SKIPPED_NOTHING_TO_SEARCH', detail: 'no identifier and no name' },
        };
      return { kind, requests: [{ operation: 'search.bankruptcy', params: { search_string: term } }] };
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
      return { kind, requests: [{ operation: 'client.debt', params: { inn: client.inn } }] };
  }
}
