import { describe, expect, it } from 'vitest';
import { scoreSanctions } from '../../../src/matching/index.js';
import { person, sanctions } from './fixtures.js';

describe('sanctions entries get one id each', () => {
  const client = person('Черкасов Святослав Игоревич', { birthDate: '1969-03-10' });
  const base = {
    name: 'CHERKASOV, Svyatoslav Igorevich',
    name_local: 'Черкасов Святослав Игоревич',
    birth_date: '1969-03-10',
    entity_type: 'person' as const,
  };

  it('entries with the same name and birth date under other programmes have distinct ids', () => {
    const ids = [
      sanctions({ ...base, address: 'Russia, Moscow' }),
      sanctions({ ...base, address: 'Россия, г. Москва' }),
      sanctions({ ...base, birth_place: 'Leningrad, USSR' }),
    ].map((record) => scoreSanctions(client, record).recordId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^sanctions:[0-9a-f]{16}$/u);
  });

  it('the same entry gets the same id run to run, whatever the key order', () => {
    const a = scoreSanctions(client, sanctions({ ...base, address: 'Russia, Moscow' }));
    const reordered = sanctions({ ...base, address: 'Russia, Moscow' });
    const data = Object.fromEntries(Object.entries(reordered.data).reverse()) as typeof reordered.data;
    const b = scoreSanctions(client, { ...reordered, data });
    expect(b.recordId).toBe(a.recordId);
  });
});
