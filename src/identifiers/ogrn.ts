import { digitAt, isDigits, modDecimal } from './digits.js';

/** OGRN: 13 digits; (first 12 as a number mod 11) mod 10 is the 13th. */
export function isValidOgrn(ogrn: string): boolean {
  return isDigits(ogrn, 13) && modDecimal(ogrn.slice(0, 12), 11) % 10 === digitAt(ogrn, 12);
}

/**
 * OGRNIP: 15 digits; (first 14 as a number mod 13) mod 10 is the 15th. The final mod 10 matters:
 * remainders 10–12 give check digits 0–2.
 */
export function isValidOgrnip(ogrnip: string): boolean {
  return isDigits(ogrnip, 15) && modDecimal(ogrnip.slice(0, 14), 13) % 10 === digitAt(ogrnip, 14);
}

export function completeOgrn(prefix12: string): string {
  return prefix12 + String(modDecimal(prefix12, 11) % 10);
}

export function completeOgrnip(prefix14: string): string {
  return prefix14 + String(modDecimal(prefix14, 13) % 10);
}
