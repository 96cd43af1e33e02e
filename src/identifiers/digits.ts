/** Weighted sum of the first `weights.length` digits of `digits`. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits.charCodeAt(i) - 48) * (weights[i] ?? 0);
  return sum;
}

/** The numeric value of the digit at `index`. */
export function digitAt(digits: string, index: number): number {
  return digits.charCodeAt(index) - 48;
}

/** Remainder of a long decimal string modulo a small number, without BigInt on the hot path. */
export function modDecimal(digits: string, modulus: number): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i++) rest = (rest * 10 + (digits.charCodeAt(i) - 48)) % modulus;
  return rest;
}

export function isDigits(value: string, length: number): boolean {
  if (value.length !== length) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
