import { isDigits } from './digits.js';

/** BIK has no check digit: nine digits is all that can be verified. */
export function isValidBik(bik: string): boolean {
  return isDigits(bik, 9);
}

const KEY_WEIGHTS = [7, 1, 3];

function keySum(prefix3: string, account: string): number {
  const digits = prefix3 + account;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += ((digits.charCodeAt(i) - 48) * (KEY_WEIGHTS[i % 3] ?? 0)) % 10;
  }
  return sum;
}

/** Settlement account: keyed with the last three digits of the BIK. */
export function isValidSettlementAccount(account: string, bik: string): boolean {
  return isDigits(account, 20) && isValidBik(bik) && keySum(bik.slice(6, 9), account) % 10 === 0;
}

/** Correspondent account: keyed with "0" and BIK digits 5–6. */
export function isValidCorrespondentAccount(account: string, bik: string): boolean {
  return isDigits(account, 20) && isValidBik(bik) && keySum('0' + bik.slice(4, 6), account) % 10 === 0;
}

/**
 * Fills the key digit (position 9, index 8) of a 20-digit account so that it validates against the BIK.
 * `kind` chooses the prefix rule.
 */
export function withAccountKey(account: string, bik: string, kind: 'settlement' | 'correspondent'): string {
  const prefix = kind === 'settlement' ? bik.slice(6, 9) : '0' + bik.slice(4, 6);
  const zeroed = account.slice(0, 8) + '0' + account.slice(9);
  const rest = keySum(prefix, zeroed) % 10;
  // The key sits at index 11 of prefix+account, weight 3; find the digit whose (3·d mod 10) closes the sum.
  for (let d = 0; d <= 9; d++) {
    if ((rest + ((3 * d) % 10)) % 10 === 0) return account.slice(0, 8) + String(d) + account.slice(9);
  }
  throw new Error('unreachable: 3 is invertible mod 10');
}
