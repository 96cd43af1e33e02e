/**
 * The field tables of spec part 2 written as data, and a checker that walks a JSON value against them. It
 * shares nothing with src/upstream/client/schemas.ts on purpose: the emulator is checked against the spec by a
 * second, independent reading, so a bug in the client's schemas cannot hide a bug in the emulator.
 */

export type JsonKind = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any';

export type Format =
  /** `YYYY-MM-DD`, a day that exists. */
  | 'date'
  /** ISO 8601 date-time without a zone: `YYYY-MM-DDThh:mm:ss`, optional fraction. */
  | 'datetime-local'
  /** Registry timestamps: UTC, fractional seconds, trailing `Z`. */
  | 'utc-timestamp'
  /** Digits separated by colons. */
  | 'cadastral-number';

export interface Field {
  readonly type: JsonKind;
  readonly nullable?: boolean;
  /** The key may be missing (only for the two alternative field sets of 2.7). */
  readonly optional?: boolean;
  readonly format?: Format;
  /** An empty string is accepted besides the format (foreign-agent absent values). */
  readonly orEmpty?: boolean;
  readonly values?: readonly string[];
  readonly fields?: Table;
  readonly items?: Field;
  /** Exact array length (a coordinate pair). */
  readonly length?: number;
  readonly min?: number;
  readonly max?: number;
}
export type Table = Readonly<Record<string, Field>>;

// ------------------------------------------------------------------ builders

const S: Field = { type: 'string' };
const I: Field = { type: 'integer' };
const N: Field = { type: 'number' };
const B: Field = { type: 'boolean' };
const nullable = (field: Field): Field => ({ ...field, nullable: true });
const optional = (field: Field): Field => ({ ...field, optional: true });
const obj = (fields: Table): Field => ({ type: 'object', fields });
const arr = (items: Field = { type: 'any' }): Field => ({ type: 'array', items });
const oneOf = (...values: string[]): Field => ({ type: 'string', values });
const DATE: Field = { type: 'string', format: 'date' };
const DATETIME_LOCAL: Field = { type: 'string', format: 'datetime-local' };
const UTC: Field = { type: 'string', format: 'utc-timestamp' };
const ANY: Field = { type: 'any', nullable: true };

// ------------------------------------------------------------------ spec part 2

/** 2.1 */
export const DICTIONARY_SUMMARY: Table = { name: S, description: S };

/** 2.2 envelope; items are checked separately (their shape is published for Banks only). */
export const DICTIONARY_PAGE: Table = {
  success: B,
  data: obj({ name: S, total: I, limit: I, offset: I, items: arr({ type: 'object' }) }),
};

/** 2.2, item of the banks dictionary. */
export const BANK_ITEM: Table = { bik: S, name: S, corrAccount: S, city: S, address: S };

/** 2.3: every `data` field a string, empty when absent; dates `YYYY-MM-DD` when present. */
const FA_DATE: Field = { ...DATE, orEmpty: true };
export const FOREIGN_AGENT: Table = {
  source: oneOf('minjust_foreign_agent'),
  data: obj({
    bik: S,
    inn: S,
    name: S,
    ogrn: S,
    added: FA_DATE,
    snils: S,
    address: S,
    bank_name: S,
    agent_type: S,
    birth_date: FA_DATE,
    violated_act: S,
    source_domen_names: S,
    registration_number: S,
    date_of_bank_agreement: FA_DATE,
    participants_full_name: S,
    special_account_number: S,
    decision_publication_date: FA_DATE,
    special_account_open_date: FA_DATE,
    correspondent_account_number: S,
  }),
  added_at: UTC,
  updated_at: UTC,
};

/** 2.4 */
export const SANCTIONS: Table = {
  source: oneOf('sanctions'),
  data: obj({
    name: S,
    name_local: nullable(S),
    edrpou: nullable(S),
    address: nullable(S),
    birth_date: nullable(DATE),
    birth_place: nullable(S),
    entity_type: oneOf('person', 'organization'),
  }),
  added_at: UTC,
  updated_at: UTC,
};
export const SANCTIONS_NULLABLE = ['name_local', 'edrpou', 'address', 'birth_date', 'birth_place'] as const;

/** 2.5 */
export const BANKRUPTCY: Table = {
  category: S,
  region: S,
  address: S,
  lastLegalCase: obj({
    number: S,
    arbitrManagerFio: S,
    status: obj({ code: S, description: S, date: DATETIME_LOCAL }),
  }),
  guid: S,
  name: S,
  ogrn: S,
  inn: S,
  statusUpdateDate: DATETIME_LOCAL,
  status: S,
  isActive: B,
};

/**
 * 2.6. The spec types `legalCase.date` as a date-time without zone; a debtor without a legal case (and the
 * no-record answer, which the spec does not show) has empty strings there, which is accepted.
 */
export const DEBTOR: Table = {
  snils: S,
  category: S,
  region: S,
  address: S,
  fio: S,
  inn: S,
  extrajudicialBankruptcy: S,
  legalCase: obj({ number: S, managerFio: S, description: S, date: { ...DATETIME_LOCAL, orEmpty: true } }),
  message: nullable(S),
};

/** 2.7, sample field set and parameter-list field set; each is all-or-nothing (checked by the test). */
export const EMAIL_SAMPLE_SET = ['format', 'mx', 'role'] as const;
export const EMAIL_PARAMETER_SET = [
  'exists',
  'freeProvider',
  'mxValid',
  'riskScore',
  'recommendation',
] as const;
export const EMAIL: Table = {
  success: B,
  data: obj({
    valid: B,
    email: S,
    disposable: B,
    format: optional(obj({ valid: B, local: S, domain: S })),
    mx: optional(obj({ checked: B, valid: B, records: arr(S) })),
    role: optional(B),
    exists: optional(B),
    freeProvider: optional(B),
    mxValid: optional(B),
    riskScore: optional({ ...N, min: 0, max: 1 }),
    recommendation: optional(oneOf('ALLOW', 'REVIEW', 'DECLINE')),
  }),
};

/** 2.8 */
export const CARD: Table = {
  card: S,
  bin: S,
  paymentSystem: oneOf('VISA', 'MASTERCARD', 'MIR', 'MAESTRO', 'AMEX', 'UNIONPAY', 'UNKNOWN'),
  bank: S,
  bankPhone: S,
  bankUrl: S,
  cardType: oneOf('DEBIT', 'CREDIT', 'PREPAID', 'UNKNOWN'),
  country: S,
  countryCode: S,
  brand: S,
  message: S,
  valid: B,
};

/** 2.9 `nspd`, a source that answered (`error` null). */
export const NSPD: Table = {
  cadastral_number: { type: 'string', format: 'cadastral-number' },
  area_type: I,
  address: S,
  status: S,
  object_type: S,
  category: S,
  permitted_use: nullable(S),
  area: obj({ value: N, unit: S }),
  cadastral_cost: obj({ value: N, per_sqm: N, date: nullable(DATE) }),
  cadastral_registration_date: DATE,
  building: obj({
    floors: I,
    floor_number: I,
    underground_floors: I,
    wall_material: S,
    built_year: I,
    name: S,
    purpose: S,
    parent_cad_number: S,
  }),
  encumbrances: obj({ has_encumbrances: B, list: arr() }),
  rights: arr(),
  location: obj({ center_lat: N, center_lon: N }),
  geojson: obj({
    type: oneOf('Feature'),
    geometry: obj({ bbox: nullable(arr(N)), type: oneOf('Point'), coordinates: { ...arr(N), length: 2 } }),
    properties: obj({ cadastral_number: S }),
  }),
  error: nullable(S),
};

/** 2.9 `rosreestr_sprav`: every field nullable; filled types are shown only for the typed ones. */
export const ROSREESTR_SPRAV: Table = {
  cadastral_number: nullable(S),
  status: ANY,
  obj_type: ANY,
  area: ANY,
  address: ANY,
  address_parts: ANY,
  reg_date: ANY,
  cancel_date: ANY,
  info_update_date: ANY,
  cadastral_cost: ANY,
  floor: ANY,
  purpose: ANY,
  wall_material: ANY,
  build_year: ANY,
  commissioning_year: ANY,
  land_category: ANY,
  permitted_use: ANY,
  permitted_use_by_doc: ANY,
  cad_engineer: ANY,
  has_encumbrances: nullable(B),
  encumbrances_count: ANY,
  encumbrances: nullable(arr()),
  rights_count: ANY,
  rights: nullable(arr()),
  old_numbers: ANY,
  parent_cad_number: ANY,
  child_cad_numbers: ANY,
  source: nullable(S),
  error: nullable(S),
};

/** 2.9 `fssp` */
export const FSSP: Table = {
  skipped: B,
  reason: S,
  has_active_proceedings: nullable(B),
  count: nullable(I),
  proceedings: nullable(arr()),
  source: nullable(S),
  error: nullable(S),
};

const SOURCE_STATE = oneOf('checked', 'error', 'skipped');

/** 2.9 top level; `nspd` is checked by the test (full table or, for a failed source, `error` text). */
export const CADASTRAL: Table = {
  cadastral_number: { type: 'string', format: 'cadastral-number' },
  summary: obj({
    has_encumbrances: nullable(B),
    has_active_fssp: nullable(B),
    sources: obj({ nspd: SOURCE_STATE, rosreestr_sprav: SOURCE_STATE, fssp: SOURCE_STATE }),
    note: S,
  }),
  nspd: { type: 'object' },
  rosreestr_sprav: obj(ROSREESTR_SPRAV),
  fssp: obj(FSSP),
};

// ------------------------------------------------------------------ checker

const FORMATS: Readonly<Record<Format, (value: string) => boolean>> = {
  date: isRealDate,
  'datetime-local': (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(v) && isRealDate(v.slice(0, 10)),
  'utc-timestamp': (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/.test(v) &&
    isRealDate(v.slice(0, 10)) &&
    !Number.isNaN(Date.parse(v)),
  'cadastral-number': (v) => /^\d+(:\d+)+$/.test(v),
};

function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Every deviation of `value` from `table`, as `path: problem`; empty when it conforms. */
export function checkTable(table: Table, value: unknown, path = ''): string[] {
  if (kindOf(value) !== 'object') return [`${path || 'body'}: expected object, found ${kindOf(value)}`];
  const record = value as Readonly<Record<string, unknown>>;
  const problems: string[] = [];
  for (const [name, field] of Object.entries(table)) {
    const at = path ? `${path}.${name}` : name;
    if (!Object.hasOwn(record, name)) {
      if (!field.optional) problems.push(`${at}: missing`);
      continue;
    }
    problems.push(...checkField(field, record[name], at));
  }
  return problems;
}

export function checkField(field: Field, value: unknown, at: string): string[] {
  const kind = kindOf(value);
  if (kind === 'null') return field.nullable ? [] : [`${at}: null where the spec allows none`];
  if (field.type === 'any') return [];
  const typeOk = field.type === 'number' ? kind === 'number' || kind === 'integer' : kind === field.type;
  if (!typeOk) return [`${at}: expected ${field.type}, found ${kind}`];
  const problems: string[] = [];
  if (typeof value === 'string') {
    if (field.values && !field.values.includes(value))
      problems.push(`${at}: ${JSON.stringify(value)} not in ${field.values.join('|')}`);
    if (field.format && !(field.orEmpty && value === '') && !FORMATS[field.format](value)) {
      problems.push(`${at}: ${JSON.stringify(value)} is not ${field.format}`);
    }
  }
  if (typeof value === 'number') {
    if (field.min !== undefined && value < field.min) problems.push(`${at}: ${value} below ${field.min}`);
    if (field.max !== undefined && value > field.max) problems.push(`${at}: ${value} above ${field.max}`);
  }
  if (field.fields) problems.push(...checkTable(field.fields, value, at));
  if (Array.isArray(value)) {
    if (field.length !== undefined && value.length !== field.length) {
      problems.push(`${at}: ${value.length} elements, expected ${field.length}`);
    }
    if (field.items)
      value.forEach((item, i) => problems.push(...checkField(field.items as Field, item, `${at}[${i}]`)));
  }
  return problems;
}

/** Problems of every element of a JSON array answer. */
export function checkEach(table: Table, value: unknown): string[] {
  if (!Array.isArray(value)) return [`body: expected array, found ${kindOf(value)}`];
  return value.flatMap((item, i) => checkTable(table, item, `[${i}]`));
}
