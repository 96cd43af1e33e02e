import { describe, expect, it } from 'vitest';
import { codes, invalidOf, oneClient, readAll } from './helpers.js';

const H =
  'client_id,full_name,birth_date,inn,ogrn,ogrnip,snils,entity_type,address,email,card,cadastral_number,owner_name';
const today = { today: '2025-06-30' };

describe('a good row', () => {
  it('becomes a Client with every valid field, cleaned', async () => {
    const client = await oneClient(
      H,
      ' C-1 ,"  Журавлёв\u00a0 Иван  Петрович ",14.03.1975,500100732259,,,112-233-445 95,ФЛ,' +
        '"г. Москва,  ул. Ленина",ivan@example.ru,4111 1111 1111 1111,77:01:0001001:1234,"Журавлёва  Анна"',
      today,
    );
    expect(client).toEqual({
      row: 1,
      clientId: 'C-1',
      name: 'Журавлёв Иван Петрович',
      entityType: 'person',
      entityTypeSource: 'column',
      birthDate: '1975-03-14',
      inn: '500100732259',
      snils: '11223344595',
      address: 'г. Москва, ул. Ленина',
      email: 'ivan@example.ru',
      card: '4111111111111111',
      cadastralNumber: '77:01:0001001:1234',
      ownerName: 'Журавлёва Анна',
      warnings: [],
    });
  });

  it('joins surname, given name and patronymic columns, and keeps the parts', async () => {
    const client = await oneClient('Фамилия,Имя,Отчество', 'Селезнёва, Мария ,Петровна');
    expect(client.name).toBe('Селезнёва Мария Петровна');
    expect(client.nameParts).toEqual({ surname: 'Селезнёва', given: 'Мария', patronymic: 'Петровна' });
    const noPatronymic = await oneClient('Фамилия,Имя,Отчество', 'Ли,Анна,');
    expect(noPatronymic.name).toBe('Ли Анна');
    expect(noPatronymic.nameParts).toEqual({ surname: 'Ли', given: 'Анна' });
  });

  it('a full-name cell wins over the parts for the display name', async () => {
    const client = await oneClient('ФИО,Фамилия,Имя', 'Иванов Иван,Иванов,Иван');
    expect(client.name).toBe('Иванов Иван');
    expect(client.nameParts).toEqual({ surname: 'Иванов', given: 'Иван' });
  });

  it('an OGRNIP in the OGRN column goes where it belongs', async () => {
    const client = await oneClient('name,inn,ogrn', 'ИП Белоусов Иван Петрович,500100732259,307760324100018');
    expect(client.ogrnip).toBe('307760324100018');
    expect(client.ogrn).toBeUndefined();
    expect(client.entityType).toBe('individual_entrepreneur');
  });
});

describe('a bad identifier with a usable name: screened by name, warning recorded, value dropped', () => {
  it.each([
    ['inn', '7707083894', 'KYC_ERR_ROW_INN_CHECKSUM'],
    ['inn', '77070838', 'KYC_ERR_ROW_INN_FORMAT'],
    ['inn', '770708389', 'KYC_ERR_ROW_INN_LEADING_ZERO'],
    ['ogrn', '1027700132196', 'KYC_ERR_ROW_OGRN_CHECKSUM'],
    ['ogrn', '102770013219', 'KYC_ERR_ROW_OGRN_FORMAT'],
    ['ogrnip', '307760324100019', 'KYC_ERR_ROW_OGRNIP_CHECKSUM'],
    ['ogrnip', '30776032410001', 'KYC_ERR_ROW_OGRNIP_FORMAT'],
    ['snils', '112-233-445 96', 'KYC_ERR_ROW_SNILS_CHECKSUM'],
    ['snils', '123-45-6789', 'KYC_ERR_ROW_SNILS_FORMAT'],
    ['snils', '8765430300', 'KYC_ERR_ROW_SNILS_LEADING_ZERO'],
    ['birth_date', '31.02.1980', 'KYC_ERR_ROW_BIRTH_DATE'],
    ['entity_type', 'инопланетянин', 'KYC_ERR_ROW_ENTITY_TYPE'],
    ['email', 'a@@b.ru', 'KYC_ERR_ROW_EMAIL_FORMAT'],
    ['card', '4111111111111112', 'KYC_ERR_ROW_CARD_FORMAT'],
    ['cadastral_number', '77:01:ABC', 'KYC_ERR_ROW_CADASTRAL_FORMAT'],
    ['bik', '44525225', 'KYC_ERR_ROW_BIK_FORMAT'],
  ])('%s %s → %s', async (column, value, code) => {
    const client = await oneClient(`full_name,${column}`, `Белоусов Иван Петрович,${value}`, today);
    expect(client.name).toBe('Белоусов Иван Петрович');
    expect(codes(client)).toEqual([code]);
    expect(client.warnings[0]?.field).toBe(column === 'cadastral_number' ? 'cadastral_number' : column);
    expect(client.warnings[0]?.message).not.toBe('');
    const keys: Record<string, keyof typeof client> = {
      inn: 'inn',
      ogrn: 'ogrn',
      ogrnip: 'ogrnip',
      snils: 'snils',
      birth_date: 'birthDate',
      email: 'email',
      card: 'card',
      cadastral_number: 'cadastralNumber',
    };
    const key = keys[column];
    if (key !== undefined) expect(client[key]).toBeUndefined();
  });

  it('several problems give several warnings, in column order', async () => {
    const client = await oneClient(
      'ФИО,ИНН,СНИЛС,Дата рождения',
      'Уваров Пётр,7707083894,112-233-445 96,1980-13-01',
      today,
    );
    expect(codes(client)).toEqual([
      'KYC_ERR_ROW_INN_CHECKSUM',
      'KYC_ERR_ROW_SNILS_CHECKSUM',
      'KYC_ERR_ROW_BIRTH_DATE',
    ]);
  });
});

describe('INVALID rows', () => {
  it('no usable name and no valid identifier', async () => {
    const { items } = await readAll(
      'id,ФИО,ИНН\n1,,\n2,-,\n3,#Н/Д,7707083894\n4,,7707083893\n5,н/д,500100732259\n',
    );
    expect(invalidOf(items[0]).code).toBe('KYC_ERR_ROW_NO_NAME_OR_ID');
    expect(invalidOf(items[1]).code).toBe('KYC_ERR_ROW_NO_NAME_OR_ID');
    const withDetail = invalidOf(items[2]);
    expect(withDetail.code).toBe('KYC_ERR_ROW_NO_NAME_OR_ID');
    expect(withDetail.message).toMatch(/check digit is wrong/);
    // A valid identifier alone is enough to screen; an unusable name is then simply not used.
    expect(items[3]).toMatchObject({ client: { inn: '7707083893', entityType: 'organization' } });
    expect(items[4]).toMatchObject({ client: { inn: '500100732259' } });
    expect(
      'client' in (items[4] ?? {}) && (items[4] as { client: { name?: string } }).client.name,
    ).toBeUndefined();
  });

  it('a row whose cell count differs from the header, with the counts, keeping its cells', async () => {
    const { items } = await readAll(
      'ФИО,ИНН,Филиал\nИванов Иван,7707083893\nПетров Пётр,7707083893,A,лишнее\n',
    );
    expect(items[0]).toEqual({
      row: 1,
      cells: ['Иванов Иван', '7707083893'],
      invalid: {
        code: 'KYC_ERR_ROW_COLUMN_COUNT',
        message: 'the row ending on line 2 has 2 cells, the header has 3',
      },
    });
    expect(invalidOf(items[1]).message).toBe('the row ending on line 3 has 4 cells, the header has 3');
    expect(items[1]?.cells).toEqual(['Петров Пётр', '7707083893', 'A', 'лишнее']);
  });
});

describe('entity type', () => {
  it('from the column, in Russian or English', async () => {
    const { items } = await readAll(
      'ФИО,ИНН,Тип\nРомашка,500100732259,ЮЛ\nИванов,7707083893,физ\nПетров,,ИП\n',
    );
    expect(
      items.map((i) => ('client' in i ? [i.client.entityType, i.client.entityTypeSource] : null)),
    ).toEqual([
      ['organization', 'column'],
      ['person', 'column'],
      ['individual_entrepreneur', 'column'],
    ]);
  });
  it('inferred when the column is empty or unknown, default person when nothing tells', async () => {
    const { items } = await readAll(
      'ФИО,ИНН,ОГРН,Дата рождения,Тип\n' +
        'Ромашка,7707083893,,,\n' +
        'ООО Ромашка,,,,\n' +
        'Белоусов Иван,500100732259,307760324100018,,\n' +
        'ИП Белоусов Иван,,,,\n' +
        'Белоусов Иван,500100732259,,,\n' +
        'Белоусов Иван,,,1975-03-14,???\n' +
        'Белоусов Иван,,,,\n',
      today,
    );
    expect(
      items.map((i) => ('client' in i ? [i.client.entityType, i.client.entityTypeSource] : null)),
    ).toEqual([
      ['organization', 'inferred'],
      ['organization', 'inferred'],
      ['individual_entrepreneur', 'inferred'],
      ['individual_entrepreneur', 'inferred'],
      ['person', 'inferred'],
      ['person', 'inferred'],
      ['person', 'default'],
    ]);
  });
});

describe('original cells travel unchanged', () => {
  it('cells are exactly as read while the Client is cleaned', async () => {
    const row = '"  Иванов\u00a0Иван ",="0277083890","«x»"';
    const { items } = await readAll(`ФИО,ИНН,branch\n${row}\n`);
    expect(items[0]?.cells).toEqual(['  Иванов\u00a0Иван ', '="0277083890"', '«x»']);
    expect(items[0]).toMatchObject({ client: { name: 'Иванов Иван' } });
  });
});
