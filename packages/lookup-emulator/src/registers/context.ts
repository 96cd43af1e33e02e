/** What every register generator draws from: its own random stream and the shared uniqueness state. */
import { fullName, type NameSource, type PersonName } from '../names.js';
import type { Random } from '../random.js';
import type { BankItem } from './banks.js';
import type { IdentifierAllocator } from './identifiers.js';
import type { NameGuard } from './planted.js';

export interface GeneratorContext {
  readonly rng: Random;
  readonly ids: IdentifierAllocator;
  readonly names: NameSource;
  readonly guard: NameGuard;
  /** Banks generated records may use (the planted records' BIKs excluded). */
  readonly banks: readonly BankItem[];
}

/** Up to this many draws for a name the guard accepts; the pools are large, so hitting it means a bug. */
const MAX_NAME_ATTEMPTS = 1000;

/** Draws from `make` until the guard accepts the name `nameOf` gives. */
export function allowedName<T>(ctx: GeneratorContext, make: () => T, nameOf: (value: T) => string): T {
  for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
    const value = make();
    if (ctx.guard.allows(nameOf(value))) return value;
  }
  throw new Error('no allowed name after many draws: the reserved lists cover the whole name pool');
}

/** A person whose full name the guard accepts. */
export function allowedPerson(ctx: GeneratorContext, gender?: PersonName['gender']): PersonName {
  return allowedName(ctx, () => ctx.names.person(ctx.rng, gender), fullName);
}
