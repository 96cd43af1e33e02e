/**
 * The emulator's own errors. Their codes are the ones kyc-screen's catalogue documents (docs/errors.md),
 * so that the product can pass them on unchanged when it runs the emulator for `demo` or `emulator`.
 */
const MESSAGES = {
  KYC_ERR_EMULATOR_START: 'The emulator could not start',
  KYC_ERR_EMULATOR_OPTIONS: 'Invalid emulator options',
  KYC_ERR_EMULATOR_PLANTED: 'The planted register records file is missing or malformed',
} as const;

export type EmulatorErrorCode = keyof typeof MESSAGES;

export class EmulatorError extends Error {
  readonly code: EmulatorErrorCode;
  readonly detail: string;

  constructor(code: EmulatorErrorCode, detail: string, options?: { cause?: unknown }) {
    super(`${MESSAGES[code]}: ${detail}`, options);
    this.name = 'EmulatorError';
    this.code = code;
    this.detail = detail;
  }

  override toString(): string {
    return `${this.code}: ${this.message}`;
  }
}
