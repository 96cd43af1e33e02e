import { describe, expect, it } from 'vitest';
import { scoreSanctions } from '../../../../src/matching/index.js';
import { decideSanctions } from '../../../../src/verdict/index.js';
import { person, sanctions } from '../fixtures.js';

describe('sanctions entries get one id each', () => {
  const client = person('Черкасов Святослав Игоревич', { birthDate: '1969-03-10' });
  const base = {
    name: 'CHERKASOV, Svyatoslav Igorevich',
    name_local: 'Черкасов Святослав Игоревич',
    birth_date: '1969-03-10',
    entity_type: 'person' as const,
  };

  it('entries of one answer with the same name and birth date under other programmes have distinct ids', () => {
    const records = [
      sanctions({ ...base, address: 'Russia, Moscow' }),
      sanctions({ ...base, address: 'Россия, г. Москва' }),
      sanctions({ ...base, birth_place: 'Leningrad, USSR' }),
    ];
    const ids = decideSanctions(client, records, []).candidates.map((c) => c.recordId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^sanctions:[0-9a-f]{16}~[0-9a-f]{8}$/u);
    // The same answer again, in another order: every entry keeps its id.
    const again = decideSanctions(client, [...records].reverse(), []).candidates.map((c) => c.recordId);
    expect(new Set(again)).toEqual(new Set(ids));
  });

  it('a lone entry keeps its id when its address changes, so a reviewed entry that changes is reopened', () => {
    const before = decideSanctions(client, [sanctions({ ...base, address: 'Russia, Moscow' })], []);
    const after = decideSanctions(client, [sanctions({ ...base, address: 'Санкт-Петербург' })], []);
    expect(after.candidates[0]?.recordId).toBe(before.candidates[0]?.recordId);
    expect(after.candidates[0]?.recordHash).not.toBe(before.candidates[0]?.recordHash);
  });

  it('the same entry gets the same id run to run, whatever the key order', () => {
    const a = scoreSanctions(client, sanctions({ ...base, address: 'Russia, Moscow' }));
    const reordered = sanctions({ ...base, address: 'Russia, Moscow' });
    const data = Object.fromEntries(Object.entries(reordered.data).reverse()) as typeof reordered.data;
    const b = scoreSanctions(client, { ...reordered, data });
    expect(b.recordId).toBe(a.recordId);
  });
});
