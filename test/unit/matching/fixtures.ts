import type { Client } from '../../../src/domain/client.js';
import type {
  BankruptcyEntry,
  ForeignAgentData,
  ForeignAgentRecord,
  SanctionsData,
  SanctionsRecord,
} from '../../../src/domain/records.js';

/** Builders of clients and register records for the tests: only the fields a test cares about. */

let row = 0;
export function person(name: string, extra: Partial<Client> = {}): Client {
  row += 1;
  return { row, name, entityType: 'person', entityTypeSource: 'column', warnings: [], ...extra };
}

export function organization(name: string, extra: Partial<Client> = {}): Client {
  row += 1;
  return { row, name, entityType: 'organization', entityTypeSource: 'column', warnings: [], ...extra };
}

const EMPTY_FA: ForeignAgentData = {
  bik: '',
  inn: '',
  name: '',
  ogrn: '',
  added: '',
  snils: '',
  address: '',
  bank_name: '',
  agent_type: '',
  birth_date: '',
  violated_act: '',
  source_domen_names: '',
  registration_number: '',
  date_of_bank_agreement: '',
  participants_full_name: '',
  special_account_number: '',
  decision_publication_date: '',
  special_account_open_date: '',
  correspondent_account_number: '',
};

const STAMP = '2025-01-01T00:00:00.000Z';

export function foreignAgent(data: Partial<ForeignAgentData>): ForeignAgentRecord {
  return {
    source: 'minjust_foreign_agent',
    data: { ...EMPTY_FA, ...data },
    added_at: STAMP,
    updated_at: STAMP,
  };
}

export function faPerson(
  name: string,
  birthDate = '',
  extra: Partial<ForeignAgentData> = {},
): ForeignAgentRecord {
  return foreignAgent({ name, birth_date: birthDate, agent_type: 'Физическое лицо', ...extra });
}

export function sanctions(data: Partial<SanctionsData> & { name: string }): SanctionsRecord {
  return {
    source: 'sanctions',
    data: {
      name_local: null,
      edrpou: null,
      address: null,
      birth_date: null,
      birth_place: null,
      entity_type: 'person',
      ...data,
    },
    added_at: STAMP,
    updated_at: STAMP,
  };
}

export function bankruptcyEntry(data: Partial<BankruptcyEntry> & { name: string }): BankruptcyEntry {
  return {
    category: 'Гражданин',
    region: 'Москва',
    address: 'г. Москва',
    lastLegalCase: {
      number: 'А40-10000/2024',
      arbitrManagerFio: 'Орлов Денис Игоревич',
      status: {
        code: 'realizaciya',
        description: 'Реализация имущества гражданина',
        date: '2025-01-10T10:00:00',
      },
    },
    guid: '00000000-0000-4000-8000-000000000001',
    ogrn: '',
    inn: '',
    statusUpdateDate: '2025-01-10T10:00:00',
    status: 'Реализация имущества гражданина',
    isActive: true,
    ...data,
  };
}
