/**
 * Variants of the emulator. The service's contract leaves many behaviours open; the default emulator is
 * one guess at each of them, and a client tested only against that guess may depend on it without
 * knowing. The `strict` variant answers every open point differently (packages/lookup-emulator/README.md, "Variant
 * upstream"), so that a client that works against both depends on neither guess.
 */
import { validateEmail } from './email.js';
import { DEFAULT_ERRORS, STRICT_ERRORS, type ErrorDialect } from './error-dialects.js';
import { DEFAULT_VIEWS, STRICT_VIEWS, type RecordViews } from './record-views.js';

export const EMULATOR_VARIANTS = ['default', 'strict'] as const;
export type EmulatorVariant = (typeof EMULATOR_VARIANTS)[number];

export function isEmulatorVariant(value: string): value is EmulatorVariant {
  return (EMULATOR_VARIANTS as readonly string[]).includes(value);
}

/** What a variant decides where the contract is open. */
export interface EmulatorBehaviour {
  readonly variant: EmulatorVariant;
  /** Records one search answers at most. */
  readonly resultCap: number;
  /** Whether a name word also finds its spellings in the other script (phonetic key, text.ts). */
  readonly crossScriptSearch: boolean;
  /** Largest dictionary page served; larger `limit` values are clamped. */
  readonly maxDictionaryLimit: number;
  /** Which occurrence of a repeated query parameter counts. */
  readonly repeatedParameter: 'first' | 'last';
  /** Status of a known path asked with a method it does not serve. */
  readonly wrongMethodStatus: 404 | 405;
  readonly errors: ErrorDialect;
  readonly views: RecordViews;
  /** The e-mail answer's `data` for an address (spec 2.7 shows two field sets and not when each comes). */
  readonly email: (address: string, smtp: boolean) => unknown;
}

export const DEFAULT_BEHAVIOUR: EmulatorBehaviour = {
  variant: 'default',
  resultCap: 100,
  crossScriptSearch: true,
  maxDictionaryLimit: 1000,
  repeatedParameter: 'first',
  wrongMethodStatus: 404,
  errors: DEFAULT_ERRORS,
  views: DEFAULT_VIEWS,
  email: validateEmail,
};

/** The strict variant's result cap: small enough that a surname search of a large register reaches it. */
export const STRICT_RESULT_CAP = 20;

export const STRICT_BEHAVIOUR: EmulatorBehaviour = {
  variant: 'strict',
  resultCap: STRICT_RESULT_CAP,
  crossScriptSearch: false,
  maxDictionaryLimit: 100,
  repeatedParameter: 'last',
  wrongMethodStatus: 405,
  errors: STRICT_ERRORS,
  views: STRICT_VIEWS,
  // The parameter list's field set, always, with the MX lookup always done; without `smtp` no mailbox
  // probe runs, so `exists` is unknown (null).
  email: (address, smtp) => {
    const result = validateEmail(address, true);
    return {
      email: result.email,
      valid: result.format.valid,
      exists: smtp ? (result.exists ?? false) : null,
      disposable: result.disposable,
      freeProvider: result.freeProvider ?? false,
      mxValid: result.mxValid ?? false,
      riskScore: result.riskScore ?? 0,
      recommendation: result.recommendation ?? 'REVIEW',
    };
  },
};

export function behaviourOf(variant: EmulatorVariant): EmulatorBehaviour {
  return variant === 'strict' ? STRICT_BEHAVIOUR : DEFAULT_BEHAVIOUR;
}
