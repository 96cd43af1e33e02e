/**
 * Check digits of the identifiers the generated registers carry (INN, OGRN, OGRNIP, SNILS, bank account
 * keys, card numbers). The emulator computes them with its own code, not the product's validators, so a
 * mistake in either shows up as a disagreement between the two instead of being shared by both.
 */

// Loops over char codes: the registers compute hundreds of thousands of these at start-up.
const digit = (text: string, i: number): number => text.charCodeAt(i) - 48;

function weighted(text: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digit(text, i) * (weights[i] ?? 0);
  return sum;
}

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN11 = [7, ...INN10];
const INN12 = [3, ...INN11];

const innDigit = (text: string, weights: readonly number[]): string =>
  String((weighted(text, weights) % 11) % 10);

/** 9 leading digits → an organization's INN; 10 → a person's (two check digits). */
export function completeInn(prefix: string): string {
  if (prefix.length === 9) return prefix + innDigit(prefix, INN10);
  if (prefix.length === 10) {
    const eleven = prefix + innDigit(prefix, INN11);
    return eleven + innDigit(eleven, INN12);
  }
  throw new RangeError('completeInn takes 9 or 10 digits');
}

/** The last digit of OGRN (mod 11) and OGRNIP (mod 13) is the remainder of the rest, mod 10. */
function remainderDigit(prefix: string, modulus: number): string {
  let rest = 0;
  for (let i = 0; i < prefix.length; i++) rest = (rest * 10 + digit(prefix, i)) % modulus;
  return String(rest % 10);
}

export function completeOgrn(prefix12: string): string {
  return prefix12 + remainderDigit(prefix12, 11);
}

export function completeOgrnip(prefix14: string): string {
  return prefix14 + remainderDigit(prefix14, 13);
}

/** SNILS: the weighted sum 9..1 of the number, mod 101, with 100 and 101 written 00. */
export function completeSnils(first9: string): string {
  const sum = weighted(first9, [9, 8, 7, 6, 5, 4, 3, 2, 1]);
  const check = sum < 100 ? sum : sum % 101 === 100 ? 0 : sum % 101;
  return first9 + String(check).padStart(2, '0');
}

/** `123-456-789 01`, `123 456 789 01` or 11 bare digits → the 11 digits; anything else → undefined. */
export function normalizeSnils(value: string): string | undefined {
  const trimmed = value.trim();
  return /^\d{3}[- ]?\d{3}[- ]?\d{3}[- ]?\d{2}$/.test(trimmed) ? trimmed.replace(/[- ]/g, '') : undefined;
}

/**
 * A 20-digit account with its key digit (position 9) set so that it checks against the BIK: the last three
 * BIK digits for a settlement account, "0" and BIK digits 5–6 for a correspondent one; weights 7,1,3 over
 * the 23 digits, the sum of the products' last digits ending in 0.
 */
export function withAccountKey(account: string, bik: string, kind: 'settlement' | 'correspondent'): string {
  const prefix = kind === 'settlement' ? bik.slice(6, 9) : '0' + bik.slice(4, 6);
  const keyed = (key: number) => account.slice(0, 8) + String(key) + account.slice(9);
  const weights = [7, 1, 3];
  for (let key = 0; key <= 9; key++) {
    const text = prefix + keyed(key);
    let sum = 0;
    for (let i = 0; i < text.length; i++) sum += (digit(text, i) * (weights[i % 3] ?? 0)) % 10;
    if (sum % 10 === 0) return keyed(key);
  }
  throw new Error('unreachable: some key digit always closes the sum');
}

/** Luhn: doubling every second digit from the right, the sum ends in 0. */
export function isValidLuhn(number: string): boolean {
  if (!/^\d{2,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = number.length - 1, doubled = false; i >= 0; i--, doubled = !doubled) {
    const value = doubled ? digit(number, i) * 2 : digit(number, i);
    sum += value > 9 ? value - 9 : value;
  }
  return sum % 10 === 0;
}

/** Appends the digit that makes a number pass the Luhn check. */
export function completeLuhn(partial: string): string {
  for (let last = 0; last <= 9; last++) {
    if (isValidLuhn(partial + String(last))) return partial + String(last);
  }
  throw new Error('unreachable: one digit always completes a Luhn number');
}
