import { isDigits, weightedSum } from './digits.js';

const WEIGHTS = [9, 8, 7, 6, 5, 4, 3, 2, 1];
/** Numbers up to 001-001-998 were issued before check numbers existed and are not checked. */
const LAST_UNCHECKED = 1_001_998;

/** `123-456-789 01`, `123 456 789 01` or bare 11 digits → 11 digits; anything else → undefined. */
export function normalizeSnils(value: string): string | undefined {
  const trimmed = value.trim();
  if (!/^\d{3}[- ]?\d{3}[- ]?\d{3}[- ]?\d{2}$/.test(trimmed)) return undefined;
  return trimmed.replace(/[- ]/g, '');
}

export function snilsCheckNumber(first9: string): number {
  const sum = weightedSum(first9, WEIGHTS);
  if (sum < 100) return sum;
  if (sum <= 101) return 0;
  const rest = sum % 101;
  return rest === 100 ? 0 : rest;
}

/** SNILS in either written form. */
export function isValidSnils(value: string): boolean {
  const snils = normalizeSnils(value);
  if (snils === undefined || !isDigits(snils, 11)) return false;
  const number = Number(snils.slice(0, 9));
  if (number <= LAST_UNCHECKED) return true;
  return snilsCheckNumber(snils.slice(0, 9)) === Number(snils.slice(9));
}

export function completeSnils(first9: string): string {
  return first9 + String(snilsCheckNumber(first9)).padStart(2, '0');
}
