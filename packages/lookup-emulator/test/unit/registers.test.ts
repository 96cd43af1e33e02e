import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isValidCorrespondentAccount,
  isValidInn,
  isValidInn12,
  isValidOgrn,
  isValidOgrnip,
  isValidSettlementAccount,
  isValidSnils,
} from '../../../../src/identifiers/index.js';
import { buildRegisters, generateRegisters, type Registers } from '../../src/registers/index.js';
import { plantedPath } from '../../src/registers/planted.js';
import { FOREIGN_AGENT_TYPES as AGENT_TYPES } from '@kyc-screen/lookup-contract';
import { edrpouCheckDigit } from '../../src/registers/sanctions.js';
import { fold, wordSequence } from '../../src/text.js';

interface PlantedFile {
  reservedSurnames: [string, string][];
  reservedOrganizationWords: string[];
  planted: { id: string; register: string; record: Record<string, unknown> }[];
  cleanIdentifiers: Record<string, string[] | string>;
}

const file = JSON.parse(readFileSync(plantedPath(), 'utf8')) as PlantedFile;
const UTC_STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const LOCAL_STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

let r: Registers;
beforeAll(() => {
  r = generateRegisters(42);
});

/** Every personal or organization name a register holds, with where it was found. */
function allNames(registers: Registers): [string, string][] {
  const out: [string, string][] = [];
  for (const { data } of registers.foreignAgents) {
    out.push(['fa.name', data.name]);
    for (const p of data.participants_full_name.split(';')) if (p.trim()) out.push(['fa.participant', p]);
  }
  for (const { data } of registers.sanctions) {
    out.push(['sanctions.name', data.name]);
    if (data.name_local) out.push(['sanctions.name_local', data.name_local]);
  }
  for (const e of registers.bankruptcy) {
    out.push(['bankruptcy.name', e.name], ['bankruptcy.manager', e.lastLegalCase.arbitrManagerFio]);
  }
  for (const d of registers.debtors.values())
    out.push(['debtor.fio', d.fio], ['debtor.manager', d.legalCase.managerFio]);
  for (const b of registers.bailiffs.values()) out.push(['bailiff.owner', b.owner]);
  return out;
}

describe('register sizes and shape', () => {
  it('holds at least the required number of records', () => {
    expect(r.foreignAgents.length).toBeGreaterThanOrEqual(600);
    expect(r.sanctions.length).toBeGreaterThanOrEqual(5000);
    expect(r.bankruptcy.length).toBeGreaterThanOrEqual(5000);
    expect(r.debtors.size).toBeGreaterThanOrEqual(2000);
    expect(r.banks.length).toBeGreaterThanOrEqual(50);
    expect(r.cadastral.length).toBeGreaterThanOrEqual(100);
  });

  it('foreign agents: about 70 % individuals, every type present, most identifier columns empty', () => {
    const individuals = r.foreignAgents.filter((x) => x.data.agent_type === 'Физическое лицо').length;
    expect(individuals / r.foreignAgents.length).toBeGreaterThan(0.62);
    expect(individuals / r.foreignAgents.length).toBeLessThan(0.78);
    expect(new Set(r.foreignAgents.map((x) => x.data.agent_type))).toEqual(new Set(AGENT_TYPES));
    const withInn = r.foreignAgents.filter((x) => x.data.inn !== '').length;
    expect(withInn / r.foreignAgents.length).toBeLessThan(0.5);
    expect(r.foreignAgents.some((x) => x.data.source_domen_names.split(';').length >= 2)).toBe(true);
  });

  it('foreign agents: strings everywhere, dates and timestamps in their forms', () => {
    for (const { source, data, added_at, updated_at } of r.foreignAgents) {
      expect(source).toBe('minjust_foreign_agent');
      for (const value of Object.values(data)) expect(typeof value).toBe('string');
      for (const field of [
        'added',
        'birth_date',
        'decision_publication_date',
        'special_account_open_date',
        'date_of_bank_agreement',
      ] as const) {
        if (data[field] !== '') expect(data[field]).toMatch(DATE);
      }
      expect(added_at).toMatch(UTC_STAMP);
      expect(updated_at).toMatch(UTC_STAMP);
      expect(updated_at >= added_at).toBe(true);
    }
  });

  it('sanctions: Latin and Cyrillic names, SURNAME, Given form, null for absent values, never empty strings', () => {
    const latin = r.sanctions.filter((x) => /^[A-Za-z]/.test(x.data.name));
    expect(latin.length / r.sanctions.length).toBeGreaterThan(0.5);
    expect(latin.some((x) => x.data.name_local !== null)).toBe(true);
    expect(latin.some((x) => x.data.name_local === null)).toBe(true);
    expect(r.sanctions.some((x) => /^[A-ZË’”-]+, [A-Z]/.test(x.data.name))).toBe(true);
    expect(new Set(r.sanctions.map((x) => x.data.entity_type))).toEqual(new Set(['person', 'organization']));
    for (const { data, added_at } of r.sanctions) {
      for (const value of Object.values(data)) expect(value).not.toBe('');
      if (data.birth_date !== null) expect(data.birth_date).toMatch(DATE);
      if (data.edrpou !== null)
        expect(String(edrpouCheckDigit(data.edrpou.slice(0, 7)))).toBe(data.edrpou[7]);
      expect(added_at).toMatch(UTC_STAMP);
    }
  });

  it('sanctions: several transliteration systems are in use', () => {
    const names = r.sanctions.map((x) => x.data.name).join(' ');
    expect(names).toMatch(/ia\b|iu/); // ICAO / GOST R 52535 я, ю
    expect(names).toMatch(/ya\b|yu/); // BGN / 1997 passports
    expect(names).toMatch(/Tc|tc/); // GOST R 52535 ц
    expect(names).toMatch(/\u2019/); // BGN ь
  });

  it('bankruptcy: statuses of Russian law, active and inactive, case numbers of arbitration courts', () => {
    const statuses = new Set(r.bankruptcy.map((e) => e.status));
    for (const s of [
      'Наблюдение',
      'Финансовое оздоровление',
      'Внешнее управление',
      'Конкурсное производство',
      'Мировое соглашение',
      'Реструктуризация долгов гражданина',
      'Реализация имущества гражданина',
      'Внесудебное банкротство гражданина',
    ]) {
      expect(statuses).toContain(s);
    }
    expect(r.bankruptcy.some((e) => e.isActive)).toBe(true);
    expect(r.bankruptcy.some((e) => !e.isActive)).toBe(true);
    for (const e of r.bankruptcy) {
      if (e.lastLegalCase.number !== '') expect(e.lastLegalCase.number).toMatch(/^А\d{2}-\d+\/\d{4}$/);
      expect(e.statusUpdateDate).toMatch(LOCAL_STAMP);
      expect(e.lastLegalCase.status.date).toMatch(LOCAL_STAMP);
      expect(e.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('debtors are keyed by their own 12-digit INN and carry a case or an out-of-court bankruptcy', () => {
    for (const [inn, d] of r.debtors) {
      expect(d.inn).toBe(inn);
      expect(inn).toMatch(/^\d{12}$/);
      expect(d.message).toBeNull();
      expect(d.extrajudicialBankruptcy !== '' || d.legalCase.number !== '').toBe(true);
      if (d.legalCase.date !== '') expect(d.legalCase.date).toMatch(LOCAL_STAMP);
    }
  });
});

describe('identifiers', () => {
  it('every generated identifier passes its checksum', () => {
    const plantedInns = new Set(file.planted.map((p) => p.record.inn));
    for (const { data } of r.foreignAgents) {
      if (data.inn) expect(isValidInn(data.inn), data.inn).toBe(true);
      if (data.ogrn) expect(isValidOgrn(data.ogrn), data.ogrn).toBe(true);
      if (data.snils) expect(isValidSnils(data.snils), data.snils).toBe(true);
      if (data.bik) expect(data.bik).toMatch(/^04\d{7}$/);
      if (data.correspondent_account_number) {
        expect(isValidCorrespondentAccount(data.correspondent_account_number, data.bik)).toBe(true);
      }
      // The planted FA-ORG-INN special account does not carry a valid key; only generated ones are checked.
      if (data.special_account_number && !plantedInns.has(data.inn)) {
        expect(
          isValidSettlementAccount(data.special_account_number, data.bik),
          data.special_account_number,
        ).toBe(true);
      }
    }
    for (const e of r.bankruptcy) {
      if (e.inn) expect(isValidInn(e.inn), e.inn).toBe(true);
      if (e.ogrn.length === 13) expect(isValidOgrn(e.ogrn), e.ogrn).toBe(true);
      else if (e.ogrn !== '') expect(isValidOgrnip(e.ogrn), e.ogrn).toBe(true);
    }
    for (const d of r.debtors.values()) {
      expect(isValidInn12(d.inn), d.inn).toBe(true);
      expect(isValidSnils(d.snils), d.snils).toBe(true);
    }
  });

  it('banks: 9-digit BIKs starting 04, correspondent accounts keyed to their BIK, Sberbank included', () => {
    expect(r.banks).toContainEqual(
      expect.objectContaining({
        bik: '044525225',
        name: 'ПАО Сбербанк',
        corrAccount: '30101810400000000225',
        city: 'Москва',
      }),
    );
    expect(new Set(r.banks.map((b) => b.bik)).size).toBe(r.banks.length);
    for (const bank of r.banks) {
      expect(bank.bik).toMatch(/^04\d{7}$/);
      expect(isValidCorrespondentAccount(bank.corrAccount, bank.bik), bank.bik).toBe(true);
    }
  });

  it('no two generated records share an INN, OGRN or SNILS within a register', () => {
    const inns = [...r.foreignAgents.map((x) => x.data.inn), ...r.bankruptcy.map((e) => e.inn)].filter(
      Boolean,
    );
    expect(new Set(inns).size).toBe(inns.length);
    const snils = [
      ...r.foreignAgents.map((x) => x.data.snils),
      ...[...r.debtors.values()].map((d) => d.snils),
    ].filter(Boolean);
    // A bankrupt citizen who is also a debtor is the same person: INNs repeat across those two only.
    expect(new Set(snils).size).toBe(snils.length);
  });
});

describe('planted records', () => {
  it('every planted record is served with its given fields', () => {
    for (const p of file.planted) {
      const record = p.record;
      if (p.register === 'minjust_foreign_agent') {
        const served = r.foreignAgents.find((x) => x.data.registration_number === record.registration_number);
        expect(served?.data, p.id).toMatchObject(record);
        for (const [field, value] of Object.entries(served?.data ?? {})) {
          if (!(field in record)) expect(value, `${p.id}.${field}`).toBe('');
        }
      } else if (p.register === 'sanctions') {
        const served = r.sanctions.find((x) => x.data.name === record.name);
        expect(served?.data, p.id).toMatchObject(record);
        for (const [field, value] of Object.entries(served?.data ?? {})) {
          if (!(field in record)) expect(value, `${p.id}.${field}`).toBeNull();
        }
      } else if (p.register === 'bankruptcy') {
        expect(
          r.bankruptcy.find((e) => e.guid === record.guid),
          p.id,
        ).toEqual(record);
      } else {
        expect(r.debtors.get(String(record.inn)), p.id).toEqual(record);
      }
    }
  });

  it('planted records come first, so no result cap can hide them', () => {
    const fa = file.planted.filter((p) => p.register === 'minjust_foreign_agent').length;
    expect(r.foreignAgents.slice(0, fa).map((x) => x.data.registration_number)).toEqual(
      file.planted
        .filter((p) => p.register === 'minjust_foreign_agent')
        .map((p) => p.record.registration_number),
    );
  });
});

describe('reserved names and identifiers', () => {
  it('no generated name uses a reserved surname, in either gender form', () => {
    const reserved = new Set(file.reservedSurnames.flat().map(fold));
    for (const [where, name] of allNames(r)) {
      for (const word of wordSequence(name)) expect(reserved.has(word), `${where}: ${name}`).toBe(false);
    }
  });

  it('no organization name contains a reserved word', () => {
    const phrases = file.reservedOrganizationWords.map((w) => ` ${wordSequence(w).join(' ')} `);
    for (const [where, name] of allNames(r)) {
      const joined = ` ${wordSequence(name).join(' ')} `;
      for (const phrase of phrases) expect(joined.includes(phrase), `${where}: ${name}`).toBe(false);
    }
  }, 30_000);

  it('clean identifiers appear nowhere; planted identifiers only in their own records', () => {
    const serialised = [
      ...r.foreignAgents.slice(4).map((x) => JSON.stringify(x)),
      ...r.sanctions.slice(3).map((x) => JSON.stringify(x)),
      ...r.bankruptcy.slice(3).map((x) => JSON.stringify(x)),
      ...[...r.debtors.values()].slice(2).map((x) => JSON.stringify(x)),
    ].join('\n');
    const clean = Object.values(file.cleanIdentifiers)
      .filter((v): v is string[] => Array.isArray(v))
      .flat();
    const planted = file.planted.flatMap((p) =>
      ['inn', 'ogrn', 'snils', 'guid', 'registration_number']
        .map((f) => p.record[f])
        .filter((v): v is string => typeof v === 'string' && v !== ''),
    );
    for (const value of [...clean, ...planted]) expect(serialised.includes(`"${value}"`), value).toBe(false);
  });
});

describe('determinism', () => {
  // Builds three register sets, and the one above walks every name: seconds on a busy machine.
  it('the same seed gives identical registers; another seed gives different ones', () => {
    const a = buildRegisters(7);
    const b = buildRegisters(7);
    const c = buildRegisters(8);
    const dump = (x: Registers) =>
      JSON.stringify([
        x.foreignAgents,
        x.sanctions,
        x.bankruptcy,
        [...x.debtors],
        x.cadastral,
        x.banks,
        [...x.bailiffs],
      ]);
    expect(dump(a)).toBe(dump(b));
    expect(dump(a)).not.toBe(dump(c));
  }, 30_000);
});
