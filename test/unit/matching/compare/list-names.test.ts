import { describe, expect, it } from 'vitest';
import { listNames } from '../../../../src/matching/compare/list-names.js';
import { scoreSanctions } from '../../../../src/matching/index.js';
import { organization, person, sanctions } from '../fixtures.js';

describe('a list name field holds several names', () => {
  it('the exact spelling in an alias of the same field is a MATCH, and the explanation names the alias', () => {
    const scored = scoreSanctions(
      person('Черкасов Святослав Игоревич', { birthDate: '1969-03-10' }),
      sanctions({
        name: 'TCHERKASSOV, Sviatoslav Igorevitch (a.k.a. CHERKASOV, Svyatoslav Igorevich; CHERKASOFF, Sviatoslav)',
        birth_date: '1969-03-10',
      }),
    );
    expect(scored.decision).toBe('MATCH');
    expect(scored.explanation).toContain('name alias «CHERKASOV Svyatoslav Igorevich»');
  });

  it.each([
    ['IVANOV Ivan a.k.a. IVANOFF Ivan', ['IVANOV Ivan', 'IVANOFF Ivan']],
    ['Petrov, Ivan alias Ivan Petroff; Petrov I.', ['Petrov, Ivan', 'Ivan Petroff', 'Petrov I.']],
    ['ООО «Кедр» (Kedr LLC)', ['ООО «Кедр»', 'Kedr LLC']],
    ['Dr. Ivan PETROV (f.k.a. Ivan SIDOROV)', ['Ivan PETROV', 'Ivan SIDOROV']],
    ['Сидоров Иван (также известен как Сидоренко Иван)', ['Сидоров Иван', 'Сидоренко Иван']],
  ])('%s', (field, names) => {
    expect(listNames(field).map((n) => n.value)).toEqual(names);
  });

  it('brackets and words that are part of the name stay in it', () => {
    expect(listNames('Deutsche Bank (Schweiz) AG').map((n) => n.value)).toEqual([
      'Deutsche Bank (Schweiz) AG',
    ]);
    expect(listNames('Alias Trade LLC').map((n) => n.value)).toEqual(['Alias Trade LLC']);
  });

  it('an organization listed with its Latin name in brackets is found by the Cyrillic one', () => {
    const scored = scoreSanctions(
      organization('ООО «Кедр-Инвест»'),
      sanctions({ name: 'KEDR-INVEST LLC (ООО «Кедр-Инвест»)', entity_type: 'organization' }),
    );
    expect(scored.decision).toBe('MATCH');
  });
});

describe('birth dates as lists write them', () => {
  const client = person('Черкасов Святослав Игоревич', { birthDate: '1969-03-10' });
  const listed = (birth_date: string) =>
    scoreSanctions(client, sanctions({ name: 'CHERKASOV, Svyatoslav Igorevich', birth_date }));

  it('any equal full date of several agrees', () => {
    expect(listed('1970-03-10; 1969-03-10').decision).toBe('MATCH');
    expect(listed('1970-03-10; 1969-03-10').explanation).toContain(
      'birth_date equal (one of 2 dates on record)',
    );
  });

  it('a year alone, approximate or with its month, stays weak support', () => {
    for (const date of ['circa 1969', '~1969', '1969-03', '1968 or 1969']) {
      expect(listed(date).decision).toBe('POSSIBLE_MATCH');
    }
  });

  it('several dates that all differ contradict', () => {
    expect(listed('1970-03-10; 1971-03-10').decision).toBe('NO_MATCH');
  });
});
