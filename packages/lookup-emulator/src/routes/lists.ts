/**
 * The three register searches (spec 4.3–4.5). Search semantics, documented in packages/lookup-emulator/README.md:
 * - text parameters: every word of the query must be a word of the field, in any order (case-insensitive,
 *   ё ≡ е, punctuation and quotes ignored; see text.ts);
 * - identifier, date and enumerated parameters: equality after trimming; dates must be `YYYY-MM-DD`;
 * - several parameters: all must match (AND); blank parameters count as not given;
 * - at most RESULT_CAP records per answer, in register order (planted records first).
 * A variant (variant.ts) may set another cap, turn the cross-script keys off and write records in other
 * shapes; the records are searched the same way.
 */
import { LOOKUP_PATHS } from '@kyc-screen/lookup-contract';
import type { BankruptcyEntry, ForeignAgentRecord, SanctionsRecord } from '@kyc-screen/lookup-contract';
import { normalizeSnils } from '../check-digits.js';
import { assertDate, optional, required, type Query } from '../request.js';
import { badRequest, rawJsonReply } from '../respond.js';
import { getRoute, type Route } from '../router.js';
import {
  AnyOfIndex,
  ExactIndex,
  WordIndex,
  intersect,
  union,
  type FieldIndex,
  type Postings,
} from '../search.js';

/** Largest number of records one search returns (the spec sets none). */
export const RESULT_CAP = 100;

/** How a register is served: its cap, whether names match across scripts, how a record is written. */
export interface ServeOptions<R> {
  readonly resultCap: number;
  readonly crossScript: boolean;
  readonly view: (record: R, position: number) => unknown;
}

const AS_GENERATED: ServeOptions<unknown> = {
  resultCap: RESULT_CAP,
  crossScript: true,
  view: (record) => record,
};

function serialise<R>(records: readonly R[], options: ServeOptions<R>): string[] {
  return records.map((record, position) => JSON.stringify(options.view(record, position)));
}

type ParamKind = 'text' | 'exact' | 'date';

interface Param {
  readonly name: string;
  readonly kind: ParamKind;
  readonly index: FieldIndex;
  /** Canonical form of a query value before lookup (SNILS may be written 123-456-789 01). */
  readonly canonical?: (value: string) => string;
}

function render(json: readonly string[], postings: Postings, cap: number): string {
  const count = Math.min(postings.length, cap);
  if (count === 0) return '[]';
  let body = '[' + json[postings[0] as number];
  for (let i = 1; i < count; i++) body += ',' + json[postings[i] as number];
  return body + ']';
}

/** A register searched by named parameters, with records serialised once up front. */
export class SearchableRegister<R = unknown> {
  private readonly json: readonly string[];
  private readonly names: string;
  private readonly cap: number;

  constructor(
    records: readonly R[],
    private readonly params: readonly Param[],
    options: ServeOptions<R> = AS_GENERATED,
  ) {
    this.json = serialise(records, options);
    this.cap = options.resultCap;
    this.names = params.map((p) => p.name).join(', ');
  }

  /** The JSON array answering a query; throws 400 for no parameter or a malformed date. */
  search(query: Query): string {
    const given: [Param, string][] = [];
    for (const param of this.params) {
      const value = optional(query, param.name);
      if (value === undefined) continue;
      if (param.kind === 'date') assertDate(param.name, value);
      given.push([param, param.canonical ? param.canonical(value) : value]);
    }
    if (given.length === 0) throw badRequest(`At least one search parameter is required: ${this.names}`);
    let result: Postings | undefined;
    for (const [param, value] of given) {
      const matched = param.index.match(value);
      result = result === undefined ? matched : intersect(result, matched);
      if (result.length === 0) break;
    }
    return render(this.json, result ?? new Uint32Array(0), this.cap);
  }
}

const snils = (value: string) => normalizeSnils(value) ?? value;

export function foreignAgentRegister(
  records: readonly ForeignAgentRecord[],
  options: ServeOptions<ForeignAgentRecord> = AS_GENERATED,
): SearchableRegister<ForeignAgentRecord> {
  const column = (field: keyof ForeignAgentRecord['data']) => records.map((r) => r.data[field]);
  const text = (name: keyof ForeignAgentRecord['data']): Param => ({
    name,
    kind: 'text',
    index: new WordIndex(column(name), options.crossScript),
  });
  const exact = (name: keyof ForeignAgentRecord['data']): Param => ({
    name,
    kind: 'exact',
    index: new ExactIndex(column(name)),
  });
  const date = (name: keyof ForeignAgentRecord['data']): Param => ({
    name,
    kind: 'date',
    index: new ExactIndex(column(name)),
  });
  return new SearchableRegister(
    records,
    [
      text('name'),
      text('address'),
      date('added'),
      date('birth_date'),
      exact('inn'),
      exact('ogrn'),
      text('violated_act'),
      text('source_domen_names'),
      exact('agent_type'),
      exact('registration_number'),
      { ...exact('snils'), canonical: snils },
      text('participants_full_name'),
      date('decision_publication_date'),
      exact('special_account_number'),
      text('bank_name'),
      exact('bik'),
      exact('correspondent_account_number'),
      date('special_account_open_date'),
      date('date_of_bank_agreement'),
    ],
    options,
  );
}

export function sanctionsRegister(
  records: readonly SanctionsRecord[],
  options: ServeOptions<SanctionsRecord> = AS_GENERATED,
): SearchableRegister<SanctionsRecord> {
  const column = (field: keyof SanctionsRecord['data']) => records.map((r) => r.data[field] ?? '');
  const words = (field: keyof SanctionsRecord['data']) => new WordIndex(column(field), options.crossScript);
  const localWords = words('name_local');
  return new SearchableRegister(
    records,
    [
      // A Latin entry often carries the Cyrillic spelling in name_local: `name` looks at both.
      { name: 'name', kind: 'text', index: new AnyOfIndex([words('name'), localWords]) },
      { name: 'name_local', kind: 'text', index: localWords },
      { name: 'edrpou', kind: 'exact', index: new ExactIndex(column('edrpou')) },
      { name: 'address', kind: 'text', index: words('address') },
      { name: 'birth_date', kind: 'date', index: new ExactIndex(column('birth_date')) },
      { name: 'birth_place', kind: 'text', index: words('birth_place') },
      { name: 'entity_type', kind: 'exact', index: new ExactIndex(column('entity_type')) },
    ],
    options,
  );
}

/** Bankruptcy `search_string`: the words of the name, or exactly the INN, the OGRN or the case number. */
export class BankruptcyRegister {
  private readonly json: readonly string[];
  private readonly names: WordIndex;
  private readonly identifiers: readonly ExactIndex[];
  private readonly cap: number;

  constructor(entries: readonly BankruptcyEntry[], options: ServeOptions<BankruptcyEntry> = AS_GENERATED) {
    this.json = serialise(entries, options);
    this.cap = options.resultCap;
    this.names = new WordIndex(
      entries.map((e) => e.name),
      options.crossScript,
    );
    this.identifiers = [
      new ExactIndex(entries.map((e) => e.inn)),
      new ExactIndex(entries.map((e) => e.ogrn)),
      new ExactIndex(entries.map((e) => e.lastLegalCase.number)),
    ];
  }

  search(query: Query): string {
    const value = required(query, 'search_string');
    let result = this.names.match(value);
    for (const index of this.identifiers) result = union(result, index.match(value));
    return render(this.json, result, this.cap);
  }
}

export function listRoutes(
  foreignAgents: SearchableRegister,
  sanctions: SearchableRegister,
  bankruptcy: BankruptcyRegister,
): Route[] {
  return [
    getRoute(LOOKUP_PATHS.foreignAgentSearch, ({ query }) => rawJsonReply(foreignAgents.search(query))),
    getRoute(LOOKUP_PATHS.sanctionsSearch, ({ query }) => rawJsonReply(sanctions.search(query))),
    getRoute(LOOKUP_PATHS.bankruptcySearch, ({ query }) => rawJsonReply(bankruptcy.search(query))),
  ];
}
