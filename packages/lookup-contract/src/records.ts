/**
 * Register records exactly as the Lookup Service returns them (spec sections 2.3–2.6). These are the
 * contract between the registry client (which validates responses into these shapes) and the matching
 * core (which scores them). Field names keep the service's spelling.
 */

export interface RegisterEnvelope<Source extends string, Data> {
  readonly source: Source;
  readonly data: Data;
  readonly added_at: string;
  readonly updated_at: string;
}

/** The kinds of the foreign-agent register (law 255-FZ), as its `agent_type` writes them. */
export const FOREIGN_AGENT_TYPES = [
  'Физическое лицо',
  'Юридическое лицо',
  'Иностранная структура без образования юридического лица',
  'Незарегистрированное общественное объединение',
  'СМИ',
] as const;

/** 2.3: every field a string, empty when absent. */
export interface ForeignAgentData {
  readonly bik: string;
  readonly inn: string;
  readonly name: string;
  readonly ogrn: string;
  readonly added: string;
  readonly snils: string;
  readonly address: string;
  readonly bank_name: string;
  readonly agent_type: string;
  readonly birth_date: string;
  readonly violated_act: string;
  readonly source_domen_names: string;
  readonly registration_number: string;
  readonly date_of_bank_agreement: string;
  readonly participants_full_name: string;
  readonly special_account_number: string;
  readonly decision_publication_date: string;
  readonly special_account_open_date: string;
  readonly correspondent_account_number: string;
}
export type ForeignAgentRecord = RegisterEnvelope<'minjust_foreign_agent', ForeignAgentData>;

/** The fields of a foreign-agent record's `data`, in the spec's order (2.3). */
export const FOREIGN_AGENT_FIELDS = [
  'bik',
  'inn',
  'name',
  'ogrn',
  'added',
  'snils',
  'address',
  'bank_name',
  'agent_type',
  'birth_date',
  'violated_act',
  'source_domen_names',
  'registration_number',
  'date_of_bank_agreement',
  'participants_full_name',
  'special_account_number',
  'decision_publication_date',
  'special_account_open_date',
  'correspondent_account_number',
] as const satisfies readonly (keyof ForeignAgentData)[];

/** A foreign-agent record's `data` with every field absent: empty strings, as the service writes them. */
export function emptyForeignAgentData(): ForeignAgentData {
  return Object.fromEntries(FOREIGN_AGENT_FIELDS.map((field) => [field, ''])) as unknown as ForeignAgentData;
}

/** 2.4: absent values are null. */
export interface SanctionsData {
  readonly name: string;
  readonly name_local: string | null;
  readonly edrpou: string | null;
  readonly address: string | null;
  readonly birth_date: string | null;
  readonly birth_place: string | null;
  readonly entity_type: 'person' | 'organization';
}
export type SanctionsRecord = RegisterEnvelope<'sanctions', SanctionsData>;

/** 2.5 */
export interface BankruptcyEntry {
  readonly category: string;
  readonly region: string;
  readonly address: string;
  readonly lastLegalCase: {
    readonly number: string;
    readonly arbitrManagerFio: string;
    readonly status: { readonly code: string; readonly description: string; readonly date: string };
  };
  readonly guid: string;
  readonly name: string;
  readonly ogrn: string;
  readonly inn: string;
  readonly statusUpdateDate: string;
  readonly status: string;
  readonly isActive: boolean;
}

/**
 * The debtor check's `message` for an INN without any record, as the emulator sends it. The contract does
 * not show that answer; the verdict reads this and other phrasings of "not found" (src/verdict/debtor-message.ts,
 * docs/lookup-service.md).
 */
export const DEBTOR_NOT_FOUND_MESSAGE = 'Сведения о должнике не найдены';

/** 2.6 */
export interface DebtorResult {
  readonly snils: string;
  readonly category: string;
  readonly region: string;
  readonly address: string;
  readonly fio: string;
  readonly inn: string;
  readonly extrajudicialBankruptcy: string;
  readonly legalCase: {
    readonly number: string;
    readonly managerFio: string;
    readonly description: string;
    readonly date: string;
  };
  readonly message: string | null;
}
