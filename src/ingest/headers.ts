import { KycError } from '../errors.js';
import { parseBirthDate } from './dates.js';
import { checkInn, checkRegistrationNumber, checkSnils } from './fields.js';
import type { ColumnMapping, LogicalField } from './types.js';

/**
 * Header cells are compared folded: case, ё/е, spaces and punctuation do not count, so "Дата рождения",
 * "ДАТА_РОЖДЕНИЯ" and "дата  рождения:" are one name. The alias lists below are written readably and
 * folded once at load.
 */
export function foldHeader(cell: string): string {
  return cell
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const ALIASES: Readonly<Record<LogicalField, readonly string[]>> = {
  clientId: [
    'id',
    'client id',
    'customer id',
    'client code',
    'customer code',
    'client number',
    'client no',
    'external id',
    'код',
    'код клиента',
    'ид',
    'ид клиента',
    'id клиента',
    'идентификатор',
    'идентификатор клиента',
    'номер клиента',
    'уникальный номер клиента',
    'клиент id',
    'код id клиента',
  ],
  fullName: [
    'name',
    'full name',
    'client name',
    'customer name',
    'client',
    'customer',
    'legal name',
    'company name',
    'organization name',
    'fio',
    'ФИО',
    'ФИО клиента',
    'ФИО полностью',
    'ФИО/Наименование',
    'Наименование/ФИО',
    'ФИО или наименование',
    'Наименование или ФИО',
    'Наименование',
    'Наименование клиента',
    'Полное наименование',
    'Наименование организации',
    'Название',
    'Клиент',
    'Имя клиента',
    'Полное имя',
  ],
  surname: ['surname', 'last name', 'family name', 'familiya', 'Фамилия', 'Фамилия клиента'],
  given: ['first name', 'given name', 'given', 'forename', 'imya', 'Имя'],
  patronymic: ['patronymic', 'middle name', 'otchestvo', 'Отчество'],
  birthDate: [
    'birth date',
    'date of birth',
    'dob',
    'birthday',
    'born',
    'Дата рождения',
    'Дата рожд',
    'Д/Р',
    'Д.р.',
    'Дата рождения клиента',
    'birth',
  ],
  inn: [
    'inn',
    'tin',
    'tax id',
    'taxpayer id',
    'tax number',
    'client inn',
    'customer inn',
    'ИНН',
    'ИНН клиента',
    'ИНН/КИО',
    'ИНН/КПП',
    'Номер ИНН',
    'ИНН организации',
  ],
  ogrn: [
    'ogrn',
    'psrn',
    'ОГРН',
    'ОГРН/ОГРНИП',
    'ОГРН ОГРНИП',
    'ОГРН (ОГРНИП)',
    'Основной государственный регистрационный номер',
  ],
  ogrnip: ['ogrnip', 'psrnie', 'ОГРНИП'],
  snils: ['snils', 'СНИЛС', 'Номер СНИЛС', 'Страховой номер', 'Страховое свидетельство'],
  entityType: [
    'entity type',
    'type',
    'client type',
    'customer type',
    'legal type',
    'Тип',
    'Тип клиента',
    'Тип лица',
    'Вид лица',
    'Вид клиента',
    'Категория',
    'Категория клиента',
    'Правовой статус',
    'ФЛ/ЮЛ',
  ],
  address: [
    'address',
    'registered address',
    'legal address',
    'Адрес',
    'Адрес регистрации',
    'Адрес проживания',
    'Адрес места жительства',
    'Юридический адрес',
    'Место нахождения',
    'Местонахождение',
  ],
  email: [
    'email',
    'mail',
    'email address',
    'Электронная почта',
    'Эл. почта',
    'Почта',
    'Адрес электронной почты',
    'Емейл',
  ],
  card: ['card', 'card number', 'card no', 'pan', 'Номер карты', 'Карта', 'Номер банковской карты'],
  cadastralNumber: [
    'cadastral number',
    'cadastral',
    'cadastral no',
    'Кадастровый номер',
    'Кад номер',
    'Кадастровый номер объекта',
  ],
  ownerName: [
    'owner',
    'owner name',
    'owner full name',
    'Собственник',
    'ФИО собственника',
    'Правообладатель',
    'Владелец',
  ],
};

/**
 * Header words that say whose column it is rather than what it holds (`ИНН физ. лица`, `ИНН ЮЛ`) or are
 * filler (`Date of birth`): dropped before the word sets are compared.
 */
const NOISE_WORDS: ReadonlySet<string> = new Set([
  'физ',
  'юр',
  'физического',
  'юридического',
  'лица',
  'лицо',
  'фл',
  'юл',
  'of',
  'the',
]);

/** Word forms folded onto one: `№`, `No` and `номер`; `клиента` and `клиент`; `рожд` and `рождения`. */
const WORD_FORMS: ReadonlyMap<string, string> = new Map([
  ['№', 'номер'],
  ['no', 'номер'],
  ['nr', 'номер'],
  ['number', 'номер'],
  ['клиента', 'клиент'],
  ['client', 'клиент'],
  ['customer', 'клиент'],
  ['рожд', 'рождения'],
  ['организации', 'организация'],
  ['наименования', 'наименование'],
]);

/**
 * The words of a header as a set: case, ё, punctuation, word order, noise words and a few word forms do
 * not count, so `Клиент ID` = `ID клиента` and `ИНН физ. лица` = `ИНН`. Undefined when nothing is left.
 */
export function headerWords(cell: string): string | undefined {
  const words = cell
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/№/g, ' № ')
    .split(/[^\p{L}\p{N}№]+/u)
    .filter((w) => w !== '' && !NOISE_WORDS.has(w))
    .map((w) => WORD_FORMS.get(w) ?? w);
  if (words.length === 0) return undefined;
  return [...new Set(words)].sort().join(' ');
}

/** BIK has no place in the Client; its column is found only to warn about a malformed value. */
const BIK_ALIASES = ['bik', 'bic', 'БИК', 'БИК банка'];

const ALIAS_INDEX: ReadonlyMap<string, LogicalField> = new Map(
  (Object.entries(ALIASES) as [LogicalField, readonly string[]][]).flatMap(([field, aliases]) =>
    aliases.map((alias) => [foldHeader(alias), field] as const),
  ),
);
const BIK_KEYS: ReadonlySet<string> = new Set(BIK_ALIASES.map(foldHeader));

/** Word sets of the aliases; a set two fields share would be a guess, and is left out. */
const WORDS_INDEX: ReadonlyMap<string, LogicalField> = (() => {
  const index = new Map<string, LogicalField | null>();
  for (const [field, aliases] of Object.entries(ALIASES) as [LogicalField, readonly string[]][]) {
    for (const alias of aliases) {
      const key = headerWords(alias);
      if (key === undefined) continue;
      const known = index.get(key);
      index.set(key, known === undefined || known === field ? field : null);
    }
  }
  return new Map([...index].filter((e): e is [string, LogicalField] => e[1] !== null));
})();

/** The field a header names: by its folded spelling, else by its set of words. */
function fieldOfHeader(cell: string, folded: string): LogicalField | undefined {
  const exact = ALIAS_INDEX.get(folded);
  if (exact !== undefined) return exact;
  const words = headerWords(cell);
  return words === undefined ? undefined : WORDS_INDEX.get(words);
}

/** The accepted header names of a field, as written in the table above (for docs and messages). */
export function aliasesOf(field: LogicalField): readonly string[] {
  return ALIASES[field];
}

/** Columns that let a row be screened at all: a name or an identifier. */
const KEY_FIELDS: readonly LogicalField[] = [
  'fullName',
  'surname',
  'given',
  'inn',
  'ogrn',
  'ogrnip',
  'snils',
];

export interface HeaderMap {
  readonly mapping: ColumnMapping;
  /** Index of a BIK column, checked for format only. */
  readonly bik: number | undefined;
}

/**
 * Maps header cells to logical fields. Columns named in `override` (the `columns` option) are taken
 * first and exactly; the rest are found by alias, the first matching column winning when two columns
 * mean the same field. Unmapped columns are simply passed through by the caller.
 */
export function mapHeader(
  columns: readonly string[],
  override: Partial<Record<LogicalField, string>>,
): HeaderMap {
  const keys = columns.map(foldHeader);
  const mapping: ColumnMapping = {};
  const taken = new Set<number>();
  for (const [field, name] of Object.entries(override) as [LogicalField, string | undefined][]) {
    if (name === undefined) continue;
    const wanted = foldHeader(name);
    const index = wanted === '' ? -1 : keys.indexOf(wanted);
    if (index < 0) {
      throw new KycError(
        'KYC_ERR_INPUT_COLUMNS',
        `column "${name}" (for ${field}) is not in the header: ${columns.map((c) => JSON.stringify(c)).join(', ')}`,
      );
    }
    mapping[field] = index;
    taken.add(index);
  }
  let bik: number | undefined;
  keys.forEach((key, index) => {
    if (taken.has(index)) return;
    const field = fieldOfHeader(columns[index] ?? '', key);
    if (field !== undefined && mapping[field] === undefined && override[field] === undefined) {
      mapping[field] = index;
    } else if (field === undefined && bik === undefined && BIK_KEYS.has(key)) {
      bik = index;
    }
  });
  return { mapping, bik };
}

export function hasKeyColumn(mapping: ColumnMapping): boolean {
  return KEY_FIELDS.some((field) => mapping[field] !== undefined);
}

/**
 * True when a first line reads like a client rather than a header: it holds a valid identifier or a
 * date. Told apart so that the error says "no header" rather than "no name column".
 */
export function looksLikeData(cells: readonly string[], today: string): boolean {
  return cells.some((cell) => {
    if (checkInn(cell)?.ok || checkSnils(cell)?.ok) return true;
    if (checkRegistrationNumber(cell, 'ogrn')?.ok) return true;
    return parseBirthDate(cell, today)?.ok === true;
  });
}
