/**
 * The planted records of packages/lookup-emulator/data/planted.json and everything they reserve. Sample clients are
 * written against this file: each planted record must be served exactly, and no generated record may
 * collide with a planted one or with a clean sample client (reserved surnames, organization words and
 * clean identifiers).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  FOREIGN_AGENT_FIELDS,
  type BankruptcyEntry,
  type DebtorResult,
  type ForeignAgentData,
  type SanctionsData,
} from '@kyc-screen/lookup-contract';
import { EmulatorError } from '../errors.js';
import { fold, nameKey, wordSequence } from '../text.js';
import { transliterate } from '../transliterate.js';

const foreignAgentRecord = z
  .partialRecord(z.enum(FOREIGN_AGENT_FIELDS), z.string())
  .refine((record) => typeof record.name === 'string' && record.name !== '', { error: 'name is required' });

const sanctionsRecord = z.strictObject({
  name: z.string().min(1),
  name_local: z.string().nullable().optional(),
  edrpou: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  birth_date: z.string().nullable().optional(),
  birth_place: z.string().nullable().optional(),
  entity_type: z.enum(['person', 'organization']),
});

const bankruptcyRecord = z.strictObject({
  category: z.string(),
  region: z.string(),
  address: z.string(),
  lastLegalCase: z.strictObject({
    number: z.string(),
    arbitrManagerFio: z.string(),
    status: z.strictObject({ code: z.string(), description: z.string(), date: z.string() }),
  }),
  guid: z.string(),
  name: z.string().min(1),
  ogrn: z.string(),
  inn: z.string(),
  statusUpdateDate: z.string(),
  status: z.string(),
  isActive: z.boolean(),
});

const debtorRecord = z.strictObject({
  snils: z.string(),
  category: z.string(),
  region: z.string(),
  address: z.string(),
  fio: z.string(),
  inn: z.string().regex(/^\d{12}$/),
  extrajudicialBankruptcy: z.string(),
  legalCase: z.strictObject({
    number: z.string(),
    managerFio: z.string(),
    description: z.string(),
    date: z.string(),
  }),
  message: z.string().nullable(),
});

const client = z.looseObject({
  name: z.string().optional(),
  inn: z.string().optional(),
  ogrn: z.string().optional(),
  ogrnip: z.string().optional(),
  snils: z.string().optional(),
});

const entry = <R extends string, T extends z.ZodType>(register: R, record: T) =>
  z.looseObject({ id: z.string(), register: z.literal(register), record, client: client.optional() });

const plantedFile = z.looseObject({
  reservedSurnames: z.array(z.tuple([z.string(), z.string()])),
  reservedOrganizationWords: z.array(z.string()),
  planted: z.array(
    z.discriminatedUnion('register', [
      entry('minjust_foreign_agent', foreignAgentRecord),
      entry('sanctions', sanctionsRecord),
      entry('bankruptcy', bankruptcyRecord),
      entry('debtor', debtorRecord),
    ]),
  ),
  cleanIdentifiers: z.looseObject({
    inn10: z.array(z.string()).default([]),
    inn12: z.array(z.string()).default([]),
    ogrn: z.array(z.string()).default([]),
    ogrnip: z.array(z.string()).default([]),
    snils: z.array(z.string()).default([]),
  }),
});

export interface Planted<T> {
  readonly id: string;
  readonly data: T;
}

export interface PlantedSet {
  readonly foreignAgents: readonly Planted<ForeignAgentData>[];
  readonly sanctions: readonly Planted<SanctionsData>[];
  readonly bankruptcy: readonly Planted<BankruptcyEntry>[];
  readonly debtors: readonly Planted<DebtorResult>[];
  /** Folded surnames, both gender forms. */
  readonly reservedSurnames: ReadonlySet<string>;
  /** Identifier values generated records must not take: clean ones and every planted or client one. */
  readonly reservedIdentifiers: ReadonlySet<string>;
  /** BIKs of planted records: generated records bank elsewhere, so a BIK search finds only the planted. */
  readonly reservedBiks: ReadonlySet<string>;
  readonly guard: NameGuard;
}

/**
 * Decides whether a generated name may be used: no reserved surname, no reserved organization word
 * (Cyrillic or Latin), and not the same name as a planted record in any word order.
 */
export class NameGuard {
  private readonly phrases: readonly string[];

  constructor(
    private readonly surnames: ReadonlySet<string>,
    organizationWords: readonly string[],
    private readonly plantedKeys: ReadonlySet<string>,
  ) {
    const phrases = new Set<string>();
    for (const word of organizationWords) {
      for (const spelling of [word, transliterate(word, 'icao'), transliterate(word, 'bgn')]) {
        phrases.add(` ${wordSequence(spelling).join(' ')} `);
      }
    }
    this.phrases = [...phrases];
  }

  allows(name: string): boolean {
    const sequence = wordSequence(name);
    for (const word of sequence) if (this.surnames.has(word)) return false;
    const joined = ` ${sequence.join(' ')} `;
    for (const phrase of this.phrases) if (joined.includes(phrase)) return false;
    return !this.plantedKeys.has(nameKey(name));
  }
}

const EMPTY_FOREIGN_AGENT: ForeignAgentData = Object.fromEntries(
  FOREIGN_AGENT_FIELDS.map((field) => [field, '']),
) as unknown as ForeignAgentData;

/** data/planted.json of this package: two folders up from src/registers/ and from dist/registers/ alike. */
export function plantedPath(): string {
  return fileURLToPath(new URL('../../data/planted.json', import.meta.url));
}

/** Reads and validates the planted file; a malformed file stops the emulator with a clear code. */
function readPlantedFile(path: string): z.infer<typeof plantedFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new EmulatorError('KYC_ERR_EMULATOR_PLANTED', path, { cause: error });
  }
  const parsed = plantedFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EmulatorError(
      'KYC_ERR_EMULATOR_PLANTED',
      `${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}

/** The planted records, and what generated records must not take: their identifiers, names and BIKs. */
export function loadPlanted(path: string = plantedPath()): PlantedSet {
  const file = readPlantedFile(path);

  const foreignAgents: Planted<ForeignAgentData>[] = [];
  const sanctions: Planted<SanctionsData>[] = [];
  const bankruptcy: Planted<BankruptcyEntry>[] = [];
  const debtors: Planted<DebtorResult>[] = [];
  const identifiers = new Set<string>(
    Object.values(file.cleanIdentifiers)
      .flat()
      .filter((v) => typeof v === 'string'),
  );
  const biks = new Set<string>();
  const keys = new Set<string>();
  const claim = (...values: (string | null | undefined)[]) => {
    for (const value of values) if (value) identifiers.add(value);
  };

  for (const item of file.planted) {
    claim(item.client?.inn, item.client?.ogrn, item.client?.ogrnip, item.client?.snils);
    switch (item.register) {
      case 'minjust_foreign_agent': {
        const data: ForeignAgentData = {
          ...EMPTY_FOREIGN_AGENT,
          ...item.record,
          name: item.record.name ?? '',
        };
        claim(data.inn, data.ogrn, data.snils, data.registration_number, data.special_account_number);
        if (data.bik) biks.add(data.bik);
        keys.add(nameKey(data.name));
        foreignAgents.push({ id: item.id, data });
        break;
      }
      case 'sanctions': {
        const r = item.record;
        const data: SanctionsData = {
          name: r.name,
          name_local: r.name_local ?? null,
          edrpou: r.edrpou ?? null,
          address: r.address ?? null,
          birth_date: r.birth_date ?? null,
          birth_place: r.birth_place ?? null,
          entity_type: r.entity_type,
        };
        claim(data.edrpou);
        keys.add(nameKey(data.name));
        if (data.name_local) keys.add(nameKey(data.name_local));
        sanctions.push({ id: item.id, data });
        break;
      }
      case 'bankruptcy': {
        const data: BankruptcyEntry = item.record;
        claim(data.inn, data.ogrn, data.guid, data.lastLegalCase.number);
        keys.add(nameKey(data.name));
        bankruptcy.push({ id: item.id, data });
        break;
      }
      case 'debtor': {
        const data: DebtorResult = item.record;
        claim(data.inn, data.snils, data.extrajudicialBankruptcy, data.legalCase.number);
        keys.add(nameKey(data.fio));
        debtors.push({ id: item.id, data });
        break;
      }
    }
    if (item.client?.name) keys.add(nameKey(item.client.name));
  }

  const surnames = new Set(file.reservedSurnames.flat().map(fold));
  return {
    foreignAgents,
    sanctions,
    bankruptcy,
    debtors,
    reservedSurnames: surnames,
    reservedIdentifiers: identifiers,
    reservedBiks: biks,
    guard: new NameGuard(surnames, file.reservedOrganizationWords, keys),
  };
}
