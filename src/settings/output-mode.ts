import { KycError } from '../errors.js';

/** Output files are private by default: they hold names, identifiers and birth dates of clients. */
export const DEFAULT_OUTPUT_MODE = 0o600;

/** `0600`, `640`, `0o640` → the mode; anything else is KYC_ERR_OUTPUT_MODE. */
export function parseOutputMode(value: string): number {
  const match = /^(?:0o?)?([0-7]{3})$/u.exec(value.trim());
  if (!match?.[1]) throw new KycError('KYC_ERR_OUTPUT_MODE', JSON.stringify(value.slice(0, 20)));
  return parseInt(match[1], 8);
}
