/**
 * Cells of one data row → a Client, or the reason the row cannot be screened. The rule is the one the
 * compliance team can act on: a row is screened whenever it has a usable name or a valid identifier;
 * every field that fails its check is dropped from the Client and reported as a warning on the row.
 */
import type { Client, EntityType, RowIssue } from '../domain/client.js';
import { parseBirthDate } from './dates.js';
import { withoutEntrepreneurForm } from './entrepreneur.js';
import {
  hasOrganizationForm,
  inferEntityType,
  looksLikePersonName,
  parseEntityTypeValue,
} from './entity-type.js';
import {
  checkBik,
  checkCadastralNumber,
  checkCard,
  checkEmail,
  checkRegistrationNumber,
  checkSnils,
  readInnField,
  type FieldCheck,
  type InnField,
} from './fields.js';
import { cleanName, cleanText, hasTwoScriptWord, isUsableName, obfuscationWarning } from './names.js';
import {
  FIELD_LABEL,
  LOGICAL_FIELDS,
  type ColumnMapping,
  type IngestItem,
  type LogicalField,
} from './types.js';

/** Column index of every field, -1 when the file has no such column: resolved once per file. */
type FieldIndex = Readonly<Record<LogicalField, number>>;

export interface RowContext {
  /** Number of header cells; every row must have exactly as many. */
  readonly width: number;
  readonly index: FieldIndex;
  /** A BIK column, checked for format only (the Client has no BIK); -1 when absent. */
  readonly bik: number;
  readonly today: string;
}

export function rowContext(
  width: number,
  mapping: ColumnMapping,
  bik: number | undefined,
  today: string,
): RowContext {
  const index = Object.fromEntries(
    LOGICAL_FIELDS.map((field) => [field, mapping[field] ?? -1]),
  ) as FieldIndex;
  return { width, index, bik: bik ?? -1, today };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const REGISTRATION_COLUMNS = ['ogrn', 'ogrnip'] as const;
type NameParts = Mutable<NonNullable<Client['nameParts']>>;

function at(cells: readonly string[], index: number): string {
  return index < 0 ? '' : (cells[index] ?? '');
}

function warn(warnings: RowIssue[], field: LogicalField, check: FieldCheck<unknown> | undefined): void {
  if (check !== undefined && !check.ok) {
    warnings.push({ code: check.code, message: check.message, field: FIELD_LABEL[field] });
  }
}

function invalid(row: number, cells: readonly string[], code: RowIssue['code'], message: string): IngestItem {
  return { row, cells, invalid: { code, message } };
}

type NameField = 'fullName' | 'surname' | 'given' | 'patronymic';

/** The name cells of a row, cleaned for screening, with their warnings (none quotes the name). */
interface RowNames {
  readonly surname: string;
  readonly given: string;
  readonly patronymic: string;
  /** The full name, or the parts joined when there is none. */
  readonly written: string;
  readonly warnings: readonly RowIssue[];
  /** A word was kept in two scripts as a brand: a person's cleaning would fold it. */
  readonly twoScriptWord: boolean;
}

function readNames(cells: readonly string[], index: FieldIndex, person: boolean): RowNames {
  const warnings: RowIssue[] = [];
  let twoScriptWord = false;
  const nameCell = (field: NameField): string => {
    const cleaned = cleanName(at(cells, index[field]), person);
    const warning = obfuscationWarning(cleaned, FIELD_LABEL[field]);
    if (warning !== undefined) warnings.push(warning);
    twoScriptWord ||= hasTwoScriptWord(cleaned.text);
    return cleaned.text;
  };
  const full = nameCell('fullName');
  const surname = nameCell('surname');
  const given = nameCell('given');
  const patronymic = nameCell('patronymic');
  const hasParts = surname !== '' || given !== '' || patronymic !== '';
  const written =
    full !== '' || !hasParts ? full : [surname, given, patronymic].filter((p) => p !== '').join(' ');
  return { surname, given, patronymic, written, warnings, twoScriptWord };
}

function setName(client: Mutable<Client>, names: RowNames): void {
  const { surname, given, patronymic, written } = names;
  // An entrepreneur is searched and scored as the person (`ИП Захаров О. П.` → `Захаров О. П.`); the
  // written form still says who the client is (its entity type) and the output row keeps it.
  const name = hasOrganizationForm(written) ? written : withoutEntrepreneurForm(written);
  if (!isUsableName(name)) return;
  client.name = name;
  if (surname === '' && given === '' && patronymic === '') return;
  const parts: NameParts = {};
  if (surname !== '') parts.surname = surname;
  if (given !== '') parts.given = given;
  if (patronymic !== '') parts.patronymic = patronymic;
  client.nameParts = parts;
}

/**
 * INN, OGRN/OGRNIP (dedicated or combined columns) and SNILS: the valid ones on the client, the rest as
 * warnings. The ИНН cell is read with its repairs (fields.ts readInnField); an OGRN or SNILS found in it
 * fills its own field unless a dedicated column gave one.
 */
function readIdentifiers(
  cells: readonly string[],
  index: FieldIndex,
  client: Mutable<Client>,
  warnings: RowIssue[],
): InnField {
  const inn = readInnField(at(cells, index.inn));
  if (inn.issue !== undefined) warnings.push({ ...inn.issue, field: FIELD_LABEL.inn });
  if (inn.inn !== undefined) client.inn = inn.inn;
  for (const column of REGISTRATION_COLUMNS) {
    const check = checkRegistrationNumber(at(cells, index[column]), column);
    if (check?.ok) {
      // A dedicated column outranks a combined one: the first valid value of each kind is kept.
      if (client[check.value.kind] === undefined) client[check.value.kind] = check.value.value;
    } else warn(warnings, column, check);
  }
  const snils = checkSnils(at(cells, index.snils));
  if (snils?.ok) client.snils = snils.value;
  else warn(warnings, 'snils', snils);
  for (const kind of ['ogrn', 'ogrnip', 'snils'] as const) {
    const value = inn[kind];
    if (value !== undefined && client[kind] === undefined) client[kind] = value;
  }
  return inn;
}

/**
 * Whether the row is a person's by what it says besides the ИНН cell: the type column when it names a
 * type, else the name columns, the shape of the full name, a birth date or a SNILS.
 */
function isPersonRow(cells: readonly string[], index: FieldIndex, client: Client, names: RowNames): boolean {
  const typeCell = at(cells, index.entityType);
  const typed = typeCell === '' ? undefined : parseEntityTypeValue(cleanText(typeCell));
  if (typed !== undefined) return typed !== 'organization';
  if (client.ogrn !== undefined) return false;
  const evidence =
    names.surname !== '' ||
    names.given !== '' ||
    names.patronymic !== '' ||
    client.birthDate !== undefined ||
    client.snils !== undefined ||
    looksLikePersonName(names.written);
  return evidence && !hasOrganizationForm(names.written);
}

/**
 * A person has a 12-digit INN. Ten digits in a person's row are an organization's INN by length only,
 * and a passport's series and number have ten digits too: the value is not used, and the row says why.
 * A value repaired into ten digits goes back to its unrepaired warning.
 */
function refuseOrganizationInn(
  inn: InnField,
  person: () => boolean,
  client: Mutable<Client>,
  warnings: RowIssue[],
): void {
  if (client.inn?.length !== 10 || !person()) return;
  delete client.inn;
  const at = warnings.findIndex((w) => w.code === 'KYC_ERR_ROW_INN_REPAIRED');
  if (at >= 0) warnings.splice(at, 1);
  const issue: RowIssue =
    inn.unrepaired !== undefined && inn.unrepaired.code !== 'KYC_ERR_ROW_INN_FORMAT'
      ? { ...inn.unrepaired, field: FIELD_LABEL.inn }
      : {
          code: 'KYC_ERR_ROW_INN_PASSPORT',
          message:
            "the ИНН cell holds 10 digits in a person's row: a person's INN has 12, and a passport " +
            'series and number have 10; the value is not used as an INN',
          field: FIELD_LABEL.inn,
        };
  warnings.splice(at >= 0 ? at : 0, 0, issue);
}

function readBirthDate(
  cells: readonly string[],
  ctx: RowContext,
  client: Mutable<Client>,
  warnings: RowIssue[],
): void {
  const birthRaw = at(cells, ctx.index.birthDate);
  const birth = parseBirthDate(birthRaw, ctx.today);
  if (birth?.ok) client.birthDate = birth.iso;
  else if (birth !== undefined) {
    warnings.push({
      code: 'KYC_ERR_ROW_BIRTH_DATE',
      message: `birth date "${birthRaw.trim()}": ${birth.reason}`,
      field: FIELD_LABEL.birthDate,
    });
  }
}

/** The entity type: from its column when it reads as one, else inferred from the row (the written name). */
function readEntityType(
  cells: readonly string[],
  index: FieldIndex,
  client: Mutable<Client>,
  warnings: RowIssue[],
  writtenName: string,
): void {
  const typeRaw = cleanText(at(cells, index.entityType));
  let type: EntityType | undefined;
  if (typeRaw !== '') {
    type = parseEntityTypeValue(typeRaw);
    if (type === undefined) {
      warnings.push({
        code: 'KYC_ERR_ROW_ENTITY_TYPE',
        message: `entity type "${typeRaw}" is not recognised; the type was inferred from the row instead`,
        field: FIELD_LABEL.entityType,
      });
    }
  }
  if (type !== undefined) {
    client.entityType = type;
    client.entityTypeSource = 'column';
  } else {
    const inferred = inferEntityType({ ...client, name: writtenName });
    if (inferred !== undefined) {
      client.entityType = inferred;
      client.entityTypeSource = 'inferred';
    }
  }
}

/** Address, e-mail, card, cadastral number, the owner's name and the BIK (checked for format only). */
function readDetails(
  cells: readonly string[],
  ctx: RowContext,
  client: Mutable<Client>,
  warnings: RowIssue[],
): void {
  const address = cleanText(at(cells, ctx.index.address));
  if (address !== '') client.address = address;
  const email = checkEmail(at(cells, ctx.index.email));
  if (email?.ok) client.email = email.value;
  else warn(warnings, 'email', email);
  const card = checkCard(at(cells, ctx.index.card));
  if (card?.ok) client.card = card.value;
  else warn(warnings, 'card', card);
  const cadastral = checkCadastralNumber(at(cells, ctx.index.cadastralNumber));
  if (cadastral?.ok) client.cadastralNumber = cadastral.value;
  else warn(warnings, 'cadastralNumber', cadastral);
  const owner = cleanName(at(cells, ctx.index.ownerName));
  const ownerWarning = obfuscationWarning(owner, FIELD_LABEL.ownerName);
  if (ownerWarning !== undefined) warnings.push(ownerWarning);
  if (owner.text !== '') client.ownerName = owner.text;
  if (ctx.bik >= 0) {
    const bik = checkBik(at(cells, ctx.bik));
    if (bik !== undefined && !bik.ok) warnings.push({ code: bik.code, message: bik.message, field: 'bik' });
  }
}

/** Builds the item for data row `row` (1-based), which ends on physical line `line`. */
export function buildItem(row: number, cells: readonly string[], line: number, ctx: RowContext): IngestItem {
  if (cells.length !== ctx.width) {
    return invalid(
      row,
      cells,
      'KYC_ERR_ROW_COLUMN_COUNT',
      `the row ending on line ${line} has ${cells.length} cells, the header has ${ctx.width}`,
    );
  }
  const { index } = ctx;
  const warnings: RowIssue[] = [];
  const client: Mutable<Client> = { row, entityType: 'person', entityTypeSource: 'default', warnings };

  const clientId = cleanText(at(cells, index.clientId));
  if (clientId !== '') client.clientId = clientId;

  // Names are what is searched for and scored: an invisible character or a look-alike letter in one
  // must not hide a listed client, so they are cleaned, and the row says so. Read as an organization's
  // first (the entity type is inferred from the written name), again as a person's once that is known.
  let names = readNames(cells, index, false);

  const inn = readIdentifiers(cells, index, client, warnings);
  readBirthDate(cells, ctx, client, warnings);
  refuseOrganizationInn(inn, () => isPersonRow(cells, index, client, names), client, warnings);

  readEntityType(cells, index, client, warnings, names.written);

  if (client.entityType !== 'organization' && names.twoScriptWord) names = readNames(cells, index, true);
  // The name warnings come first on the row, as the name cells come first in what is screened.
  warnings.unshift(...names.warnings);
  setName(client, names);

  readDetails(cells, ctx, client, warnings);

  const identified =
    client.inn !== undefined ||
    client.ogrn !== undefined ||
    client.ogrnip !== undefined ||
    client.snils !== undefined;
  if (client.name === undefined && !identified) {
    const details = warnings.map((w) => w.message).join('; ');
    return invalid(
      row,
      cells,
      'KYC_ERR_ROW_NO_NAME_OR_ID',
      'no usable name and no valid identifier' + (details === '' ? '' : `: ${details}`),
    );
  }
  return { row, cells, client };
}
