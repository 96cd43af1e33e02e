/**
 * Per-field validation of identifier and contact cells. Each check answers one of three things: the
 * cell is empty (nothing to say), the value is good (normalised), or there is a problem (a row issue).
 * Whether a problem makes the row INVALID is decided in row.ts, not here.
 */
import type { ErrorCode } from '../errors.js';
import {
  isValidBik,
  isValidInn10,
  isValidInn12,
  isValidLuhn,
  isValidOgrn,
  isValidOgrnip,
  isValidSnils,
  normalizeSnils,
} from '../identifiers/index.js';
import { readInnCell } from '../identifiers/repair.js';

export interface FieldProblem {
  readonly code: ErrorCode;
  readonly message: string;
}

export type FieldCheck<T = string> =
  { readonly ok: true; readonly value: T } | ({ readonly ok: false } & FieldProblem);

const ok = <T>(value: T): FieldCheck<T> => ({ ok: true, value });
const problem = (code: ErrorCode, message: string): FieldCheck<never> => ({ ok: false, code, message });

/** Spaces of any kind, including NBSP and the thin spaces Excel uses as digit group separators. */
const ANY_SPACE = /[\s\u00a0\u2007\u202f]+/g;
/** `="0123456789"`: the formula trick exports use to keep Excel from stripping leading zeros. */
const FORMULA_TEXT = /^="(.*)"$/;
/** 7,7337E+11: Excel showed a long number in scientific notation and the CSV kept only that. */
const SCIENTIFIC = /^\d+(?:[.,]\d+)?e[+-]?\d+$/i;
/** 7707083893.0: a number that went through a float column; the fraction is empty, nothing is lost. */
const ZERO_FRACTION = /^(\d+)[.,]0+$/;
const DIGITS = /^\d+$/;
const ALL_ZEROS = /^0+$/;

/**
 * Undoes the harmless damage spreadsheets do to identifier cells: digit group spaces, the leading
 * apostrophe and the `="…"` formula that force text, a `.0` float fraction.
 */
export function normalizeIdentifier(raw: string): string {
  if (DIGITS.test(raw)) return raw;
  let value = raw.replace(ANY_SPACE, '');
  const formula = FORMULA_TEXT.exec(value);
  if (formula) value = formula[1] ?? '';
  if (value.startsWith("'")) value = value.slice(1);
  const fraction = ZERO_FRACTION.exec(value);
  return fraction ? (fraction[1] ?? value) : value;
}

function notDigits(label: string, value: string, code: ErrorCode, expected: string): FieldCheck<never> {
  if (SCIENTIFIC.test(value)) {
    return problem(
      code,
      `${label} "${value}" is in Excel scientific notation: its digits are lost; export the column as text`,
    );
  }
  return problem(code, `${label} "${value}" is not ${expected}`);
}

function placeholder(label: string, value: string, code: ErrorCode): FieldCheck<never> {
  return problem(code, `${label} ${value} is all zeros: a placeholder, not an identifier`);
}

export function checkInn(raw: string): FieldCheck | undefined {
  if (raw === '') return undefined;
  const value = normalizeIdentifier(raw);
  if (value === '') return undefined;
  if (!DIGITS.test(value)) return notDigits('INN', value, 'KYC_ERR_ROW_INN_FORMAT', '10 or 12 digits');
  if (ALL_ZEROS.test(value)) return placeholder('INN', value, 'KYC_ERR_ROW_INN_FORMAT');
  switch (value.length) {
    case 10:
      return isValidInn10(value)
        ? ok(value)
        : problem('KYC_ERR_ROW_INN_CHECKSUM', `INN ${value}: check digit is wrong`);
    case 12:
      return isValidInn12(value)
        ? ok(value)
        : problem('KYC_ERR_ROW_INN_CHECKSUM', `INN ${value}: check digits are wrong`);
    case 9:
    case 11: {
      const padded = '0' + value;
      const valid = padded.length === 10 ? isValidInn10(padded) : isValidInn12(padded);
      return problem(
        'KYC_ERR_ROW_INN_LEADING_ZERO',
        `INN ${value} has ${value.length} digits: most likely Excel stripped a leading zero` +
          (valid
            ? ` (${padded} would be valid; format the column as text and export again)`
            : ` (${padded} does not pass the checksum either)`),
      );
    }
    default:
      return problem('KYC_ERR_ROW_INN_FORMAT', `INN ${value} has ${value.length} digits, expected 10 or 12`);
  }
}

/** What an ИНН cell gave: the identifiers to use, and the warning the row carries (a problem or a repair). */
export interface InnField {
  readonly inn?: string;
  readonly ogrn?: string;
  readonly ogrnip?: string;
  readonly snils?: string;
  readonly issue?: FieldProblem;
  /** When a repair was used: what the cell says unrepaired, the warning to give if the repair is refused. */
  readonly unrepaired?: FieldProblem;
}

const READ_AS: Readonly<Record<'ogrn' | 'ogrnip' | 'snils', string>> = {
  ogrn: 'an OGRN (an organization)',
  ogrnip: "an OGRNIP (an entrepreneur's registration number)",
  snils: "a SNILS (a person's insurance number)",
};

const repaired = (raw: string, what: string): FieldProblem => ({
  code: 'KYC_ERR_ROW_INN_REPAIRED',
  message: `the ИНН cell "${raw.trim()}" was read as ${what}`,
});

/**
 * The ИНН column, repaired when exactly one reading passes its checksum (identifiers/repair.ts): the
 * repaired value is used, and the row says what the cell held and what it was read as. Otherwise the
 * value is dropped with the warning checkInn gives.
 */
export function readInnField(raw: string): InnField {
  const strict = checkInn(raw);
  if (strict === undefined) return {};
  // What normalizeIdentifier undoes (digit group spaces, `'`, `="…"`, `.0`) is no repair worth a warning.
  if (strict.ok) return { inn: strict.value };
  const reading = readInnCell(raw);
  const unrepaired: FieldProblem = { code: strict.code, message: strict.message };
  switch (reading.kind) {
    case 'inn':
      return {
        inn: reading.value,
        unrepaired,
        issue: repaired(
          raw,
          reading.repair === 'leading-zero'
            ? `INN ${reading.value} (a leading zero lost by Excel put back)`
            : `INN ${reading.value}`,
        ),
      };
    case 'inn-kpp':
      return {
        inn: reading.inn,
        unrepaired,
        issue: repaired(raw, `INN ${reading.inn} and KPP ${reading.kpp}`),
      };
    case 'ogrn':
    case 'ogrnip':
    case 'snils':
      return {
        [reading.kind]: reading.value,
        unrepaired,
        issue: repaired(raw, `${READ_AS[reading.kind]} ${reading.value}, not an INN`),
      };
    case 'none':
      return { issue: strict };
  }
}

/** Which registration number a cell holds; OGRN and OGRNIP differ in length, so one check serves both. */
export type RegistrationNumber = { readonly kind: 'ogrn' | 'ogrnip'; readonly value: string };

/**
 * OGRN (13 digits) or OGRNIP (15 digits). Exports often have one "ОГРН/ОГРНИП" column, so either
 * column accepts either length; a length that is neither is reported with the column's own code.
 */
export function checkRegistrationNumber(
  raw: string,
  column: 'ogrn' | 'ogrnip',
): FieldCheck<RegistrationNumber> | undefined {
  if (raw === '') return undefined;
  const value = normalizeIdentifier(raw);
  if (value === '') return undefined;
  const formatCode: ErrorCode = column === 'ogrn' ? 'KYC_ERR_ROW_OGRN_FORMAT' : 'KYC_ERR_ROW_OGRNIP_FORMAT';
  const label = column === 'ogrn' ? 'OGRN' : 'OGRNIP';
  const expected = column === 'ogrn' ? '13 digits (15 for an OGRNIP)' : '15 digits (13 for an OGRN)';
  if (!DIGITS.test(value)) return notDigits(label, value, formatCode, expected);
  if (ALL_ZEROS.test(value)) return placeholder(label, value, formatCode);
  if (value.length === 13) {
    return isValidOgrn(value)
      ? ok({ kind: 'ogrn', value })
      : problem('KYC_ERR_ROW_OGRN_CHECKSUM', `OGRN ${value}: check digit is wrong`);
  }
  if (value.length === 15) {
    return isValidOgrnip(value)
      ? ok({ kind: 'ogrnip', value })
      : problem('KYC_ERR_ROW_OGRNIP_CHECKSUM', `OGRNIP ${value}: check digit is wrong`);
  }
  return problem(formatCode, `${label} ${value} has ${value.length} digits, expected ${expected}`);
}

const SNILS_SHAPE = /^[\d\s\u00a0-]+$/;

/** The two forms nearly every export uses, recognised without the general normalisation. */
const SNILS_COMMON = /^(\d{3})-(\d{3})-(\d{3})[ -](\d{2})$|^\d{11}$/;

export function checkSnils(raw: string): FieldCheck | undefined {
  if (raw === '') return undefined;
  const common = SNILS_COMMON.exec(raw);
  if (common !== null) {
    const digits = common[1] === undefined ? raw : `${common[1]}${common[2]}${common[3]}${common[4]}`;
    if (ALL_ZEROS.test(digits)) return placeholder('SNILS', digits, 'KYC_ERR_ROW_SNILS_FORMAT');
    return isValidSnils(digits)
      ? ok(digits)
      : problem('KYC_ERR_ROW_SNILS_CHECKSUM', `SNILS ${raw}: check number is wrong`);
  }
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const written = normalizeSnils(trimmed.replace(ANY_SPACE, ' '));
  if (written !== undefined) {
    if (ALL_ZEROS.test(written)) return placeholder('SNILS', written, 'KYC_ERR_ROW_SNILS_FORMAT');
    return isValidSnils(written)
      ? ok(written)
      : problem('KYC_ERR_ROW_SNILS_CHECKSUM', `SNILS ${trimmed}: check number is wrong`);
  }
  const value = normalizeIdentifier(trimmed);
  if (DIGITS.test(value) && (value.length === 9 || value.length === 10)) {
    const padded = value.padStart(11, '0');
    return problem(
      'KYC_ERR_ROW_SNILS_LEADING_ZERO',
      `SNILS ${value} has ${value.length} digits: most likely Excel stripped leading zeros` +
        (isValidSnils(padded)
          ? ` (${padded} would be valid; format the column as text and export again)`
          : ` (${padded} does not pass the check either)`),
    );
  }
  if (DIGITS.test(value) && value.length === 11) {
    // Eleven digits behind a spreadsheet's text marker ('…, ="…"): judge the number itself.
    return isValidSnils(value)
      ? ok(value)
      : problem('KYC_ERR_ROW_SNILS_CHECKSUM', `SNILS ${value}: check number is wrong`);
  }
  if (!SNILS_SHAPE.test(trimmed)) {
    return notDigits('SNILS', value, 'KYC_ERR_ROW_SNILS_FORMAT', '11 digits (123-456-789 01)');
  }
  return problem('KYC_ERR_ROW_SNILS_FORMAT', `SNILS ${trimmed} is not 11 digits (123-456-789 01)`);
}

/** BIK: nine digits, no check digit. It can start with 0, so a leading-zero loss shows up as 8 digits. */
export function checkBik(raw: string): FieldCheck | undefined {
  if (raw === '') return undefined;
  const value = normalizeIdentifier(raw);
  if (value === '') return undefined;
  if (isValidBik(value)) return ok(value);
  if (DIGITS.test(value) && value.length === 8) {
    return problem(
      'KYC_ERR_ROW_BIK_FORMAT',
      `BIK ${value} has 8 digits: most likely Excel stripped a leading zero`,
    );
  }
  return problem('KYC_ERR_ROW_BIK_FORMAT', `BIK ${value} is not 9 digits`);
}

/**
 * Deliberately loose: one @, no spaces, no control or invisible characters, a dot in the domain. Mail servers, not this reader, decide
 * what is deliverable; the check only catches cells that are plainly not an address.
 */
const EMAIL = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@.\p{Cc}\p{Cf}]+(?:\.[^\s@.\p{Cc}\p{Cf}]+)+$/u;

export function checkEmail(raw: string): FieldCheck | undefined {
  if (raw === '') return undefined;
  const value = raw.trim();
  if (value === '') return undefined;
  if (value.length > 254 || !EMAIL.test(value)) {
    return problem('KYC_ERR_ROW_EMAIL_FORMAT', `e-mail "${value}" is not an address`);
  }
  return ok(value);
}

const CARD_SEPARATORS = /[\s\u00a0-]+/g;
const MASK = /[*xX•]/;

export function checkCard(raw: string): FieldCheck | undefined {
  if (raw === '') return undefined;
  const value = normalizeIdentifier(raw.replace(CARD_SEPARATORS, ''));
  if (value === '') return undefined;
  if (MASK.test(value)) {
    return problem('KYC_ERR_ROW_CARD_FORMAT', 'card number is masked: a masked number cannot be checked');
  }
  if (!DIGITS.test(value) || value.length < 12 || value.length > 19) {
    return problem(
      'KYC_ERR_ROW_CARD_FORMAT',
      `card number has ${value.length} characters, expected 12–19 digits`,
    );
  }
  if (!isValidLuhn(value)) return problem('KYC_ERR_ROW_CARD_FORMAT', 'card number fails the Luhn check');
  return ok(value);
}

/** Cadastral number: district:area:quarter:parcel, e.g. 77:01:0001001:1234 (the quarter has 6–7 digits). */
const CADASTRAL = /^\d{2}:\d{2}:\d{6,7}:\d{1,10}$/;

export function checkCadastralNumber(raw: string): FieldCheck | undefined {
  if (raw === '') return undefined;
  const value = raw.replace(ANY_SPACE, '');
  if (value === '') return undefined;
  if (!CADASTRAL.test(value)) {
    return problem('KYC_ERR_ROW_CADASTRAL_FORMAT', `cadastral number "${value}" is not NN:NN:NNNNNNN:N`);
  }
  return ok(value);
}
