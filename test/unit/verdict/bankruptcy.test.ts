import { describe, expect, it } from 'vitest';
import { decideBankruptcy } from '../../../src/verdict/index.js';
import { bankruptcyEntry, organization, person } from '../matching/fixtures.js';

describe('decideBankruptcy', () => {
  const client = person('Морозов Виктор Павлович', { inn: '500100732259' });

  it('an active case of this INN is a FLAG with case number and status', () => {
    const result = decideBankruptcy(
      client,
      [
        bankruptcyEntry({
          name: 'Морозов Виктор Павлович',
          inn: '500100732259',
          lastLegalCase: {
            number: 'А41-67890/2025',
            arbitrManagerFio: '',
            status: { code: 'r', description: 'Реализация имущества гражданина', date: '' },
          },
        }),
      ],
      [],
    );
    expect(result).toMatchObject({
      status: 'FLAG',
      detail: 'А41-67890/2025 Реализация имущества гражданина',
      reasons: ['BANKRUPTCY_ACTIVE'],
    });
  });

  it('an active case of an organization matched by name and legal form is a FLAG', () => {
    const result = decideBankruptcy(
      organization('ООО СтройИнвест'),
      [
        bankruptcyEntry({
          name: 'ООО «СтройИнвест»',
          category: 'Юридическое лицо',
          status: 'Конкурсное производство',
        }),
      ],
      [],
    );
    expect(result.status).toBe('FLAG');
  });

  it('an inactive case of this INN is CLEAR with a note', () => {
    const result = decideBankruptcy(
      client,
      [
        bankruptcyEntry({
          name: 'Морозов Виктор Павлович',
          inn: '500100732259',
          isActive: false,
          status: 'Завершено',
        }),
      ],
      [],
    );
    expect(result).toMatchObject({ status: 'CLEAR', reasons: ['BANKRUPTCY_INACTIVE_NOTE'] });
    expect(result.detail).toBe('finished: А40-10000/2024 Завершено');
  });

  it('a name-only match of an active case is a POSSIBLE_MATCH', () => {
    const result = decideBankruptcy(
      person('Морозов Виктор Павлович'),
      [bankruptcyEntry({ name: 'Морозов Виктор Павлович', inn: '500100732259' })],
      [],
    );
    expect(result).toMatchObject({ status: 'POSSIBLE_MATCH', reasons: ['BANKRUPTCY_POSSIBLE_MATCH'] });
  });

  it('an active case beats an inactive one of the same client', () => {
    const result = decideBankruptcy(
      client,
      [
        bankruptcyEntry({ name: 'Морозов Виктор Павлович', inn: '500100732259', isActive: false, guid: 'a' }),
        bankruptcyEntry({ name: 'Морозов Виктор Павлович', inn: '500100732259', guid: 'b' }),
      ],
      [],
    );
    expect(result.status).toBe('FLAG');
  });

  it('a namesake with another INN is CLEAR', () => {
    const result = decideBankruptcy(
      client,
      [bankruptcyEntry({ name: 'Морозов Виктор Павлович', inn: '773370857141' })],
      [],
    );
    expect(result).toMatchObject({ status: 'CLEAR', reasons: [], detail: '1 checked, best 0.40' });
  });

  it('nothing found is CLEAR with an empty detail', () => {
    expect(decideBankruptcy(client, [], [])).toMatchObject({ status: 'CLEAR', detail: '', score: 0 });
  });
});
