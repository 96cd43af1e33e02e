/**
 * Card data by number or BIN (spec 2.8). One prefix table holds both the payment-system ranges
 * (MIR 2200–2204, VISA 4, MASTERCARD 51–55 and 2221–2720, AMEX 34/37, UNIONPAY 62, MAESTRO 50 and
 * 56–69 with 5018, 5020, 5038, 6304, 6759, 6761–6763) and the issuer BINs; the longest matching prefix
 * wins. Issuer details are illustrative, not a copy of any payment system's BIN file.
 */
import { isValidLuhn } from './check-digits.js';

export type PaymentSystem = 'VISA' | 'MASTERCARD' | 'MIR' | 'MAESTRO' | 'AMEX' | 'UNIONPAY' | 'UNKNOWN';
export type CardType = 'DEBIT' | 'CREDIT' | 'PREPAID' | 'UNKNOWN';

export interface Issuer {
  readonly bank: string;
  readonly bankPhone: string;
  readonly bankUrl: string;
  readonly cardType: CardType;
  readonly country: string;
  readonly countryCode: string;
  readonly brand: string;
}

export interface BinEntry {
  readonly prefix: string;
  readonly paymentSystem: PaymentSystem;
  readonly issuer?: Issuer;
}

export interface CardResult extends Issuer {
  readonly card: string;
  readonly bin: string;
  readonly paymentSystem: PaymentSystem;
  readonly message: string;
  readonly valid: boolean;
}

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

const SYSTEM_PREFIXES: readonly (readonly [PaymentSystem, readonly string[]])[] = [
  ['VISA', ['4']],
  ['MASTERCARD', [...range(51, 55), ...range(2221, 2720)]],
  ['MIR', range(2200, 2204)],
  ['AMEX', ['34', '37']],
  // MAESTRO's 56–69 overlaps UNIONPAY's 62: 62 stays UnionPay's (listed below), the rest is Maestro's.
  [
    'MAESTRO',
    [
      '50',
      ...range(56, 69).filter((p) => p !== '62'),
      '5018',
      '5020',
      '5038',
      '6304',
      '6759',
      ...range(6761, 6763),
    ],
  ],
  ['UNIONPAY', ['62']],
];

const RU = { country: 'Россия', countryCode: 'RUS' } as const;

const issuer = (
  bank: string,
  bankPhone: string,
  bankUrl: string,
  cardType: CardType,
  brand: string,
  where: { readonly country: string; readonly countryCode: string } = RU,
): Issuer => ({ bank, bankPhone, bankUrl, cardType, brand, ...where });

const SBER = ['ПАО Сбербанк', '900', 'https://www.sberbank.ru'] as const;
const VTB = ['Банк ВТБ (ПАО)', '1000', 'https://www.vtb.ru'] as const;
const TBANK = ['АО «ТБанк»', '8 800 555-77-78', 'https://www.tbank.ru'] as const;
const ALFA = ['АО «Альфа-Банк»', '8 800 200-00-00', 'https://alfabank.ru'] as const;
const GPB = ['Банк ГПБ (АО)', '8 800 100-07-01', 'https://www.gazprombank.ru'] as const;

export const ISSUER_BINS: readonly BinEntry[] = [
  { prefix: '220220', paymentSystem: 'MIR', issuer: issuer(...SBER, 'DEBIT', 'MIR') },
  { prefix: '220221', paymentSystem: 'MIR', issuer: issuer(...SBER, 'CREDIT', 'MIR') },
  { prefix: '220024', paymentSystem: 'MIR', issuer: issuer(...VTB, 'DEBIT', 'MIR') },
  { prefix: '220070', paymentSystem: 'MIR', issuer: issuer(...TBANK, 'DEBIT', 'MIR') },
  { prefix: '220071', paymentSystem: 'MIR', issuer: issuer(...TBANK, 'CREDIT', 'MIR') },
  { prefix: '220015', paymentSystem: 'MIR', issuer: issuer(...ALFA, 'DEBIT', 'MIR') },
  { prefix: '220001', paymentSystem: 'MIR', issuer: issuer(...GPB, 'DEBIT', 'MIR') },
  {
    prefix: '220038',
    paymentSystem: 'MIR',
    issuer: issuer('АО «Россельхозбанк»', '8 800 100-01-00', 'https://www.rshb.ru', 'DEBIT', 'MIR'),
  },
  {
    prefix: '220100',
    paymentSystem: 'MIR',
    issuer: issuer('ПАО «Совкомбанк»', '8 800 100-00-06', 'https://sovcombank.ru', 'CREDIT', 'MIR'),
  },
  {
    prefix: '220412',
    paymentSystem: 'MIR',
    issuer: issuer('АО «Почта Банк»', '8 800 550-07-70', 'https://www.pochtabank.ru', 'PREPAID', 'MIR'),
  },
  { prefix: '427600', paymentSystem: 'VISA', issuer: issuer(...SBER, 'DEBIT', 'VISA CLASSIC') },
  { prefix: '427680', paymentSystem: 'VISA', issuer: issuer(...SBER, 'CREDIT', 'VISA GOLD') },
  { prefix: '437772', paymentSystem: 'VISA', issuer: issuer(...TBANK, 'CREDIT', 'VISA PLATINUM') },
  { prefix: '415428', paymentSystem: 'VISA', issuer: issuer(...ALFA, 'DEBIT', 'VISA CLASSIC') },
  { prefix: '447520', paymentSystem: 'VISA', issuer: issuer(...VTB, 'DEBIT', 'VISA CLASSIC') },
  { prefix: '546901', paymentSystem: 'MASTERCARD', issuer: issuer(...SBER, 'DEBIT', 'MASTERCARD STANDARD') },
  { prefix: '553691', paymentSystem: 'MASTERCARD', issuer: issuer(...TBANK, 'CREDIT', 'MASTERCARD WORLD') },
  { prefix: '548673', paymentSystem: 'MASTERCARD', issuer: issuer(...ALFA, 'CREDIT', 'MASTERCARD WORLD') },
  { prefix: '222100', paymentSystem: 'MASTERCARD', issuer: issuer(...GPB, 'DEBIT', 'MASTERCARD STANDARD') },
  { prefix: '676280', paymentSystem: 'MAESTRO', issuer: issuer(...SBER, 'DEBIT', 'MAESTRO') },
  {
    prefix: '440563',
    paymentSystem: 'VISA',
    issuer: issuer('АО «Kaspi Bank»', '+7 727 258-59-65', 'https://kaspi.kz', 'DEBIT', 'VISA CLASSIC', {
      country: 'Казахстан',
      countryCode: 'KAZ',
    }),
  },
  {
    prefix: '540667',
    paymentSystem: 'MASTERCARD',
    issuer: issuer(
      'Türkiye Garanti Bankası A.Ş.',
      '+90 212 444 0 333',
      'https://www.garantibbva.com.tr',
      'CREDIT',
      'MASTERCARD WORLD',
      { country: 'Турция', countryCode: 'TUR' },
    ),
  },
  {
    prefix: '450875',
    paymentSystem: 'VISA',
    issuer: issuer(
      'Bank of Cyprus Public Company Ltd',
      '+357 22 128 000',
      'https://www.bankofcyprus.com',
      'DEBIT',
      'VISA CLASSIC',
      { country: 'Кипр', countryCode: 'CYP' },
    ),
  },
  {
    prefix: '621700',
    paymentSystem: 'UNIONPAY',
    issuer: issuer('China Construction Bank', '+86 95533', 'https://www.ccb.com', 'DEBIT', 'UNIONPAY', {
      country: 'Китай',
      countryCode: 'CHN',
    }),
  },
  {
    prefix: '378282',
    paymentSystem: 'AMEX',
    issuer: issuer(
      'American Express',
      '+1 800 528 4800',
      'https://www.americanexpress.com',
      'CREDIT',
      'AMEX GREEN',
      { country: 'США', countryCode: 'USA' },
    ),
  },
];

const TABLE: ReadonlyMap<string, BinEntry> = new Map<string, BinEntry>([
  ...SYSTEM_PREFIXES.flatMap(([paymentSystem, prefixes]) =>
    prefixes.map((prefix) => [prefix, { prefix, paymentSystem }] as const),
  ),
  ...ISSUER_BINS.map((entry) => [entry.prefix, entry] as const),
]);

const LONGEST_PREFIX = Math.max(...[...TABLE.keys()].map((prefix) => prefix.length));

/** The entry of the longest prefix of `digits` in the table, if any. */
export function lookupBin(digits: string): BinEntry | undefined {
  for (let length = Math.min(LONGEST_PREFIX, digits.length); length > 0; length--) {
    const entry = TABLE.get(digits.slice(0, length));
    if (entry !== undefined) return entry;
  }
  return undefined;
}

const NO_ISSUER: Issuer = {
  bank: '',
  bankPhone: '',
  bankUrl: '',
  cardType: 'UNKNOWN',
  country: '',
  countryCode: '',
  brand: '',
};

export const CARD_MESSAGES = {
  valid: 'Номер карты корректен',
  luhnFailed: 'Номер карты не прошёл проверку контрольной суммы (алгоритм Луна)',
  masked: 'Номер карты маскирован: контрольная сумма не проверялась',
  binOnly: 'Передан только BIN: контрольная сумма не проверялась',
} as const;

const FULL = /^\d{12,19}$/;
const MASKED = /^\d{6,}\*+\d*$/;
const BIN_ONLY = /^\d{6,8}$/;

/**
 * Reads a full number (12–19 digits), a masked one (`220000******0004`, 12–19 characters) or a bare BIN
 * (6–8 digits); spaces and hyphens between digit groups are ignored. Anything else is `undefined`.
 */
export function lookupCard(card: string): CardResult | undefined {
  const compact = card.replace(/[\s-]/g, '');
  let message: string;
  let valid = true;
  if (FULL.test(compact)) {
    valid = isValidLuhn(compact);
    message = valid ? CARD_MESSAGES.valid : CARD_MESSAGES.luhnFailed;
  } else if (MASKED.test(compact) && compact.length >= 12 && compact.length <= 19) {
    message = CARD_MESSAGES.masked;
  } else if (BIN_ONLY.test(compact)) {
    message = CARD_MESSAGES.binOnly;
  } else {
    return undefined;
  }
  const bin = compact.slice(0, 6);
  const entry = lookupBin(bin);
  const found = entry?.issuer ?? NO_ISSUER;
  // Fields in the order of spec 2.8.
  return {
    card,
    bin,
    paymentSystem: entry?.paymentSystem ?? 'UNKNOWN',
    bank: found.bank,
    bankPhone: found.bankPhone,
    bankUrl: found.bankUrl,
    cardType: found.cardType,
    country: found.country,
    countryCode: found.countryCode,
    brand: found.brand,
    message,
    valid,
  };
}
