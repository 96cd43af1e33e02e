import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planCheck } from '../../../src/checks/plan.js';
import { withoutEntrepreneurForm } from '../../../src/ingest/entrepreneur.js';
import { oneClient } from './helpers.js';

const today = { today: '2025-06-30' };

describe('an individual entrepreneur is searched and scored as the person', () => {
  it.each([
    'ИП Захаров Олег Павлович',
    'Индивидуальный предприниматель Захаров Олег Павлович',
    'ИНДИВИДУАЛЬНЫЙ ПРЕДПРИНИМАТЕЛЬ Захаров Олег Павлович',
    'Захаров Олег Павлович ИП',
    'Захаров Олег Павлович (ИП)',
    'Захаров Олег Павлович, индивидуальный предприниматель',
    'ИП «Захаров Олег Павлович»',
    'ИП "Захаров Олег Павлович"',
    'ПБОЮЛ Захаров Олег Павлович',
    'Глава КФХ Захаров Олег Павлович',
  ])('%s → Захаров Олег Павлович, an entrepreneur, searched as Захаров', async (written) => {
    const cell = `"${written.replace(/"/g, '""')}"`;
    const client = await oneClient('full_name,inn', `${cell},500100732259`, today);
    expect(client.name).toBe('Захаров Олег Павлович');
    expect(client.entityType).toBe('individual_entrepreneur');
    const plan = planCheck('foreign_agent', client);
    expect('requests' in plan && plan.requests[0]?.params).toEqual({ name: 'Захаров' });
  });

  it('keeps the entity type a column gives, and an organization name whole', async () => {
    const person = await oneClient('full_name,entity_type', 'ИП Захаров Олег Павлович,ФЛ', today);
    expect([person.name, person.entityType]).toEqual(['Захаров Олег Павлович', 'person']);
    const org = await oneClient('full_name', 'ООО "ИП Консалт"', today);
    expect(org.name).toBe('ООО "ИП Консалт"');
  });

  it('leaves names that only look like the form alone', () => {
    for (const name of ['Ип Олег', 'Ипатов Иван', 'Иванов Ипполит', 'И.П. Иванов', 'ИП'])
      expect(withoutEntrepreneurForm(name)).toBe(name);
  });

  it('never leaves the form words or an empty name (any name with a prefix)', () => {
    const word = fc.stringMatching(/^[А-Я][а-я]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('ИП ', 'Индивидуальный предприниматель ', 'ПБОЮЛ '),
        (words, prefix) => {
          const name = words.join(' ');
          expect(withoutEntrepreneurForm(prefix + name)).toBe(name);
          expect(withoutEntrepreneurForm(`${name} (ИП)`)).toBe(name);
        },
      ),
    );
  });
});
