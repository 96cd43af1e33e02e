/**
 * All registers the emulator serves, generated from one seed. Each register draws from its own random
 * stream, so the same seed gives byte-identical registers, and changing one generator leaves the others
 * as they were.
 */
import type {
  BankruptcyEntry,
  DebtorResult,
  ForeignAgentRecord,
  SanctionsRecord,
} from '@kyc-screen/lookup-contract';
import { NameSource } from '../names.js';
import { Random } from '../random.js';
import { generateBailiffs, type BailiffRecord } from './bailiffs.js';
import { generateBankruptcy } from './bankruptcy.js';
import { generateBanks, type BankItem } from './banks.js';
import { generateCadastralObjects, type CadastralObject } from './cadastral-objects.js';
import type { GeneratorContext } from './context.js';
import { generateDebtors } from './debtors.js';
import { generateForeignAgents } from './foreign-agents.js';
import { IdentifierAllocator } from './identifiers.js';
import { loadPlanted, type PlantedSet } from './planted.js';
import { generateSanctions } from './sanctions.js';

export type { BankItem } from './banks.js';
export type { CadastralObject } from './cadastral-objects.js';
export type { BailiffRecord, Proceeding } from './bailiffs.js';
export { DEBTOR_NOT_FOUND_MESSAGE } from './debtors.js';

/** Generated records per register, on top of the planted ones. */
export const REGISTER_SIZES = {
  foreignAgents: 620,
  sanctions: 5200,
  bankruptcy: 5200,
  /** Total debtors including the planted ones. */
  debtors: 3000,
  cadastral: 240,
} as const;

export interface Registers {
  readonly seed: number;
  readonly foreignAgents: readonly ForeignAgentRecord[];
  readonly sanctions: readonly SanctionsRecord[];
  readonly bankruptcy: readonly BankruptcyEntry[];
  readonly debtors: ReadonlyMap<string, DebtorResult>;
  readonly cadastral: readonly CadastralObject[];
  readonly banks: readonly BankItem[];
  /** Enforcement proceedings keyed by `nameKey(owner)`. */
  readonly bailiffs: ReadonlyMap<string, BailiffRecord>;
  readonly planted: PlantedSet;
}

/** Generates the registers of a seed afresh. */
export function buildRegisters(seed: number, planted: PlantedSet = loadPlanted()): Registers {
  const taken = new Set(planted.reservedIdentifiers);
  const names = new NameSource({ reservedSurnames: planted.reservedSurnames });
  const banks = generateBanks(Random.stream(seed, 'banks'));
  const usableBanks = banks.filter((bank) => !planted.reservedBiks.has(bank.bik));
  const context = (label: string): GeneratorContext => {
    const rng = Random.stream(seed, label);
    return { rng, ids: new IdentifierAllocator(rng, taken), names, guard: planted.guard, banks: usableBanks };
  };

  const foreignAgents = generateForeignAgents(
    context('foreign-agents'),
    planted.foreignAgents,
    REGISTER_SIZES.foreignAgents,
  );
  const sanctions = generateSanctions(context('sanctions'), planted.sanctions, REGISTER_SIZES.sanctions);
  const bankruptcy = generateBankruptcy(context('bankruptcy'), planted.bankruptcy, REGISTER_SIZES.bankruptcy);
  // Planted bankruptcy entries stay out of the debtor join: their sample clients expect their own
  // verdicts (one of them CLEAR), which an extra debtor hit would change.
  const debtors = generateDebtors(
    context('debtors'),
    planted.debtors,
    bankruptcy.slice(planted.bankruptcy.length),
    REGISTER_SIZES.debtors,
  );
  const cadastral = generateCadastralObjects(context('cadastral'), REGISTER_SIZES.cadastral);
  const bailiffs = generateBailiffs(context('bailiffs'), debtors.values());
  return { seed, foreignAgents, sanctions, bankruptcy, debtors, cadastral, banks, bailiffs, planted };
}

const cache = new Map<number, Registers>();

/**
 * The registers of a seed, generated once per process: test suites start many emulators with the same
 * seed, and the registers are never mutated.
 */
export function generateRegisters(seed: number): Registers {
  let registers = cache.get(seed);
  if (registers === undefined) {
    registers = buildRegisters(seed);
    cache.set(seed, registers);
  }
  return registers;
}
