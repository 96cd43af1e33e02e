import type { Looked, Lookup } from '../../../src/checks/run-check.js';

/** An answer of the fake service: the records and the request record a check keeps as evidence. */
export function answered<T>(operation: string, params: Readonly<Record<string, string>>, data: T): Looked<T> {
  return { data, record: { operation, params, status: 200 } };
}

const unused = (): Promise<never> => Promise.reject(new Error('not used'));

/**
 * A Lookup whose operations are the ones a test gives; any other operation rejects, so that a check
 * calling what the test did not plan for fails loudly instead of reading an empty answer.
 */
export function fakeLookup(operations: Partial<Lookup>): Lookup {
  return {
    searchForeignAgents: unused,
    searchSanctions: unused,
    searchBankruptcy: unused,
    debtorByInn: unused,
    validateEmail: unused,
    cardData: unused,
    cadastralReport: unused,
    bankByBik: unused,
    ...operations,
  };
}
