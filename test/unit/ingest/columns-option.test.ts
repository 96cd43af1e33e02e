import { describe, expect, it } from 'vitest';
import { KycError } from '../../../src/errors.js';
import { parseColumnsOption } from '../../../src/ingest/index.js';

function fails(value: string): string {
  try {
    parseColumnsOption(value);
  } catch (error) {
    expect(error).toBeInstanceOf(KycError);
    expect((error as KycError).code).toBe('KYC_ERR_INPUT_COLUMNS');
    expect((error as KycError).exitCode).toBe(2);
    return (error as KycError).message;
  }
  throw new Error(`${value} was accepted`);
}

describe('parseColumnsOption', () => {
  it('parses the CLI form', () => {
    expect(parseColumnsOption('name=ФИО,inn=ИНН')).toEqual({ fullName: 'ФИО', inn: 'ИНН' });
  });
  it('accepts the usual spellings of every field', () => {
    expect(
      parseColumnsOption(
        'id=Код,full_name=Наименование,surname=Ф,first_name=И,middle_name=О,dob=ДР,inn=ИНН,ogrn=ОГРН,ogrnip=ОГРНИП,' +
          'snils=СНИЛС,type=Тип,address=Адрес,e-mail=Почта,card=Карта,cadastral=КН,owner=Собственник',
      ),
    ).toEqual({
      clientId: 'Код',
      fullName: 'Наименование',
      surname: 'Ф',
      given: 'И',
      patronymic: 'О',
      birthDate: 'ДР',
      inn: 'ИНН',
      ogrn: 'ОГРН',
      ogrnip: 'ОГРНИП',
      snils: 'СНИЛС',
      entityType: 'Тип',
      address: 'Адрес',
      email: 'Почта',
      card: 'Карта',
      cadastralNumber: 'КН',
      ownerName: 'Собственник',
    });
    expect(
      parseColumnsOption('fullName=A,birthDate=B,cadastralNumber=C,ownerName=D,entityType=E,clientId=F'),
    ).toEqual({
      fullName: 'A',
      birthDate: 'B',
      cadastralNumber: 'C',
      ownerName: 'D',
      entityType: 'E',
      clientId: 'F',
    });
  });
  it('trims around keys and names, and ignores empty entries', () => {
    expect(parseColumnsOption(' name = Ф И О , ,inn=ИНН,')).toEqual({ fullName: 'Ф И О', inn: 'ИНН' });
  });
  it('quoted names may hold commas, equals signs and doubled quotes', () => {
    expect(parseColumnsOption('name="Фамилия, имя",address="Адрес ""=1"""')).toEqual({
      fullName: 'Фамилия, имя',
      address: 'Адрес "=1"',
    });
  });
  it('refuses what it cannot read', () => {
    expect(fails('')).toMatch(/empty/);
    expect(fails('ФИО')).toMatch(/not field=Header/);
    expect(fails('nick=Ник')).toMatch(/unknown field "nick"/);
    expect(fails('name=')).toMatch(/no header name/);
    expect(fails('name=ФИО,fio=Имя')).toMatch(/twice/);
    expect(fails('name="ФИО')).toMatch(/unbalanced quote/);
    expect(fails('name=Ф"И"О')).toMatch(/quote/);
  });
});
