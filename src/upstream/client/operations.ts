/** The operations and their paths are the contract shared with the emulator (lookup-contract). */
export {
  LOOKUP_OPERATIONS as REGISTRY_OPERATIONS,
  LOOKUP_PATHS as REGISTRY_PATHS,
  type LookupOperation as RegistryOperation,
} from '@kyc-screen/lookup-contract/operations';

/** Query parameters of the foreign-agent search (spec 4.3), in the spec's order. */
export const FOREIGN_AGENT_PARAMS = [
  'name',
  'address',
  'added',
  'birth_date',
  'inn',
  'ogrn',
  'violated_act',
  'source_domen_names',
  'agent_type',
  'registration_number',
  'snils',
  'participants_full_name',
  'decision_publication_date',
  'special_account_number',
  'bank_name',
  'bik',
  'correspondent_account_number',
  'special_account_open_date',
  'date_of_bank_agreement',
] as const;

/** Query parameters of the sanctions search (spec 4.4). */
export const SANCTIONS_PARAMS = [
  'name',
  'name_local',
  'edrpou',
  'address',
  'birth_date',
  'birth_place',
  'entity_type',
] as const;

/** Parameters the spec writes as `YYYY-MM-DD`. */
export const DATE_PARAMS: ReadonlySet<string> = new Set([
  'added',
  'birth_date',
  'decision_publication_date',
  'special_account_open_date',
  'date_of_bank_agreement',
]);

export type ForeignAgentParam = (typeof FOREIGN_AGENT_PARAMS)[number];
export type SanctionsParam = (typeof SANCTIONS_PARAMS)[number];

/** Foreign-agent search (4.3): every parameter optional, at least one non-empty. */
export interface ForeignAgentQuery {
  /** Full name or organization name. */
  readonly name?: string;
  readonly address?: string;
  /** Date added to the register, `YYYY-MM-DD`. */
  readonly added?: string;
  /** `YYYY-MM-DD`. */
  readonly birth_date?: string;
  readonly inn?: string;
  readonly ogrn?: string;
  /** Grounds for inclusion. */
  readonly violated_act?: string;
  /** Domain name of the information resource. */
  readonly source_domen_names?: string;
  readonly agent_type?: string;
  readonly registration_number?: string;
  readonly snils?: string;
  readonly participants_full_name?: string;
  /** `YYYY-MM-DD`. */
  readonly decision_publication_date?: string;
  readonly special_account_number?: string;
  /** Name and location of the authorized bank. */
  readonly bank_name?: string;
  readonly bik?: string;
  readonly correspondent_account_number?: string;
  /** `YYYY-MM-DD`. */
  readonly special_account_open_date?: string;
  /** `YYYY-MM-DD`. */
  readonly date_of_bank_agreement?: string;
}

export type SanctionsEntityType = 'person' | 'organization';

/** Sanctions search (4.4): every parameter optional, at least one non-empty. */
export interface SanctionsQuery {
  readonly name?: string;
  readonly name_local?: string;
  /** Ukrainian enterprise registry code. */
  readonly edrpou?: string;
  readonly address?: string;
  /** `YYYY-MM-DD`. */
  readonly birth_date?: string;
  readonly birth_place?: string;
  readonly entity_type?: SanctionsEntityType;
}

// The parameter lists drive validation and sending; these fail to compile if a list and its query type drift.
type SameKeys<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : false;
type AssertTrue<T extends true> = T;
type _ParamListsMatchQueries = [
  AssertTrue<SameKeys<ForeignAgentParam, keyof ForeignAgentQuery>>,
  AssertTrue<SameKeys<SanctionsParam, keyof SanctionsQuery>>,
];
