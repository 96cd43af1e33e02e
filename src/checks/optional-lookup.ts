import type { CardAnswer, CadastralAnswer, EmailAnswer } from '../verdict/index.js';
import type { Looked } from './looked.js';

/** A bank of the Banks dictionary (spec 2.2), as the foreign-agent evidence shows it. */
export interface BankEntry {
  readonly bik: string;
  readonly name: string;
  readonly city: string;
  readonly corrAccount: string;
}

/**
 * The Banks lookup is evidence only, so it never fails the check it enriches: `bank` is the dictionary's
 * entry for the BIK (absent when the dictionary has none), `error` the KYC_ERR code when the call failed.
 */
export interface BankLookup {
  readonly bank?: BankEntry;
  readonly error?: string;
}

/**
 * The lookups of the optional checks and of the foreign-agent bank evidence. Like the core lookups, the
 * pipeline binds them to the HTTP client behind the run's request cache and the shared pacer, so that they
 * are paced, cached and counted like every other call.
 */
export interface OptionalLookup {
  validateEmail(email: string, smtp: boolean): Promise<Looked<EmailAnswer>>;
  /** `card` is the masked number: the full one never leaves the coordinator. */
  cardData(card: string): Promise<Looked<CardAnswer>>;
  /** With an owner the report is asked by POST, so that the bailiff check runs. */
  cadastralReport(cadastralNumber: string, owner?: string): Promise<Looked<CadastralAnswer>>;
  bankByBik(bik: string): Promise<Looked<BankLookup>>;
}
