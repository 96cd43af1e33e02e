/** Luhn check of a card number made of digits only. */
export function isValidLuhn(number: string): boolean {
  if (!/^\d{2,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = number.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = number.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Appends the Luhn check digit to a number without one. */
export function completeLuhn(partial: string): string {
  for (let d = 0; d <= 9; d++) {
    if (isValidLuhn(partial + String(d))) return partial + String(d);
  }
  throw new Error('unreachable: one digit always completes a Luhn number');
}
