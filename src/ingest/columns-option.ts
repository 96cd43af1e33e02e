import { KycError } from '../errors.js';
import type { LogicalField } from './types.js';

/** Keys of `--columns`, folded like header names; `name=` is what people type, `fullName=` what the code calls it. */
const KEYS: Readonly<Record<LogicalField, readonly string[]>> = {
  clientId: ['clientid', 'id', 'customerid'],
  fullName: ['fullname', 'name', 'fio'],
  surname: ['surname', 'lastname', 'familyname'],
  given: ['given', 'givenname', 'firstname', 'first'],
  patronymic: ['patronymic', 'middlename', 'middle'],
  birthDate: ['birthdate', 'dateofbirth', 'dob', 'birthday', 'born'],
  inn: ['inn'],
  ogrn: ['ogrn'],
  ogrnip: ['ogrnip'],
  snils: ['snils'],
  entityType: ['entitytype', 'type', 'clienttype'],
  address: ['address', 'addr'],
  email: ['email', 'mail'],
  card: ['card', 'cardnumber', 'pan'],
  cadastralNumber: ['cadastralnumber', 'cadastral', 'cadastre'],
  ownerName: ['ownername', 'owner'],
};

const KEY_INDEX: ReadonlyMap<string, LogicalField> = new Map(
  (Object.entries(KEYS) as [LogicalField, readonly string[]][]).flatMap(([field, keys]) =>
    keys.map((key) => [key, field] as const),
  ),
);

function fold(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function fail(detail: string): never {
  throw new KycError('KYC_ERR_INPUT_COLUMNS', detail);
}

/**
 * Splits on commas outside double quotes. A header name containing a comma or an equals sign is
 * written quoted, CSV style: `name="Фамилия, имя"`, with `""` for a quote inside.
 */
function splitEntries(value: string): string[] {
  const entries: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '"') {
      if (quoted && value[i + 1] === '"') {
        current += '""';
        i++;
      } else {
        quoted = !quoted;
        current += ch;
      }
    } else if (ch === ',' && !quoted) {
      entries.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted) fail(`unbalanced quote in ${JSON.stringify(value)}`);
  entries.push(current);
  return entries;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/""/g, '"');
  }
  if (trimmed.includes('"')) fail(`a quote may only surround a whole header name: ${JSON.stringify(value)}`);
  return trimmed;
}

/** Parses the CLI form `name=ФИО,inn=ИНН` into the `columns` option. */
export function parseColumnsOption(value: string): Partial<Record<LogicalField, string>> {
  const result: Partial<Record<LogicalField, string>> = {};
  const entries = splitEntries(value).filter((entry) => entry.trim() !== '');
  if (entries.length === 0) fail('empty: expected field=Header pairs, e.g. name=ФИО,inn=ИНН');
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    if (eq < 0) fail(`"${entry.trim()}" is not field=Header`);
    const key = entry.slice(0, eq).trim();
    const field = KEY_INDEX.get(fold(key));
    if (field === undefined) {
      fail(
        `unknown field "${key}"; known: ${Object.values(KEYS)
          .map((keys) => keys[0] ?? '')
          .join(', ')}`,
      );
    }
    const header = unquote(entry.slice(eq + 1));
    if (header === '') fail(`no header name given for "${key}"`);
    if (result[field] !== undefined) fail(`field "${key}" is given twice`);
    result[field] = header;
  }
  return result;
}
