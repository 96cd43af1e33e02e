import { describe, expect, it } from 'vitest';
import { DICTIONARY_NAMES, DictionaryCatalog, MAX_LIMIT } from '../../src/dictionaries.js';
import { generateRegisters } from '../../src/registers/index.js';

/** Spec 2.1, verbatim. */
const SPEC_CODES =
  'CarModels, Banks, FsspDepartments, FsspPositions, CarBrands, CurrencyRates, Currency, Region_incomes, Regions, OperationTypes, regions, lkLoanCallStatus, lkEmployeeCallStatus, departmentSignOnLending, countryBirth, seniority, intendedNatureBusinessRelationship, financialSituation, goalFinancialAndEconomicActivity, businessReputation, statusFamilyPublic, typePDL, typeBeneficiaryContact, incomeSource, recipientType, kidsNumber, monetaryObligations, birthCountries, employmentType, beneficiaryPublics, otherIncomeSources, periodicity, loanPurpose, legalEntities, familyStatuses, genders, frequencyPayments, employmentTypes, education, countriesBirth, loanCallStatus, employeeCallStatus'.split(
    ', ',
  );

describe('dictionary catalog', () => {
  const catalog = new DictionaryCatalog(generateRegisters(42).banks);

  it('lists exactly the 42 codes of spec 2.1, with Russian descriptions, every one with items', () => {
    expect(SPEC_CODES).toHaveLength(42);
    expect(DICTIONARY_NAMES).toEqual(SPEC_CODES);
    const list = JSON.parse(catalog.listJson) as { name: string; description: string }[];
    expect(list.map((d) => d.name)).toEqual(SPEC_CODES);
    for (const { name, description } of list) {
      expect(description, name).toMatch(/[А-Яа-яЁё]/);
      expect(catalog.page(name, undefined, 1, 0)?.total, name).toBeGreaterThan(0);
    }
  });

  it('Regions and regions are different dictionaries', () => {
    expect(catalog.page('Regions', undefined, 1, 0)?.items).not.toEqual(
      catalog.page('regions', undefined, 1, 0)?.items,
    );
    expect(catalog.page('REGIONS', undefined, 1, 0)).toBeUndefined();
  });

  it('search is a case-insensitive substring with ё ≡ е; pages follow limit and offset', () => {
    const sber = catalog.page('Banks', 'СБЕР', 20, 0);
    expect(sber?.items.map((i) => JSON.parse(i) as { bik: string })).toContainEqual(
      expect.objectContaining({ bik: '044525225' }),
    );
    expect(catalog.page('familyStatuses', 'разведен', 20, 0)?.total).toBe(1);
    const all = catalog.page('Banks', undefined, MAX_LIMIT, 0);
    const second = catalog.page('Banks', undefined, 5, 5);
    expect(second?.items).toEqual(all?.items.slice(5, 10));
    expect(second?.total).toBe(all?.total);
    expect(catalog.page('Banks', undefined, 5, 10_000)?.items).toEqual([]);
  });
});
