import { digitAt, isDigits, weightedSum } from './digits.js';

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

const check = (digits: string, weights: readonly number[]): number =>
  (weightedSum(digits, weights) % 11) % 10;

/** INN of an organization: 10 digits, one check digit. */
export function isValidInn10(inn: string): boolean {
  return isDigits(inn, 10) && check(inn, W10) === digitAt(inn, 9);
}

/** INN of a person (or an individual entrepreneur): 12 digits, two check digits. */
export function isValidInn12(inn: string): boolean {
  return isDigits(inn, 12) && check(inn, W11) === digitAt(inn, 10) && check(inn, W12) === digitAt(inn, 11);
}

export function isValidInn(inn: string): boolean {
  return inn.length === 10 ? isValidInn10(inn) : isValidInn12(inn);
}

/** Completes 9 (organization) or 10 (person) leading digits into a valid INN. */
export function completeInn(prefix: string): string {
  if (prefix.length === 9) return prefix + String(check(prefix, W10));
  if (prefix.length === 10) {
    const eleven = prefix + String(check(prefix, W11));
    return eleven + String(check(eleven, W12));
  }
  throw new RangeError('completeInn takes 9 or 10 digits');
}
