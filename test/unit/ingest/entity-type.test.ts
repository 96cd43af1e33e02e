import { describe, expect, it } from 'vitest';
import {
  hasEntrepreneurForm,
  hasOrganizationForm,
  inferEntityType,
  parseEntityTypeValue,
} from '../../../src/ingest/entity-type.js';

describe('entity type values in a column', () => {
  it.each([
    ['физ', 'person'],
    ['Физлицо', 'person'],
    ['Физ. лицо', 'person'],
    ['ФЛ', 'person'],
    ['Физическое лицо', 'person'],
    ['person', 'person'],
    ['Individual', 'person'],
    ['юр', 'organization'],
    ['ЮЛ', 'organization'],
    ['Юр. лицо', 'organization'],
    ['Юридическое лицо', 'organization'],
    ['organization', 'organization'],
    ['Organisation', 'organization'],
    ['legal entity', 'organization'],
    ['ИП', 'individual_entrepreneur'],
    ['Индивидуальный предприниматель', 'individual_entrepreneur'],
    ['individual entrepreneur', 'individual_entrepreneur'],
    ['individual_entrepreneur', 'individual_entrepreneur'],
    ['Глава КФХ', 'individual_entrepreneur'],
  ])('%s → %s', (value, type) => expect(parseEntityTypeValue(value)).toBe(type));

  it('unknown values are undefined', () => {
    expect(parseEntityTypeValue('инопланетянин')).toBeUndefined();
    expect(parseEntityTypeValue('1')).toBeUndefined();
  });
});

describe('legal forms in names', () => {
  it.each([
    'ООО "Ромашка"',
    'ООО«Ромашка»',
    'Ромашка, ООО',
    'ООО ромашка',
    'общество с ограниченной ответственностью Ромашка',
    'ПАО Сбербанк',
    'АО «Полярис»',
    'ЗАО Меридиан',
    'АНО «Лазурит»',
    'НКО Фонд',
    'Общество с ограниченной ответственностью «Северный Ветер»',
    'Публичное акционерное общество «Кедр»',
    'VOSTOK-TREID LLC',
    'Acme Ltd',
  ])('%s is an organization', (name) => expect(hasOrganizationForm(name)).toBe(true));

  it.each([
    'Иванов Иван Иванович',
    'Наоко Ямада',
    'Ан Ли',
    'Аоки Юки',
    'Лаокоон',
    'Зао Вэй Мин',
    'Ано Такеши',
  ])('%s is not (whole words only; abbreviations in capitals only)', (name) =>
    expect(hasOrganizationForm(name)).toBe(false),
  );

  it('ИП as a word marks an entrepreneur', () => {
    expect(hasEntrepreneurForm('ИП Иванов Иван Иванович')).toBe(true);
    expect(hasEntrepreneurForm('Индивидуальный предприниматель Иванов И. И.')).toBe(true);
    expect(hasEntrepreneurForm('Ипатов Иван')).toBe(false);
    expect(hasEntrepreneurForm('Ип Ман')).toBe(false);
  });
});

describe('inference from what the row holds', () => {
  it('10-digit INN, OGRN or a legal form → organization', () => {
    expect(inferEntityType({ inn: '7707083893' })).toBe('organization');
    expect(inferEntityType({ ogrn: '1027700132195' })).toBe('organization');
    expect(inferEntityType({ name: 'ООО Ромашка', inn: '500100732259' })).toBe('organization');
  });
  it('OGRNIP or ИП in the name → individual entrepreneur', () => {
    expect(inferEntityType({ inn: '500100732259', ogrnip: '307760324100018' })).toBe(
      'individual_entrepreneur',
    );
    expect(inferEntityType({ name: 'ИП Иванов Иван', inn: '500100732259' })).toBe('individual_entrepreneur');
  });
  it('12-digit INN, SNILS or a birth date → person', () => {
    expect(inferEntityType({ inn: '500100732259' })).toBe('person');
    expect(inferEntityType({ snils: '11223344595' })).toBe('person');
    expect(inferEntityType({ name: 'Иванов Иван', birthDate: '1975-03-14' })).toBe('person');
  });
  it('nothing to go on → undefined (the row defaults to person)', () => {
    expect(inferEntityType({ name: 'Иванов Иван' })).toBeUndefined();
    expect(inferEntityType({})).toBeUndefined();
  });
});
