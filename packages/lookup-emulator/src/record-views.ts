/**
 * How records are written on the wire. The default emulator writes them as generated (records.ts shapes);
 * the strict variant writes the same facts in other shapes the contract allows or leaves open: `null`
 * where the default writes empty strings, fields the contract does not list, timestamps with another
 * number of fractional digits, another not-found answer of the debtor check.
 */
import {
  FOREIGN_AGENT_FIELDS,
  type BankruptcyEntry,
  type DebtorResult,
  type ForeignAgentRecord,
  type SanctionsRecord,
} from '@kyc-screen/lookup-contract';
import type { CardResult } from './cards.js';
import type { DictionaryItem } from './dictionaries.js';
import { debtorNotFound } from './registers/debtors.js';

// Function-typed properties, not methods: the registers are handed single views detached from this object.
export interface RecordViews {
  readonly foreignAgent: (record: ForeignAgentRecord, position: number) => unknown;
  readonly sanctions: (record: SanctionsRecord, position: number) => unknown;
  readonly bankruptcy: (entry: BankruptcyEntry, position: number) => unknown;
  readonly debtor: (result: DebtorResult) => unknown;
  /** The debtor check's answer for an INN without a record. */
  readonly debtorNotFound: () => unknown;
  readonly card: (result: CardResult) => unknown;
  /** An item of a dictionary page (the contract publishes the shape of Banks items only). */
  readonly dictionaryItem: (dictionary: string, item: DictionaryItem) => unknown;
  /** Fields added to the `{success, data}` envelopes (dictionary page, e-mail validation). */
  readonly envelopeExtras: Readonly<Record<string, unknown>>;
}

const same = <T>(value: T): T => value;

export const DEFAULT_VIEWS: RecordViews = {
  foreignAgent: same,
  sanctions: same,
  bankruptcy: same,
  debtor: same,
  debtorNotFound,
  card: same,
  dictionaryItem: (_, item) => item,
  envelopeExtras: {},
};

/**
 * The strict variant's text for an INN without a record. Another Russian phrasing than the default's,
 * both plausible for a service that joins court and bankruptcy data to an INN.
 */
export const STRICT_DEBTOR_NOT_FOUND_MESSAGE = 'По указанному ИНН должник не найден';

/** The data date the strict variant stamps on its answers (the registers' reference day). */
const DATA_DATE = '2025-10-01';

/** `2024-02-09T07:36:17.908Z` → `2024-02-09T07:36:17.908000Z`: microseconds, still UTC with a `Z`. */
export function microsecondStamp(stamp: string): string {
  return stamp.replace(/\.(\d{3})Z$/, '.$1000Z');
}

const nullIfEmpty = (value: string): string | null => (value === '' ? null : value);

function foreignAgent(record: ForeignAgentRecord, position: number): unknown {
  const data: Record<string, unknown> = {};
  for (const field of FOREIGN_AGENT_FIELDS) data[field] = nullIfEmpty(record.data[field]);
  data.is_active = true;
  return {
    id: position + 1,
    source: record.source,
    data,
    added_at: microsecondStamp(record.added_at),
    updated_at: microsecondStamp(record.updated_at),
    source_url: 'https://minjust.gov.ru/ru/activity/directions/998/',
  };
}

function sanctions(record: SanctionsRecord, position: number): unknown {
  return {
    id: position + 1,
    source: record.source,
    data: { ...record.data, aliases: [], programs: ['RU'] },
    added_at: microsecondStamp(record.added_at),
    updated_at: microsecondStamp(record.updated_at),
  };
}

function bankruptcy(entry: BankruptcyEntry): unknown {
  return {
    ...entry,
    snils: null,
    lastLegalCase: { ...entry.lastLegalCase, courtName: null },
    publicationsCount: 1,
  };
}

function strictDebtorNotFound(): unknown {
  return {
    snils: null,
    category: null,
    region: null,
    address: null,
    fio: null,
    inn: null,
    extrajudicialBankruptcy: null,
    legalCase: { number: null, managerFio: null, description: null, date: null },
    message: STRICT_DEBTOR_NOT_FOUND_MESSAGE,
    dataDate: DATA_DATE,
  };
}

function card(result: CardResult): unknown {
  return {
    ...result,
    bank: nullIfEmpty(result.bank),
    bankPhone: nullIfEmpty(result.bankPhone),
    bankUrl: nullIfEmpty(result.bankUrl),
    country: nullIfEmpty(result.country),
    countryCode: nullIfEmpty(result.countryCode),
    brand: nullIfEmpty(result.brand),
    prepaid: result.cardType === 'PREPAID',
  };
}

/** Items other than Banks': `{code, name, …}` written `{id, value, …}`. */
function dictionaryItem(dictionary: string, item: DictionaryItem): unknown {
  if (dictionary === 'Banks') return item;
  const { code, name, ...rest } = item;
  return { id: code, value: name, ...rest };
}

export const STRICT_VIEWS: RecordViews = {
  dictionaryItem,
  foreignAgent,
  sanctions,
  bankruptcy,
  debtor: (result) => ({ ...result, dataDate: DATA_DATE }),
  debtorNotFound: strictDebtorNotFound,
  card,
  envelopeExtras: { meta: { api_version: '2.3.1', data_date: DATA_DATE } },
};
