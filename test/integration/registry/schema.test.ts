import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator } from '../../../packages/lookup-emulator/src/server.js';
import { isValidBik, isValidCorrespondentAccount } from '../../../src/identifiers/index.js';
import { RegistryClient } from '../../../src/upstream/client/index.js';
import {
  BANK_ITEM,
  BANKRUPTCY,
  CADASTRAL,
  CARD,
  DEBTOR,
  DICTIONARY_PAGE,
  DICTIONARY_SUMMARY,
  EMAIL,
  EMAIL_PARAMETER_SET,
  EMAIL_SAMPLE_SET,
  FOREIGN_AGENT,
  NSPD,
  SANCTIONS,
  SANCTIONS_NULLABLE,
  checkEach,
  checkTable,
} from './spec-tables.js';

/**
 * The emulator's answers, field by field, against the tables of spec part 2 (spec-tables.ts). Bodies are
 * fetched with the client's raw `request()`, which checks JSON only, so the client's zod schemas play no
 * part here.
 */

type Emulator = Awaited<ReturnType<typeof createEmulator>>;
let emulator: Emulator;
let client: RegistryClient;

beforeAll(async () => {
  emulator = await createEmulator({ port: 0 });
  client = new RegistryClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY });
});

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

async function get(path: string, query: Record<string, string> = {}): Promise<unknown> {
  const { data } = await client.request({ operation: 'schema-test', path, query });
  return data;
}

async function post(path: string, json: Record<string, string>): Promise<unknown> {
  const { data } = await client.request({ operation: 'schema-test', method: 'POST', path, json });
  return data;
}

const asRecords = (value: unknown): Record<string, unknown>[] => {
  expect(Array.isArray(value)).toBe(true);
  return value as Record<string, unknown>[];
};

const dataOf = (record: Record<string, unknown>): Record<string, unknown> =>
  record.data as Record<string, unknown>;

/** The 42 codes of spec 2.1, exact and case-sensitive. */
const DICTIONARY_CODES = [
  'CarModels',
  'Banks',
  'FsspDepartments',
  'FsspPositions',
  'CarBrands',
  'CurrencyRates',
  'Currency',
  'Region_incomes',
  'Regions',
  'OperationTypes',
  'regions',
  'lkLoanCallStatus',
  'lkEmployeeCallStatus',
  'departmentSignOnLending',
  'countryBirth',
  'seniority',
  'intendedNatureBusinessRelationship',
  'financialSituation',
  'goalFinancialAndEconomicActivity',
  'businessReputation',
  'statusFamilyPublic',
  'typePDL',
  'typeBeneficiaryContact',
  'incomeSource',
  'recipientType',
  'kidsNumber',
  'monetaryObligations',
  'birthCountries',
  'employmentType',
  'beneficiaryPublics',
  'otherIncomeSources',
  'periodicity',
  'loanPurpose',
  'legalEntities',
  'familyStatuses',
  'genders',
  'frequencyPayments',
  'employmentTypes',
  'education',
  'countriesBirth',
  'loanCallStatus',
  'employeeCallStatus',
];

describe('2.1 dictionary list', () => {
  it('is an array of summaries holding exactly the 42 codes of the spec', async () => {
    const body = await get('/reg2/dictionary');
    expect(checkEach(DICTIONARY_SUMMARY, body)).toEqual([]);
    const names = asRecords(body).map((d) => d.name as string);
    expect(DICTIONARY_CODES).toHaveLength(42);
    expect([...names].sort()).toEqual([...DICTIONARY_CODES].sort());
  });

  it('describes each dictionary in Russian', async () => {
    for (const summary of asRecords(await get('/reg2/dictionary'))) {
      expect(summary.description, String(summary.name)).toMatch(/[А-Яа-яЁё]/);
    }
  });
});

describe('2.2 dictionary values', () => {
  it('applies limit 20 when none is given', async () => {
    const body = await get('/reg2/dictionary/Banks');
    expect(checkTable(DICTIONARY_PAGE, body)).toEqual([]);
    const data = (body as { data: { limit: number; offset: number; items: unknown[]; name: string } }).data;
    expect(data).toMatchObject({ name: 'Banks', limit: 20, offset: 0 });
    expect(data.items.length).toBeLessThanOrEqual(20);
  });

  it('serves every Banks item per the table: BIK 9 digits, correspondent account keyed to the BIK', async () => {
    const first = (await get('/reg2/dictionary/Banks', { limit: '50' })) as { data: { total: number } };
    const total = first.data.total;
    expect(total).toBeGreaterThan(50);
    const items: Record<string, unknown>[] = [];
    for (let offset = 0; offset < total; offset += 50) {
      const page = await get('/reg2/dictionary/Banks', { limit: '50', offset: String(offset) });
      expect(checkTable(DICTIONARY_PAGE, page)).toEqual([]);
      const data = (page as { data: { total: number; offset: number; items: Record<string, unknown>[] } })
        .data;
      expect(data).toMatchObject({ total, offset });
      items.push(...data.items);
    }
    expect(items).toHaveLength(total);
    const problems = items.flatMap((item, i) => checkTable(BANK_ITEM, item, `[${i}]`));
    expect(problems).toEqual([]);
    for (const bank of items as { bik: string; corrAccount: string }[]) {
      expect(/^\d{9}$/.test(bank.bik) && isValidBik(bank.bik), bank.bik).toBe(true);
      expect(isValidCorrespondentAccount(bank.corrAccount, bank.bik), `${bank.bik} ${bank.corrAccount}`).toBe(
        true,
      );
    }
    expect(new Set(items.map((b) => b.bik)).size).toBe(total);
  });

  it('serves the envelope for every other dictionary, with object items', async () => {
    for (const name of DICTIONARY_CODES) {
      const page = await get(`/reg2/dictionary/${name}`, { limit: '5' });
      expect(checkTable(DICTIONARY_PAGE, page), name).toEqual([]);
      expect((page as { data: { name: string } }).data.name).toBe(name);
    }
  });

  it('applies search to the values', async () => {
    const page = (await get('/reg2/dictionary/Banks', { search: 'Сбербанк' })) as {
      data: { total: number; items: { name: string }[] };
    };
    expect(page.data.total).toBeGreaterThan(0);
    for (const item of page.data.items) expect(JSON.stringify(item)).toMatch(/Сбербанк/i);
  });
});

describe('2.3 foreign agents', () => {
  it('planted records conform; absent values are empty strings; timestamps UTC with fraction and Z', async () => {
    const person = asRecords(
      await get('/lists/search/minjust_foreign_agent', { name: 'Ковалёв Андрей Сергеевич' }),
    );
    const org = asRecords(await get('/lists/search/minjust_foreign_agent', { inn: '7701234560' }));
    const all = [...person, ...org];
    expect(checkEach(FOREIGN_AGENT, all)).toEqual([]);
    const fa1 = person.map(dataOf).find((d) => d.registration_number === 'FA-0001');
    expect(fa1).toBeDefined();
    // FA-PERSON-YO has no INN, OGRN, SNILS, bank or address: the register writes "".
    for (const absent of ['inn', 'ogrn', 'snils', 'bik', 'bank_name', 'address', 'special_account_number']) {
      expect(fa1?.[absent], absent).toBe('');
    }
  });

  it('a broad search: no null anywhere in data, every record per the table', async () => {
    const body = await get('/lists/search/minjust_foreign_agent', { agent_type: 'Физическое лицо' });
    const records = asRecords(body);
    expect(records.length).toBeGreaterThan(0);
    expect(checkEach(FOREIGN_AGENT, body)).toEqual([]);
    for (const record of records) {
      for (const [field, value] of Object.entries(dataOf(record))) expect(value, field).not.toBeNull();
    }
  });
});

describe('2.4 sanctions', () => {
  it('planted records conform; absent values are null, never ""', async () => {
    const icao = asRecords(await get('/lists/search/sanctions', { name: 'TSVETKOVA Iuliia Aleksandrovna' }));
    expect(checkEach(SANCTIONS, icao)).toEqual([]);
    const record = icao.map(dataOf).find((d) => d.name === 'TSVETKOVA Iuliia Aleksandrovna');
    expect(record).toMatchObject({
      name_local: null,
      edrpou: null,
      address: null,
      birth_place: null,
      birth_date: '1988-09-30',
      entity_type: 'person',
    });
  });

  it('a broad search: no nullable field is an empty string', async () => {
    for (const entity_type of ['person', 'organization']) {
      const body = await get('/lists/search/sanctions', { entity_type });
      const records = asRecords(body);
      expect(records.length).toBeGreaterThan(0);
      expect(checkEach(SANCTIONS, body)).toEqual([]);
      for (const record of records) {
        const data = dataOf(record);
        expect(data.entity_type).toBe(entity_type);
        for (const field of SANCTIONS_NULLABLE) expect(data[field], field).not.toBe('');
      }
    }
  });
});

describe('2.5 bankruptcy', () => {
  it('planted entries conform, with lastLegalCase and zone-less date-times', async () => {
    for (const search_string of ['5003344552', '500123456750', 'Лебедева Анна Игоревна', 'А41-12345/2024']) {
      const body = await get('/lists/search-data/bankruptcy', { search_string });
      expect(asRecords(body).length, search_string).toBeGreaterThan(0);
      expect(checkEach(BANKRUPTCY, body), search_string).toEqual([]);
    }
  });
});

describe('2.5 bankruptcy, generated entries', () => {
  it('broad searches: every entry per the table', async () => {
    for (const search_string of ['ООО', 'Иван']) {
      const body = await get('/lists/search-data/bankruptcy', { search_string });
      expect(asRecords(body).length, search_string).toBeGreaterThan(10);
      expect(checkEach(BANKRUPTCY, body), search_string).toEqual([]);
    }
  });
});

describe('2.6 debtor', () => {
  it('generated debtors (persons of the bankruptcy register) conform', async () => {
    const entries = asRecords(await get('/lists/search-data/bankruptcy', { search_string: 'Иван' }));
    const inns = entries.map((e) => String(e.inn)).filter((inn) => /^\d{12}$/.test(inn));
    expect(inns.length).toBeGreaterThan(5);
    let found = 0;
    for (const inn of inns) {
      const body = (await get('/reg2/client/debt', { inn })) as { message: string | null; inn: string };
      expect(checkTable(DEBTOR, body), inn).toEqual([]);
      if (body.message === null) {
        found++;
        expect(body.inn).toBe(inn);
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it('planted debtors conform, message null', async () => {
    for (const inn of ['772345678901', '660112233431']) {
      const body = await get('/reg2/client/debt', { inn });
      expect(checkTable(DEBTOR, body), inn).toEqual([]);
      expect((body as { message: unknown; inn: string }).message).toBeNull();
      expect((body as { inn: string }).inn).toBe(inn);
    }
  });

  it('an INN without a record: 200, empty strings and a message', async () => {
    const body = await get('/reg2/client/debt', { inn: '770556677854' });
    expect(checkTable(DEBTOR, body)).toEqual([]);
    expect(body).toMatchObject({
      fio: '',
      snils: '',
      extrajudicialBankruptcy: '',
      message: 'Сведения о должнике не найдены',
    });
  });
});

describe('2.7 e-mail', () => {
  it.each([
    ['user@example.com', undefined],
    ['user@example.com', 'true'],
    ['info@mail.ru', 'false'],
    ['not-an-address', undefined],
    ['x@mailinator.com', 'true'],
  ])('%s (smtp=%s) conforms to one field set or both, each whole', async (email, smtp) => {
    const body = await get('/reg2/validation/email', smtp === undefined ? { email } : { email, smtp });
    expect(checkTable(EMAIL, body)).toEqual([]);
    const data = (body as { data: Record<string, unknown> }).data;
    const present = (keys: readonly string[]) => keys.filter((k) => Object.hasOwn(data, k)).length;
    const sample = present(EMAIL_SAMPLE_SET);
    const parameter = present(EMAIL_PARAMETER_SET);
    expect([0, EMAIL_SAMPLE_SET.length]).toContain(sample);
    expect([0, EMAIL_PARAMETER_SET.length]).toContain(parameter);
    expect(sample + parameter).toBeGreaterThan(0);
    expect((body as { success: boolean }).success).toBe(true);
  });
});

describe('2.8 card', () => {
  it.each([
    '4111111111111111',
    '5555555555554444',
    '2200000000000004',
    '378282246310005',
    '6200000000000005',
    '220000******0004',
    '4111111111111112',
  ])('%s conforms; bin is the leading six digits', async (card) => {
    const body = (await get('/reg2/validation/bin', { card })) as Record<string, unknown>;
    expect(checkTable(CARD, body)).toEqual([]);
    expect(body.bin).toBe(card.slice(0, 6));
    expect(body.card).toBe(card);
    expect(String(body.countryCode)).toMatch(/^([A-Z]{3})?$/);
  });
});

describe('2.9 cadastral report', () => {
  // The emulator fixes these three numbers for every seed (packages/lookup-emulator/README.md).
  const WITH_ENCUMBRANCES = '77:01:0001057:1024';
  const CLEAN = '77:01:0001057:1025';
  const UNKNOWN_TO_REFERENCE = '50:21:0140105:2277';

  function checkReport(body: unknown): string[] {
    const problems = checkTable(CADASTRAL, body);
    const nspd = (body as { nspd?: Record<string, unknown> }).nspd;
    if (nspd && typeof nspd.error === 'string') return problems; // a failed source: only its text is specified
    return [...problems, ...checkTable(NSPD, nspd, 'nspd')];
  }

  it('GET: conforms, bailiff check skipped with a reason', async () => {
    for (const cadastral_number of [WITH_ENCUMBRANCES, CLEAN, UNKNOWN_TO_REFERENCE]) {
      const body = (await get('/cadastral/full', { cadastral_number })) as {
        cadastral_number: string;
        summary: { sources: Record<string, string>; note: string };
        fssp: { skipped: boolean; reason: string };
      };
      expect(checkReport(body), cadastral_number).toEqual([]);
      expect(body.cadastral_number).toBe(cadastral_number);
      expect(body.fssp.skipped).toBe(true);
      expect(body.fssp.reason.length).toBeGreaterThan(0);
      expect(body.summary.sources.fssp).toBe('skipped');
      expect(body.summary.note).toMatch(/POST/);
    }
  });

  it('GET: encumbrance verdicts follow the null/false semantics', async () => {
    const withEnc = (await get('/cadastral/full', { cadastral_number: WITH_ENCUMBRANCES })) as {
      summary: { has_encumbrances: boolean | null };
    };
    const clean = (await get('/cadastral/full', { cadastral_number: CLEAN })) as {
      summary: { has_encumbrances: boolean | null };
    };
    expect(withEnc.summary.has_encumbrances).toBe(true);
    expect(clean.summary.has_encumbrances).toBe(false);
  });

  it('GET: a source without data reports error in summary and its own error text', async () => {
    const body = (await get('/cadastral/full', { cadastral_number: UNKNOWN_TO_REFERENCE })) as {
      summary: { sources: Record<string, string> };
      rosreestr_sprav: { error: string | null };
    };
    expect(body.summary.sources.rosreestr_sprav).toBe('error');
    expect(typeof body.rosreestr_sprav.error).toBe('string');
  });

  it('POST with the owner: conforms, bailiff check runs', async () => {
    const body = (await post('/cadastral/full', {
      cadastral_number: WITH_ENCUMBRANCES,
      owner_full_name: 'Иванов Иван Иванович',
    })) as {
      fssp: { skipped: boolean };
      summary: { sources: Record<string, string>; has_active_fssp: unknown };
    };
    expect(checkReport(body)).toEqual([]);
    expect(body.fssp.skipped).toBe(false);
    expect(body.summary.sources.fssp).toBe('checked');
    expect(typeof body.summary.has_active_fssp).toBe('boolean');
  });
});
