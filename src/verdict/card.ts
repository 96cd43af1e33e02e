import type { CheckResult, RequestRecord } from '../domain/check.js';
import { clip } from './candidates.js';
import type { OptionalRowField } from './optional-fields.js';

/** What the card decision reads of the BIN answer (spec 2.8); the registry client's `CardData` fits it. */
export interface CardAnswer {
  readonly bin: string;
  readonly paymentSystem: string;
  readonly bank: string;
  readonly cardType: string;
  readonly country: string;
  readonly countryCode: string;
  readonly brand: string;
  readonly message: string;
  readonly valid: boolean;
}

type CardRowFields = Record<OptionalRowField<'card'>, string>;

const EMPTY_ROW_FIELDS: CardRowFields = { payment_system: '', type: '', bank: '', country: '' };

/**
 * FLAG when the service says the number is invalid or the issuing country is on the run's risk list
 * (`--card-risk-countries`, ISO 3166 alpha-3; empty by default); CLEAR otherwise. A BIN the service does not
 * know is CLEAR with the note CARD_BIN_UNKNOWN: nothing speaks against the card, and the note tells the
 * reviewer that its country could not be held against the risk list.
 */
export function decideCard(
  answer: CardAnswer,
  riskCountries: readonly string[],
  requests: readonly RequestRecord[],
): CheckResult {
  const code = answer.countryCode.trim().toUpperCase();
  const findings: string[] = [];
  const reasons: string[] = [];
  if (!answer.valid) {
    findings.push(`invalid: ${clip(answer.message, 60)}`);
    reasons.push('CARD_INVALID');
  }
  if (code !== '' && riskCountries.includes(code)) {
    findings.push(`risk country ${code}`);
    reasons.push('CARD_RISK_COUNTRY');
  }
  const unknownBin = answer.bank.trim() === '' && code === '';
  if (findings.length === 0 && unknownBin) reasons.push('CARD_BIN_UNKNOWN');
  const row: CardRowFields = {
    payment_system: answer.paymentSystem,
    type: answer.cardType,
    bank: answer.bank,
    country: code,
  };
  return {
    kind: 'card',
    status: findings.length > 0 ? 'FLAG' : 'CLEAR',
    score: 0,
    detail: findings.length > 0 ? findings.join('; ') : unknownBin ? 'BIN unknown' : '',
    reasons,
    candidates: [],
    requests,
    fields: {
      ...row,
      bin: answer.bin,
      brand: answer.brand,
      country_name: answer.country,
      message: answer.message,
      valid: String(answer.valid),
    },
  };
}

/**
 * A full card number that fails the Luhn check is not a card number: FLAG without a call (the coordinator
 * checks it before anything reaches Redis). `masked` is the number as evidence may show it.
 */
export function cardLuhnFailed(masked: string): CheckResult {
  return {
    kind: 'card',
    status: 'FLAG',
    score: 0,
    detail: `fails the Luhn check: ${masked}`,
    reasons: ['CARD_LUHN_FAILED'],
    candidates: [],
    requests: [],
    fields: { ...EMPTY_ROW_FIELDS, bin: masked.slice(0, 6), valid: 'false' },
  };
}
