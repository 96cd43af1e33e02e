/**
 * Readings of an ИНН cell that spreadsheets and hand typing damaged. Each repair is taken only when it is
 * unambiguous: exactly one reading passes its checksum. A value that passes nothing, or more than one
 * thing, is no reading at all, and the caller keeps its warning.
 */
import { isDigits } from './digits.js';
import { isValidInn10, isValidInn12 } from './inn.js';
import { isValidOgrn, isValidOgrnip } from './ogrn.js';
import { isValidSnils } from './snils.js';

export type InnCellReading =
  | {
      readonly kind: 'inn';
      readonly value: string;
      /** `leading-zero`: one lost leading zero put back; `cleaned`: marks, prefixes or separators removed. */
      readonly repair: 'leading-zero' | 'cleaned' | 'none';
    }
  | { readonly kind: 'inn-kpp'; readonly inn: string; readonly kpp: string }
  | { readonly kind: 'ogrn' | 'ogrnip' | 'snils'; readonly value: string }
  | { readonly kind: 'none' };

const SPACES = /[\s\u00a0\u2007\u202f]+/g;
/** `ИНН`, `INN`, `ИНН/КПП`, `№`, `No.` and a colon before the number. */
const PREFIX = /^(?:(?:инн|inn|кпп|kpp|tin)(?:\s*[/\\]\s*(?:кпп|kpp))?|№|n[o°º]?\.?)\s*[:.№-]?\s*/iu;
const FORMULA_TEXT = /^="(.*)"$/s;
/** `7,707083893E+09`: scientific notation that still carries every digit. */
const SCIENTIFIC = /^(\d)[.,](\d+)e\+?(\d+)$/i;
const ZERO_FRACTION = /^(\d+)[.,]0+$/;
/** Separators people and exports put between digit groups (`1969-117323`, `77.07.083893`). */
const GROUP_MARKS = /[-‐‑‒–—.·]/g;
const INN_KPP = /^(\d{10})\s*[/\\;\s]\s*(\d{9})$/;

/** Strips quoting, the formula trick, prefixes and trailing float zeros; keeps inner separators. */
function unwrap(raw: string): string {
  let value = raw.trim();
  const formula = FORMULA_TEXT.exec(value);
  if (formula) value = (formula[1] ?? '').trim();
  value = value.replace(/^['"«]+|['"»]+$/g, '').trim();
  for (let i = 0; i < 3; i++) {
    const stripped = value.replace(PREFIX, '');
    if (stripped === value) break;
    value = stripped;
  }
  return value;
}

/** Scientific notation expanded only when the mantissa holds every digit (nothing was rounded away). */
function expandScientific(value: string): string | undefined {
  const m = SCIENTIFIC.exec(value);
  if (!m) return undefined;
  const [, lead = '', fraction = '', exponent = ''] = m;
  return fraction.length === Number(exponent) ? lead + fraction : undefined;
}

/** The digits of the cell once every harmless mark is gone, or undefined when other characters remain. */
export function identifierDigits(raw: string): string | undefined {
  const value = unwrap(raw).replace(SPACES, '');
  const expanded = expandScientific(value);
  if (expanded !== undefined) return expanded;
  const fraction = ZERO_FRACTION.exec(value);
  const digits = (fraction ? (fraction[1] ?? '') : value).replace(GROUP_MARKS, '');
  return /^\d+$/.test(digits) ? digits : undefined;
}

type Candidate = Exclude<InnCellReading, { kind: 'none' } | { kind: 'inn-kpp' }>;

/** What a string of digits can be, each reading checked by its own checksum. */
function candidatesOf(digits: string): Candidate[] {
  const found: Candidate[] = [];
  if (isValidInn10(digits) || isValidInn12(digits))
    found.push({ kind: 'inn', value: digits, repair: 'none' });
  if (isValidOgrn(digits)) found.push({ kind: 'ogrn', value: digits });
  if (isValidOgrnip(digits)) found.push({ kind: 'ogrnip', value: digits });
  if (isDigits(digits, 11) && isValidSnils(digits)) found.push({ kind: 'snils', value: digits });
  if (digits.length === 9 || digits.length === 11) {
    const padded = '0' + digits;
    if (isValidInn10(padded) || isValidInn12(padded))
      found.push({ kind: 'inn', value: padded, repair: 'leading-zero' });
  }
  return found;
}

/**
 * Reads an ИНН cell: a plain valid INN, an INN under marks or a prefix, an INN that lost one leading zero,
 * an `INN/KPP` pair, or an OGRN, OGRNIP or SNILS typed into the wrong column. All zeros is a placeholder.
 */
export function readInnCell(raw: string): InnCellReading {
  const unwrapped = unwrap(raw);
  const pair = INN_KPP.exec(unwrapped.replace(/\s+/g, ' '));
  if (pair && isValidInn10(pair[1] ?? '')) return { kind: 'inn-kpp', inn: pair[1] ?? '', kpp: pair[2] ?? '' };
  const digits = identifierDigits(raw);
  if (digits === undefined || /^0+$/.test(digits)) return { kind: 'none' };
  const found = candidatesOf(digits);
  if (found.length !== 1) return { kind: 'none' };
  const [only] = found as [Candidate];
  if (only.kind === 'inn' && only.repair === 'none' && digits !== raw) return { ...only, repair: 'cleaned' };
  return only;
}
