import { describe, expect, it } from 'vitest';
import { oneClient } from './helpers.js';

const H = 'client_id,full_name,birth_date,inn,entity_type';
const codes = (client: { warnings: readonly { code: string }[] }) => client.warnings.map((w) => w.code);

describe('a damaged ИНН cell is repaired when exactly one reading passes, and the row says so', () => {
  it('a 12-digit INN that lost its leading zero is used with the zero put back', async () => {
    const client = await oneClient(H, 'C-1,Иванов Пётр Сергеевич,,74010182873,');
    expect(client.inn).toBe('074010182873');
    expect(client.entityType).toBe('person');
    expect(codes(client)).toEqual(['KYC_ERR_ROW_INN_REPAIRED']);
    expect(client.warnings[0]?.message).toContain('74010182873');
    expect(client.warnings[0]?.message).toContain('074010182873');
  });

  it('a prefix, an INN/KPP pair and an OGRN in the column', async () => {
    const prefixed = await oneClient(H, 'C-2,ООО «Ромашка»,,ИНН 8567301011,');
    expect(prefixed.inn).toBe('8567301011');
    expect(prefixed.entityType).toBe('organization');
    expect(codes(prefixed)).toEqual(['KYC_ERR_ROW_INN_REPAIRED']);

    const pair = await oneClient(H, 'C-3,ООО «Восток»,,2530477025/253001001,');
    expect(pair.inn).toBe('2530477025');
    expect(pair.warnings[0]?.message).toMatch(/KPP 253001001/);

    const ogrn = await oneClient(H, 'C-4,Вектор,,1027700132195,');
    expect(ogrn.inn).toBeUndefined();
    expect(ogrn.ogrn).toBe('1027700132195');
    expect(ogrn.entityType).toBe('organization');
    expect(codes(ogrn)).toEqual(['KYC_ERR_ROW_INN_REPAIRED']);
  });

  it("a 10-digit value that passes the organization checksum does not make a person's row an organization", async () => {
    for (const cell of ['1969117323', '1969-117323', '1969 117323']) {
      const client = await oneClient(H, `C-5,Гончарова Марина Павловна,,${cell},`);
      expect(client.entityType, cell).toBe('person');
      expect(client.inn, cell).toBeUndefined();
      expect(codes(client), cell).toEqual(['KYC_ERR_ROW_INN_PASSPORT']);
      expect(client.warnings[0]?.message).not.toContain('117323');
    }
    const typed = await oneClient(H, 'C-6,Гончарова М.,,1969117323,ФЛ');
    expect(typed.inn).toBeUndefined();
    const dated = await oneClient(H, 'C-7,Гончарова Марина,1980-01-02,1969117323,');
    expect(dated.inn).toBeUndefined();
    expect(dated.entityType).toBe('person');
  });

  it('an organization keeps its 10-digit INN; an ambiguous value keeps its warning and is not used', async () => {
    const org = await oneClient(H, 'C-8,Ромашка,,7707083893,');
    expect(org.inn).toBe('7707083893');
    expect(org.entityType).toBe('organization');
    expect(codes(org)).toEqual([]);
    // A 9-digit value in a person's row would become an organization's INN: not used, the old warning stays.
    const nine = await oneClient(H, 'C-9,Харитонов Павел Павлович,,253000001,');
    expect(nine.inn).toBeUndefined();
    expect(codes(nine)).toEqual(['KYC_ERR_ROW_INN_LEADING_ZERO']);
  });
});
