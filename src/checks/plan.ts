import type { CoreCheckKind } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import { DEFAULT_PROFILE, type UpstreamProfile } from '../settings/upstream-profile.js';
import { latinReadings } from './latin-to-cyrillic.js';
import {
  cyrillicSpellings,
  latinSpellings,
  scriptOf,
  titleCase,
  ukrainianSpellings,
  withHyphenForms,
  type Spelling,
} from './name-spellings.js';
import {
  narrowingNames,
  numberNotations,
  organizationQuery,
  surnameOf,
  surnameTerms,
} from './search-terms.js';

/**
 * Request plans: which calls a check makes for a client, as a pure function, so the number of calls per
 * client is known and documented before anything runs (docs/pipeline.md, "Request plans").
 *
 * | check | requests | skipped when |
 * |---|---|---|
 * | foreign_agent | `name` = surname (person) or name words (organization) in each Cyrillic spelling (name-spellings.ts); a Latin-script name as written and read back into Cyrillic; `inn`, `snils`, `ogrn` = each valid identifier of the client; a named person's `birth_date` | neither a name nor a valid INN, SNILS or OGRN(IP) |
 * | sanctions | `name` = surname (and each part of a double one) or name words in each Cyrillic and Latin spelling, and `name_local` in each Cyrillic one, with `entity_type`; a person's surname also in Ukrainian Cyrillic (`name_local`) and Ukrainian Latin (`name`); a person's `birth_date` | no name (the list carries no Russian identifiers) |
 * | bankruptcy | `search_string` = valid INN, else OGRN/OGRNIP, else surname or name words | nothing to search by |
 * | debtor | `inn` = the valid 12-digit INN of a person or an individual entrepreneur | organization, or no valid 12-digit INN |
 *
 * An organization name with a number sign is also searched with the number in the other notations
 * (`№ 12`, `№12`, `N 12`, `12`), as written, in `name` (and `name_local` on the sanctions list).
 *
 * The contract leaves open how name search matches (words or substrings, case, scripts), so a name is
 * sent in every spelling the register writes, not only in the client's: the foreign-agent register is
 * published in Russian, so it gets the Cyrillic spellings; the sanctions list writes Latin as often as
 * Cyrillic, so it gets both. The profile trims the set: `crossScriptSearch` (the service finds other
 * scripts itself) drops the transliterated spellings, `caseInsensitiveSearch` the capitals. Identical
 * calls within a run are made once (the run's request cache), so the spellings cost calls per distinct
 * name, not per client. A search answer as long as the profile's result cap may be cut off: that search
 * is repeated with the client's birth date, and with longer and longer names, in the same spelling
 * (`narrowers`).
 */
export type SearchParams = Readonly<Record<string, string>>;

/**
 * Finer and finer queries that narrow a cut answer, asked in order until one answer is no longer cut
 * (run-check.ts): `Кузнецов Александр`, then `Кузнецов Александр Всеволодович`.
 */
export type Narrowing = readonly SearchParams[];

export interface PlannedSearch<Op extends 'search.foreign_agent' | 'search.sanctions'> {
  readonly operation: Op;
  readonly params: SearchParams;
  /**
   * For a cut answer: the same search with the birth date, and the name narrowings, in the same spelling.
   * Each narrowing must end in an answer that is not cut, or the search stays cut.
   */
  readonly narrowers: readonly Narrowing[];
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
 * in Title case and capitals), then, unless the service searches across scripts, its Cyrillic readings and
 * their spellings (the first reading under the plain labels, the k-th under `alt<k>:`). A person's surname
 * (`surname`) on the sanctions list also gets the Ukrainian forms; a full name does not, as
 * given names change form between the languages in ways no letter rule gives (Алексей, Олексій).
 */
export function registerSpellings(
  text: string,
  register: NameRegister,
  person: boolean,
  profile: UpstreamProfile,
  surname = false,
): Spelling[] {
  const options = { caseInsensitive: profile.caseInsensitiveSearch, person };
  const crossScript = !profile.crossScriptSearch;
  const eastSlavic = register === 'sanctions' && person && surname;
  const out: Spelling[] = [];
  const later: Spelling[] = [];
  const cyrillic = (value: string, transliterated: boolean, prefix = '') => {
    const own: Spelling[] = [...cyrillicSpellings(value, options, transliterated)];
    if (register === 'sanctions' && crossScript) own.push(...latinSpellings(value, options));
    const guess = person ? yoGuess(value) : undefined;
    if (guess !== undefined) own.push(...cyrillicSpellings(guess, options, true));
    out.push(...own.map((s) => relabel(s, prefix)));
    if (!eastSlavic) return;
    const forms = [...ukrainianSpellings(value, { ...options, latin: crossScript })];
    if (guess !== undefined)
      forms.push(
        ...ukrainianSpellings(guess, { ...options, latin: crossScript }).map((s) => relabel(s, 'yo:')),
      );
    later.push(...forms.map((s) => relabel(s, prefix)));
  };
  const script = scriptOf(text);
  if (script === 'cyrillic') {
    cyrillic(text, false);
  } else if (script === 'latin') {
    const title = titleCase(text);
    if (!person) out.push({ label: 'latin:as-written', script, transliterated: false, value: text });
    out.push({ label: 'latin:title', script, transliterated: false, value: title });
    if (!profile.caseInsensitiveSearch)
      out.push({ label: 'latin:upper', script, transliterated: false, value: title.toUpperCase() });
    const readings = crossScript ? latinReadings(text) : [];
    readings.forEach((read, k) => cyrillic(read, true, k === 0 ? '' : `alt${k}:`));
  } else {
    out.push({ label: 'as-written', script: 'latin', transliterated: false, value: text });
  }
  // The Russian spellings first, so that a Ukrainian form equal to one keeps its label.
  return withHyphenForms([...out, ...later]);
}

function relabel(spelling: Spelling, prefix: string): Spelling {
  return prefix === '' ? spelling : { ...spelling, label: prefix + spelling.label };
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
 * The name narrowings of a cut answer of one spelling: the longer names (narrowingNames) in the same
 * spelling, broadest first. Lists that write a surname in capitals write the given names either in Title
 * case (`TSVETKOVA Iuliia`) or in capitals too (`TSVETKOVA IULIIA`): a capitals spelling is narrowed both
 * ways, each its own narrowing. `steps` holds, per longer name, its spellings by label.
 */
function narrowingsOf(spelling: Spelling, steps: readonly ReadonlyMap<string, string>[]): string[][] {
  const out: string[][] = [];
  if (spelling.label.includes(':upper')) {
    const surname = new Set(titleCase(spelling.value).split(' '));
    const titled = steps
      .map((step) => step.get(spelling.label.replace(':upper', ':title')))
      .filter((value) => value !== undefined)
      .map((title) =>
        title
          .split(' ')
          .map((w) => (surname.has(w) ? w.toUpperCase() : w))
          .join(' '),
      );
    out.push(titled);
  }
  out.push(steps.map((step) => step.get(spelling.label)).filter((value) => value !== undefined));
  const distinct = new Map<string, string[]>();
  for (const chain of out.map((c) => c.filter((value) => value !== spelling.value)))
    if (chain.length > 0) distinct.set(chain.join('\u0000'), chain);
  return [...distinct.values()];
}

/**
 * Another notation of an organization's number is sent as written only, once per register field: it is
 * there for a register that writes the number otherwise; the case forms and transliterations of the name
 * go out with the client's own notation. So a numbered name pays one or two calls per notation.
 */
function notation(term: string): Spelling[] {
  const script = scriptOf(term) ?? 'latin';
  return [{ label: 'number', script, transliterated: false, value: term }];
}

/**
 * The search terms of a client: a person's surname (and the parts of a double one), or an organization's
 * words and, for a numbered name, the same words with the number in the other notations.
 */
function searchTerms(client: Client, name: string): string[] {
  return isPerson(client) ? surnameTerms(client) : [name, ...numberNotations(name)];
}

/**
 * The name searches of one register: each spelling of each search term, with its narrowers: the same
 * spelling with the client's birth date (a person's), and the longer names in the same spelling. The
 * spellings of the second and later terms (the parts of a double surname) are labelled `part<n>:`.
 */
function nameSearches<Op extends 'search.foreign_agent' | 'search.sanctions'>(
  operation: Op,
  client: Client,
  name: string,
  profile: UpstreamProfile,
  extra: Readonly<Record<string, string>> = {},
): { searches: PlannedSearch<Op>[]; spellings: Spelling[] } {
  const register: NameRegister = operation === 'search.sanctions' ? 'sanctions' : 'foreign_agent';
  const person = isPerson(client);
  const born = person && client.birthDate !== undefined ? { birth_date: client.birthDate } : undefined;
  const out: PlannedSearch<Op>[] = [];
  const all: Spelling[] = [];
  const seen = new Set<string>();
  const add = (
    param: 'name' | 'name_local',
    spelling: Spelling,
    steps: readonly ReadonlyMap<string, string>[],
  ) => {
    const key = `${param}\u0000${spelling.value}`;
    if (seen.has(key)) return;
    seen.add(key);
    const names = narrowingsOf(spelling, steps).map((chain) =>
      chain.map((value) => ({ [param]: value, ...extra })),
    );
    const narrowers = born ? [[{ [param]: spelling.value, ...born, ...extra }], ...names] : names;
    out.push({ operation, params: { [param]: spelling.value, ...extra }, narrowers });
  };
  searchTerms(client, name).forEach((term, index) => {
    const prefix = index === 0 ? '' : `part${index}:`;
    const spellings = (
      person || index === 0 ? registerSpellings(term, register, person, profile, person) : notation(term)
    ).map((s) => relabel(s, prefix));
    const steps = (person ? narrowingNames(client, term) : []).map(
      (longer) =>
        new Map(registerSpellings(longer, register, person, profile).map((s) => [prefix + s.label, s.value])),
    );
    all.push(...spellings);
    for (const spelling of spellings) if (!spelling.localOnly) add('name', spelling, steps);
    // The list's local-language field holds the Cyrillic name of a Latin entry; a service may search it
    // only through its own parameter.
    if (register === 'sanctions')
      for (const spelling of spellings)
        if (spelling.script === 'cyrillic') add('name_local', spelling, steps);
  });
  return { searches: out, spellings: all };
}

/**
 * The search of a register by a person's birth date alone: every listed person born that day, whatever
 * spelling the register gives the name (`KUZNETZOV`, `JOUKOV`, a surname written with look-alike letters of
 * another script), is scored by the matcher. Many clients share a date, so the run's request cache answers
 * most of these. Its capped answer is narrowed by the date with each spelling of the surname (as `name`,
 * and on the sanctions list also as `name_local`).
 */
function birthDateSearch<Op extends 'search.foreign_agent' | 'search.sanctions'>(
  operation: Op,
  client: Client,
  spellings: readonly Spelling[],
): PlannedSearch<Op>[] {
  if (!isPerson(client) || client.birthDate === undefined) return [];
  const sanctions = operation === 'search.sanctions';
  const base: Record<string, string> = sanctions
    ? { birth_date: client.birthDate, entity_type: 'person' }
    : { birth_date: client.birthDate };
  const narrowers: SearchParams[][] = [];
  const seen = new Set<string>();
  const push = (param: 'name' | 'name_local', value: string) => {
    if (seen.has(`${param}\u0000${value}`)) return;
    seen.add(`${param}\u0000${value}`);
    narrowers.push([{ [param]: value, ...base }]);
  };
  for (const s of spellings) if (!s.localOnly) push('name', s.value);
  if (sanctions) for (const s of spellings) if (s.script === 'cyrillic') push('name_local', s.value);
  return [{ operation, params: base, narrowers }];
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
      const named = name ? nameSearches('search.foreign_agent', client, name, profile) : undefined;
      const requests = [
        ...(named?.searches ?? []),
        ...identifierSearches(client),
        ...(named ? birthDateSearch('search.foreign_agent', client, named.spellings) : []),
      ];
      if (requests.length > 0) return { kind, requests };
      return {
        kind,
        skip: { reason: 'FOREIGN_AGENT_SKIPPED_NO_NAME_OR_INN', detail: 'no name and no valid INN' },
      };
    }
    case 'sanctions': {
      if (!name)
        return {
          kind,
          skip: { reason: 'SANCTIONS_SKIPPED_NO_NAME', detail: 'no name to search the list by' },
        };
      const { searches, spellings } = nameSearches('search.sanctions', client, name, profile, {
        entity_type: isPerson(client) ? 'person' : 'organization',
      });
      return { kind, requests: [...searches, ...birthDateSearch('search.sanctions', client, spellings)] };
    }
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
