import { describe, expect, it } from 'vitest';
import { completeInn } from '../../../src/identifiers/index.js';
import { mapHeader } from '../../../src/ingest/headers.js';
import { expectKycError, readAll } from './helpers.js';
import { readClientStream } from '../../../src/ingest/index.js';

const fieldOf = (header: string) => {
  const { mapping } = mapHeader([header], {});
  return Object.keys(mapping)[0];
};

describe('headers as bank exports write them', () => {
  it.each([
    ['ИНН физ. лица', 'inn'],
    ['ИНН юр. лица', 'inn'],
    ['ИНН ФЛ', 'inn'],
    ['ИНН/КПП', 'inn'],
    ['ИНН клиента (физ. лица)', 'inn'],
    ['Customer INN', 'inn'],
    ['Клиент ID', 'clientId'],
    ['ID клиента', 'clientId'],
    ['№ клиента', 'clientId'],
    ['Client No.', 'clientId'],
    ['Дата рожд.', 'birthDate'],
    ['Д.р.', 'birthDate'],
    ['Date of Birth', 'birthDate'],
    ['ФИО клиента', 'fullName'],
    ['Наименование организации', 'fullName'],
  ])('%s → %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it('leaves headers that name nothing it knows unmapped', () => {
    for (const header of ['Branch', 'Комментарий', 'Номер', 'лица']) expect(fieldOf(header)).toBeUndefined();
  });

  it('a person with `ИНН физ. лица` keeps the INN the debtor check asks by', async () => {
    const { header, items } = await readAll('ФИО;ИНН физ. лица\nИванов Иван Иванович;500100732259\n');
    expect(header.mapping.inn).toBe(1);
    expect(header.warnings).toBeUndefined();
    expect('client' in items[0]! && items[0].client.inn).toBe('500100732259');
  });
});

describe('a file whose INNs cannot be found says so', () => {
  const inns = Array.from({ length: 5 }, (_, i) => completeInn(`50010073${i}2`.slice(0, 10)));

  it('a column of INNs under an unknown header is a file-level warning naming the column', async () => {
    const rows = inns.map((inn, i) => `Клиент ${i} Иванович,${inn}`).join('\n');
    const { header, items } = await readAll(`ФИО,Налоговый код\n${rows}\n`);
    expect(items).toHaveLength(5);
    expect(header.warnings).toHaveLength(1);
    expect(header.warnings?.[0]?.code).toBe('KYC_ERR_INPUT_ID_COLUMN');
    expect(header.warnings?.[0]?.message).toContain('"Налоговый код"');
    expect(header.warnings?.[0]?.message).not.toContain(inns[0]!);
  });

  it('a file without any identifier column is warned about too', async () => {
    const { header } = await readAll('ФИО,Дата рождения\nИванов Иван Иванович,1980-01-02\n');
    expect(header.warnings?.map((w) => w.code)).toEqual(['KYC_ERR_INPUT_ID_COLUMN']);
    expect(header.warnings?.[0]?.message).toMatch(/no ИНН, ОГРН, ОГРНИП or СНИЛС column/);
  });

  it('a header-only file is refused with its own code', async () => {
    async function* bytes() {
      yield Buffer.from('ФИО;ИНН\n;;\n');
    }
    await expectKycError(readClientStream(bytes()), 'KYC_ERR_INPUT_NO_ROWS');
  });
});
