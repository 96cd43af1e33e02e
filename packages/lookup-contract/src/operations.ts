/**
 * The operations of the Lookup Service by the names that evidence and statistics use, and the paths that
 * serve them (spec part 4, relative to the base URL). The names are part of the evidence format (auditors
 * read them in evidence.jsonl), so they are stable like error codes. The cadastral path is configurable in
 * the client (spec 4.9 does not fix it); this is the one the emulator serves.
 */
export const LOOKUP_OPERATIONS = {
  dictionaryList: 'dictionary.list',
  dictionaryValues: 'dictionary.values',
  foreignAgentSearch: 'search.foreign_agent',
  sanctionsSearch: 'search.sanctions',
  bankruptcySearch: 'search.bankruptcy',
  debtorByInn: 'client.debt',
  emailValidation: 'validation.email',
  cardData: 'validation.bin',
  cadastralReport: 'cadastral.report',
} as const;

export type LookupOperation = (typeof LOOKUP_OPERATIONS)[keyof typeof LOOKUP_OPERATIONS];

export const LOOKUP_PATHS = {
  dictionaryList: '/reg2/dictionary',
  dictionaryValues: '/reg2/dictionary/',
  foreignAgentSearch: '/lists/search/minjust_foreign_agent',
  sanctionsSearch: '/lists/search/sanctions',
  bankruptcySearch: '/lists/search-data/bankruptcy',
  debtorByInn: '/reg2/client/debt',
  emailValidation: '/reg2/validation/email',
  cardData: '/reg2/validation/bin',
  cadastralReport: '/cadastral/full',
} as const;
