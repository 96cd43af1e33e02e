import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KycError } from '../../../src/errors.js';
import {
  aliasesOf,
  foldHeader,
  hasKeyColumn,
  looksLikeData,
  mapHeader,
} from '../../../src/ingest/headers.js';
import { LOGICAL_FIELDS, type LogicalField } from '../../../src/ingest/types.js';

describe('header names are compared folded', () => {
  it.each([
    ['Дата рождения', 'датарождения'],
    ['ДАТА_РОЖДЕНИЯ', 'датарождения'],
    [' дата  рождения: ', 'датарождения'],
    ['Ф.И.О.', 'фио'],
    ['E-mail', 'email'],
    ['Журавлёв', 'журавлев'],
    ['\ufeffИНН', 'инн'],
    ['Client_ID', 'clientid'],
  ])('%j → %s', (cell, key) => expect(foldHeader(cell)).toBe(key));

  it('docs/ingest.md lists every alias', () => {
    const docs = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'ingest.md'), 'utf8');
    for (const field of LOGICAL_FIELDS) {
      const line = docs.split('\n').find((l) => l.startsWith(`| \`${field}\` |`));
      expect(line, field).toBeDefined();
      for (const alias of aliasesOf(field)) expect(line, `${field}: ${alias}`).toContain(alias);
    }
  });

  it('no alias means two fields', () => {
    const seen = new Map<string, LogicalField>();
    for (const field of LOGICAL_FIELDS) {
      for (const alias of aliasesOf(field)) {
        const key = foldHeader(alias);
        expect(key).not.toBe('');
        const other = seen.get(key);
        if (other !== undefined) expect(other).toBe(field);
        seen.set(key, field);
      }
    }
  });
});

describe('mapHeader', () => {
  it('finds English and Russian aliases', () => {
    const { mapping } = mapHeader(
      [
        'Client ID',
        'Full name',
        'DOB',
        'INN',
        'OGRN',
        'OGRNIP',
        'SNILS',
        'Entity type',
        'Address',
        'E-mail',
        'Card number',
        'Cadastral number',
        'Owner name',
      ],
      {},
    );
    expect(mapping).toEqual({
      clientId: 0,
      fullName: 1,
      birthDate: 2,
      inn: 3,
      ogrn: 4,
      ogrnip: 5,
      snils: 6,
      entityType: 7,
      address: 8,
      email: 9,
      card: 10,
      cadastralNumber: 11,
      ownerName: 12,
    });
    const russian = mapHeader(
      [
        'Код клиента',
        'Фамилия',
        'Имя',
        'Отчество',
        'Дата рождения',
        'ИНН',
        'ОГРН',
        'ОГРНИП',
        'СНИЛС',
        'Тип клиента',
        'Адрес',
        'Электронная почта',
        'Номер карты',
        'Кадастровый номер',
        'ФИО собственника',
      ],
      {},
    );
    expect(russian.mapping).toEqual({
      clientId: 0,
      surname: 1,
      given: 2,
      patronymic: 3,
      birthDate: 4,
      inn: 5,
      ogrn: 6,
      ogrnip: 7,
      snils: 8,
      entityType: 9,
      address: 10,
      email: 11,
      card: 12,
      cadastralNumber: 13,
      ownerName: 14,
    });
  });

  it('recognises the common full-name headers', () => {
    for (const cell of [
      'ФИО',
      'Ф.И.О.',
      'ФИО клиента',
      'Наименование',
      'ФИО/Наименование',
      'Наименование клиента',
      'name',
      'full_name',
      'FULL NAME',
    ]) {
      expect(mapHeader([cell], {}).mapping).toEqual({ fullName: 0 });
    }
  });

  it('the first of two columns meaning one field wins; the second passes through', () => {
    const { mapping } = mapHeader(['ФИО', 'Адрес регистрации', 'Адрес проживания'], {});
    expect(mapping).toEqual({ fullName: 0, address: 1 });
  });

  it('columns it does not know are left unmapped', () => {
    const { mapping } = mapHeader(['branch', 'ФИО', 'Менеджер', ''], {});
    expect(mapping).toEqual({ fullName: 1 });
  });

  it('the columns option overrides, matched folded, and takes its column away from the aliases', () => {
    const { mapping } = mapHeader(['Клиент', 'Контрагент', 'ИНН'], { fullName: 'контрагент' });
    expect(mapping).toEqual({ fullName: 1, inn: 2 });
    const swapped = mapHeader(['ИНН', 'Номер'], { inn: 'Номер', clientId: 'ИНН' });
    expect(swapped.mapping).toEqual({ inn: 1, clientId: 0 });
  });

  it('an override naming a missing column fails with KYC_ERR_INPUT_COLUMNS and lists the header', () => {
    try {
      mapHeader(['ФИО', 'ИНН'], { snils: 'СНИЛС клиента' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(KycError);
      expect((error as KycError).code).toBe('KYC_ERR_INPUT_COLUMNS');
      expect((error as KycError).message).toContain('"ФИО", "ИНН"');
    }
  });

  it('finds a BIK column for the format check', () => {
    expect(mapHeader(['ФИО', 'БИК банка'], {}).bik).toBe(1);
    expect(mapHeader(['ФИО'], {}).bik).toBeUndefined();
  });
});

describe('key columns and headerless files', () => {
  it('a name part or an identifier makes a key column', () => {
    expect(hasKeyColumn({ surname: 0 })).toBe(true);
    expect(hasKeyColumn({ snils: 3 })).toBe(true);
    expect(hasKeyColumn({ clientId: 0, address: 1, email: 2 })).toBe(false);
  });
  it('a first line with identifiers or dates is data', () => {
    const today = '2025-06-30';
    expect(looksLikeData(['Иванов Иван', '7707083893'], today)).toBe(true);
    expect(looksLikeData(['Иванов Иван', '14.03.1975'], today)).toBe(true);
    expect(looksLikeData(['Клиент', 'Номер', 'Филиал'], today)).toBe(false);
  });
});
