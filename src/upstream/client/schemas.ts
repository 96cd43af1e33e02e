import { z } from 'zod';
import type {
  BankruptcyEntry,
  DebtorResult,
  ForeignAgentRecord,
  SanctionsRecord,
} from '../../domain/records.js';

/**
 * Response schemas of the Lookup Service, one per table of spec part 2. Objects are loose: the service may
 * add fields without breaking us, and we keep what it sends. Listed fields are strict on type and
 * nullability, because the matching core relies on them (an empty string and a null mean different things
 * in the two watch lists). Formats (dates, timestamps, codes) are not enforced here: the spec states them
 * as conventions, and rejecting a whole answer over a date format would turn a usable record into a retry
 * loop. test/integration/registry/schema.test.ts checks the formats of the emulator separately.
 */

const str = z.string();
const int = z.number().int();

/**
 * A string field that another implementation of the service may send as null or leave out. The tolerant
 * schemas below read it as '' (what the contract writes for an absent value in these registers), and the
 * client reports every field it had to read this way (docs/lookup-service.md). Only strings are read
 * tolerantly: a number where a string is expected (an INN as a JSON number has lost any leading zero) or
 * a null boolean stays malformed, because guessing would decide about a client on a value nobody sent.
 */
const lenientStr = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** The same object with every listed string field lenient. */
function lenientStrings<Shape extends Record<string, z.ZodType>>(
  shape: Shape,
): { [K in keyof Shape]: Shape[K] extends z.ZodString ? typeof lenientStr : Shape[K] } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, type]) => [key, type instanceof z.ZodString ? lenientStr : type]),
  ) as { [K in keyof Shape]: Shape[K] extends z.ZodString ? typeof lenientStr : Shape[K] };
}

// ---------------------------------------------------------------- 2.1 / 2.2 dictionaries

export const dictionarySummarySchema = z.looseObject({ name: str, description: str });
export const dictionaryListSchema = z.array(dictionarySummarySchema);

/** Only the banks dictionary has a published item shape; other items are kept as plain objects. */
export const bankItemSchema = z.looseObject({
  bik: str,
  name: str,
  corrAccount: str,
  city: str,
  address: str,
});
export const dictionaryItemSchema = z.looseObject({});

function dictionaryPageEnvelope<Item extends z.ZodType>(item: Item) {
  return z.looseObject({
    // A 200 that says it failed is not an answer we can use; see docs/registry-client.md.
    success: z.literal(true),
    data: z.looseObject({
      name: str,
      total: int.nonnegative(),
      limit: int.nonnegative(),
      offset: int.nonnegative(),
      items: z.array(item),
    }),
  });
}
export const bankPageEnvelopeSchema = dictionaryPageEnvelope(bankItemSchema);
export const dictionaryPageEnvelopeSchema = dictionaryPageEnvelope(dictionaryItemSchema);

// ---------------------------------------------------------------- 2.3 foreign agents

const foreignAgentDataShape = {
  bik: str,
  inn: str,
  name: str,
  ogrn: str,
  added: str,
  snils: str,
  address: str,
  bank_name: str,
  agent_type: str,
  birth_date: str,
  violated_act: str,
  source_domen_names: str,
  registration_number: str,
  date_of_bank_agreement: str,
  participants_full_name: str,
  special_account_number: str,
  decision_publication_date: str,
  special_account_open_date: str,
  correspondent_account_number: str,
};
export const foreignAgentDataSchema = z.looseObject(foreignAgentDataShape);
export const foreignAgentRecordSchema = z.looseObject({
  source: z.literal('minjust_foreign_agent'),
  data: foreignAgentDataSchema,
  added_at: str,
  updated_at: str,
});
export const foreignAgentListSchema = z.array(foreignAgentRecordSchema);
/** Null or missing data fields and timestamps read as ''. */
export const foreignAgentListTolerantSchema = z.array(
  z.looseObject({
    source: z.literal('minjust_foreign_agent'),
    data: z.looseObject(lenientStrings(foreignAgentDataShape)),
    added_at: lenientStr,
    updated_at: lenientStr,
  }),
);

// ---------------------------------------------------------------- 2.4 sanctions

export const sanctionsDataSchema = z.looseObject({
  name: str,
  name_local: str.nullable(),
  edrpou: str.nullable(),
  address: str.nullable(),
  birth_date: str.nullable(),
  birth_place: str.nullable(),
  entity_type: z.enum(['person', 'organization']),
});
export const sanctionsRecordSchema = z.looseObject({
  source: z.literal('sanctions'),
  data: sanctionsDataSchema,
  added_at: str,
  updated_at: str,
});
export const sanctionsListSchema = z.array(sanctionsRecordSchema);

// ---------------------------------------------------------------- 2.5 bankruptcy

const bankruptcyStatusShape = { code: str, description: str, date: str };
const bankruptcyCaseShape = { number: str, arbitrManagerFio: str };
const bankruptcyEntryShape = {
  category: str,
  region: str,
  address: str,
  guid: str,
  name: str,
  ogrn: str,
  inn: str,
  statusUpdateDate: str,
  status: str,
  isActive: z.boolean(),
};
export const bankruptcyEntrySchema = z.looseObject({
  ...bankruptcyEntryShape,
  lastLegalCase: z.looseObject({
    ...bankruptcyCaseShape,
    status: z.looseObject(bankruptcyStatusShape),
  }),
});
export const bankruptcyListSchema = z.array(bankruptcyEntrySchema);

/** An object the contract always sends that another service may send as null or leave out: read as empty. */
function lenientObject<Shape extends Record<string, z.ZodType>>(shape: Shape) {
  const object = z.looseObject(shape);
  return z
    .looseObject(shape)
    .nullish()
    .transform((value) => value ?? object.parse({}));
}

/**
 * Null or missing strings read as '', a null or missing case or case status as one of empty strings.
 * `isActive` stays strict: false would silence an active case.
 */
export const bankruptcyListTolerantSchema = z.array(
  z.looseObject({
    ...lenientStrings(bankruptcyEntryShape),
    lastLegalCase: lenientObject({
      ...lenientStrings(bankruptcyCaseShape),
      status: lenientObject(lenientStrings(bankruptcyStatusShape)),
    }),
  }),
);

// ---------------------------------------------------------------- 2.6 debtor

const debtorShape = {
  snils: str,
  category: str,
  region: str,
  address: str,
  fio: str,
  inn: str,
  extrajudicialBankruptcy: str,
};
const debtorCaseShape = { number: str, managerFio: str, description: str, date: str };
export const debtorResultSchema = z.looseObject({
  ...debtorShape,
  legalCase: z.looseObject(debtorCaseShape),
  message: str.nullable(),
});
/**
 * Null or missing strings read as '', a null or missing `legalCase` as one of empty strings, a missing
 * `message` as null. The verdict never reads an answer left empty this way as CLEAR (DEBTOR_EMPTY_ANSWER).
 */
export const debtorResultTolerantSchema = z.looseObject({
  ...lenientStrings(debtorShape),
  legalCase: lenientObject(lenientStrings(debtorCaseShape)),
  message: str.nullish().transform((value) => value ?? null),
});

// ---------------------------------------------------------------- 2.7 e-mail

/** Fields both published field sets of 2.7 name. */
const EMAIL_COMMON = { email: str, valid: z.boolean(), disposable: z.boolean() };

/** The field set of the spec's sample response. */
const EMAIL_SAMPLE_SET = {
  format: z.looseObject({ valid: z.boolean(), local: str, domain: str }),
  mx: z.looseObject({ checked: z.boolean(), valid: z.boolean(), records: z.array(str) }),
  role: z.boolean(),
};

/** The field set of the spec's parameter list of the same operation. */
const EMAIL_PARAMETER_SET = {
  exists: z.boolean(),
  freeProvider: z.boolean(),
  mxValid: z.boolean(),
  riskScore: z.number().min(0).max(1),
  recommendation: z.enum(['ALLOW', 'REVIEW', 'DECLINE']),
};

const EMAIL_SETS = {
  sample: Object.keys(EMAIL_SAMPLE_SET),
  'parameter-list': Object.keys(EMAIL_PARAMETER_SET),
} as const;

/**
 * The spec publishes two field sets for this answer and does not say which comes when. Each set is
 * all-or-nothing: a set that is partly present is malformed, and at least one set must be present,
 * since the common fields alone say nothing the caller can act on.
 */
export const emailValidationSchema = z
  .looseObject({
    ...EMAIL_COMMON,
    format: EMAIL_SAMPLE_SET.format.optional(),
    mx: EMAIL_SAMPLE_SET.mx.optional(),
    role: EMAIL_SAMPLE_SET.role.optional(),
    exists: EMAIL_PARAMETER_SET.exists.optional(),
    freeProvider: EMAIL_PARAMETER_SET.freeProvider.optional(),
    mxValid: EMAIL_PARAMETER_SET.mxValid.optional(),
    riskScore: EMAIL_PARAMETER_SET.riskScore.optional(),
    recommendation: EMAIL_PARAMETER_SET.recommendation.optional(),
  })
  .superRefine((value, ctx) => {
    let present = 0;
    for (const [set, keys] of Object.entries(EMAIL_SETS)) {
      const missing = keys.filter((key) => value[key] === undefined);
      if (missing.length === keys.length) continue;
      present++;
      for (const key of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `required by the ${set} field set, of which other fields are present`,
        });
      }
    }
    if (present === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message:
          'neither the sample field set (format, mx, role) nor the parameter-list field set (exists, freeProvider, mxValid, riskScore, recommendation) is present',
      });
    }
  });

export const emailEnvelopeSchema = z.looseObject({
  success: z.literal(true),
  data: emailValidationSchema,
});

// ---------------------------------------------------------------- 2.8 card

export const PAYMENT_SYSTEMS = [
  'VISA',
  'MASTERCARD',
  'MIR',
  'MAESTRO',
  'AMEX',
  'UNIONPAY',
  'UNKNOWN',
] as const;
export const CARD_TYPES = ['DEBIT', 'CREDIT', 'PREPAID', 'UNKNOWN'] as const;

export const cardDataSchema = z.looseObject({
  card: str,
  bin: str,
  paymentSystem: z.enum(PAYMENT_SYSTEMS),
  bank: str,
  bankPhone: str,
  bankUrl: str,
  cardType: z.enum(CARD_TYPES),
  country: str,
  countryCode: str,
  brand: str,
  message: str,
  valid: z.boolean(),
});

// ---------------------------------------------------------------- 2.9 cadastral

export const CADASTRAL_SOURCE_STATES = ['checked', 'error', 'skipped'] as const;
const sourceState = z.enum(CADASTRAL_SOURCE_STATES);

const nspdDataSchema = z.looseObject({
  cadastral_number: str,
  area_type: int,
  address: str,
  status: str,
  object_type: str,
  category: str,
  permitted_use: str.nullable(),
  area: z.looseObject({ value: z.number(), unit: str }),
  cadastral_cost: z.looseObject({ value: z.number(), per_sqm: z.number(), date: str.nullable() }),
  cadastral_registration_date: str,
  building: z.looseObject({
    floors: int,
    floor_number: int,
    underground_floors: int,
    wall_material: str,
    built_year: int,
    name: str,
    purpose: str,
    parent_cad_number: str,
  }),
  encumbrances: z.looseObject({ has_encumbrances: z.boolean(), list: z.array(z.unknown()) }),
  rights: z.array(z.unknown()),
  location: z.looseObject({ center_lat: z.number(), center_lon: z.number() }),
  geojson: z.looseObject({
    type: z.literal('Feature'),
    geometry: z.looseObject({
      bbox: z.array(z.number()).nullable(),
      type: z.literal('Point'),
      // GeoJSON order: longitude, then latitude.
      coordinates: z.tuple([z.number(), z.number()]),
    }),
    properties: z.looseObject({ cadastral_number: str }),
  }),
  error: z.null(),
});

/**
 * Spec part 7: a failing source is reported inside its own object with the failure text in `error`. What
 * the other fields of a failed source hold is not shown, so a failed source is only required to carry
 * that text.
 */
const failedSourceSchema = z.looseObject({ error: str });

export const nspdSchema = z.union([nspdDataSchema, failedSourceSchema]);

/**
 * The spec gives the types of filled values only for the fields typed here; for the rest the key must be
 * present and any value, null included, is accepted.
 */
const nullableUnknown = z.unknown();
export const rosreestrSpravSchema = z.looseObject({
  cadastral_number: str.nullable(),
  status: nullableUnknown,
  obj_type: nullableUnknown,
  area: nullableUnknown,
  address: nullableUnknown,
  address_parts: nullableUnknown,
  reg_date: nullableUnknown,
  cancel_date: nullableUnknown,
  info_update_date: nullableUnknown,
  cadastral_cost: nullableUnknown,
  floor: nullableUnknown,
  purpose: nullableUnknown,
  wall_material: nullableUnknown,
  build_year: nullableUnknown,
  commissioning_year: nullableUnknown,
  land_category: nullableUnknown,
  permitted_use: nullableUnknown,
  permitted_use_by_doc: nullableUnknown,
  cad_engineer: nullableUnknown,
  has_encumbrances: z.boolean().nullable(),
  encumbrances_count: nullableUnknown,
  encumbrances: z.array(z.unknown()).nullable(),
  rights_count: nullableUnknown,
  rights: z.array(z.unknown()).nullable(),
  old_numbers: nullableUnknown,
  parent_cad_number: nullableUnknown,
  child_cad_numbers: nullableUnknown,
  source: str.nullable(),
  error: str.nullable(),
});

export const fsspSchema = z.looseObject({
  skipped: z.boolean(),
  reason: str,
  has_active_proceedings: z.boolean().nullable(),
  count: int.nullable(),
  proceedings: z.array(z.unknown()).nullable(),
  source: str.nullable(),
  error: str.nullable(),
});

export const cadastralReportSchema = z.looseObject({
  cadastral_number: str,
  summary: z.looseObject({
    has_encumbrances: z.boolean().nullable(),
    has_active_fssp: z.boolean().nullable(),
    sources: z.looseObject({ nspd: sourceState, rosreestr_sprav: sourceState, fssp: sourceState }),
    note: str,
  }),
  nspd: nspdSchema,
  rosreestr_sprav: rosreestrSpravSchema,
  fssp: fsspSchema,
});

// ---------------------------------------------------------------- types

export type DictionarySummary = z.infer<typeof dictionarySummarySchema>;
export type BankItem = z.infer<typeof bankItemSchema>;
/** An item of a dictionary whose shape the spec does not show. */
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;
/** The `data` of the dictionary values envelope (2.2). */
export interface DictionaryPage<Item> {
  readonly name: string;
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly items: readonly Item[];
}
/** The `data` of the e-mail validation envelope (2.7); the fields of a set that is absent are undefined. */
export type EmailValidation = z.infer<typeof emailValidationSchema>;
export type PaymentSystem = (typeof PAYMENT_SYSTEMS)[number];
export type CardType = (typeof CARD_TYPES)[number];
export type CardData = z.infer<typeof cardDataSchema>;
export type CadastralSourceState = (typeof CADASTRAL_SOURCE_STATES)[number];
export type CadastralReport = z.infer<typeof cadastralReportSchema>;

// The client returns the domain's types; these fail to compile when a schema and its domain type drift.
type AssertAssignable<_Actual extends Expected, Expected> = true;
type _RegisterSchemasMatchDomain = [
  AssertAssignable<z.infer<typeof foreignAgentRecordSchema>, ForeignAgentRecord>,
  AssertAssignable<z.infer<typeof sanctionsRecordSchema>, SanctionsRecord>,
  AssertAssignable<z.infer<typeof bankruptcyEntrySchema>, BankruptcyEntry>,
  AssertAssignable<z.infer<typeof debtorResultSchema>, DebtorResult>,
  AssertAssignable<z.output<typeof foreignAgentListTolerantSchema>[number], ForeignAgentRecord>,
  AssertAssignable<z.output<typeof bankruptcyListTolerantSchema>[number], BankruptcyEntry>,
  AssertAssignable<z.output<typeof debtorResultTolerantSchema>, DebtorResult>,
  AssertAssignable<z.infer<typeof bankPageEnvelopeSchema>['data'], DictionaryPage<BankItem>>,
  AssertAssignable<z.infer<typeof dictionaryPageEnvelopeSchema>['data'], DictionaryPage<DictionaryItem>>,
];
