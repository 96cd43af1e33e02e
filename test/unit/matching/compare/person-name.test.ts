import { describe, expect, it } from 'vitest';
import {
  comparePersonNames,
  isGenderPair,
  parsePersonName,
  parsePersonParts,
  scoreForeignAgent,
  skeleton,
} from '../../../../src/matching/index.js';
import { faPerson, person } from '../fixtures.js';

const compare = (a: string, b: string) => comparePersonNames(parsePersonName(a), parsePersonName(b));
const sk = (w: string) => skeleton(w.toLowerCase());

describe('word order', () => {
  it.each([
    ['Смирнова Ольга Викторовна', 'Ольга Викторовна Смирнова'],
    ['Смирнова Ольга Викторовна', 'СМИРНОВА, Ольга Викторовна'],
    ['Smirnova Olga Viktorovna', 'Olga Viktorovna SMIRNOVA'],
    ['Смирнова Ольга Викторовна', 'SMIRNOVA, Olga Viktorovna'],
  ])('%s = %s', (a, b) => {
    expect(compare(a, b)).toMatchObject({ score: 1, agreement: 'full' });
  });

  it('reads roles from the patronymic position and the comma', () => {
    expect(parsePersonName('Ольга Викторовна Смирнова').tokens.map((t) => t.role)).toEqual([
      'given',
      'patronymic',
      'surname',
    ]);
    expect(parsePersonName('SMIRNOVA, Olga Viktorovna').tokens.map((t) => t.role)).toEqual([
      'surname',
      'given',
      'patronymic',
    ]);
    expect(parsePersonName('Olga SMIRNOVA').tokens.map((t) => t.role)).toEqual(['given', 'surname']);
  });

  it('takes roles from the columns when the name comes in parts', () => {
    const parts = parsePersonParts({ surname: 'Смирнова', given: 'Ольга', patronymic: 'Викторовна' });
    expect(parts.tokens.map((t) => t.role)).toEqual(['surname', 'given', 'patronymic']);
    expect(comparePersonNames(parts, parsePersonName('Ольга Викторовна Смирнова')).score).toBe(1);
  });
});

describe('patronymics', () => {
  it.each([
    ['Викторович', 'male'],
    ['Юрьевич', 'male'],
    ['Ильич', 'male'],
    ['Никитична', 'female'],
    ['Викторовна', 'female'],
    ['Yurievich', 'male'],
    ['Ivanovna', 'female'],
    ['Ilyinichna', 'female'],
  ])('%s reads as a %s patronymic', (word, gender) => {
    const token = parsePersonName(`Иванов Иван ${word}`).tokens[2];
    expect(token?.patronymic).toBe(gender);
  });

  it('a surname ending like a patronymic stays a surname', () => {
    const tokens = parsePersonName('Абрамович Роман Аркадьевич').tokens;
    expect(tokens[0]).toMatchObject({ role: 'surname', patronymic: undefined });
    expect(tokens[2]).toMatchObject({ role: 'patronymic', patronymic: 'male' });
  });

  it('another patronymic contradicts', () => {
    expect(compare('Петров Сергей Иванович', 'Петров Сергей Андреевич')).toMatchObject({
      agreement: 'contradicts',
    });
  });

  it('a patronymic absent on one side costs a little, it does not contradict', () => {
    const result = compare('Петров Игорь Николаевич', 'Igor PETROV');
    expect(result.agreement).toBe('full');
    expect(result.score).toBeCloseTo(0.98);
    expect(result.notes).toContain('patronymic absent on record');
  });

  it('Turkic particles (оглы, кызы) mark the patronymic', () => {
    const tokens = parsePersonName('Мамедов Эльчин Исмаил оглы').tokens;
    expect(tokens).toHaveLength(3);
    expect(tokens[2]?.patronymic).toBe('male');
  });
});

describe('initials', () => {
  it.each(['Иванов И. И.', 'Иванов И.И.', 'И.И. Иванов', 'IVANOV I.I.', 'Ivanov I. I.'])(
    '%s is compatible with Иванов Иван Ильич, as weaker evidence',
    (written) => {
      expect(compare(written, 'Иванов Иван Ильич')).toMatchObject({ agreement: 'initials', score: 0.9 });
    },
  );

  it('Cyrillic Ю. agrees with Latin Yu.', () => {
    expect(compare('Иванов Ю. А.', 'IVANOV Yu.A.').agreement).toBe('initials');
  });

  it('a wrong initial contradicts', () => {
    expect(compare('Иванов П. И.', 'Иванов Иван Ильич').agreement).toBe('contradicts');
  });

  const initials = (client: string, record: string, born?: string, recordBorn = born) =>
    scoreForeignAgent(
      person(client, born === undefined ? {} : { birthDate: born }),
      faPerson(record, recordBorn ?? ''),
    );

  it.each([
    ['Ефимова К. О.', 'Ефимова Ксения Олеговна'],
    ['Ефимова Ксения Олеговна', 'Ефимова К. О.'],
    ['Иванов И.И.', 'Иванов Иван Ильич'],
    ['EFIMOVA K. O.', 'Ефимова Ксения Олеговна'],
  ])('initials, the same surname and the same full birth date are a MATCH: %s ~ %s', (client, record) => {
    const scored = initials(client, record, '1980-03-14');
    expect(scored.decision).toBe('MATCH');
    expect(scored.explanation).toContain('initials only');
  });

  it.each([
    ['without a birth date', undefined, undefined],
    ['with the same year only', '1980-03-14', '1980'],
    ['with a record on 1 January, which lists use for an unknown day', '1980-03-14', '1980-01-01'],
  ])('initials are a POSSIBLE_MATCH at most %s', (_, born, recordBorn) => {
    const scored = initials('Ефимова К. О.', 'Ефимова Ксения Олеговна', born, recordBorn);
    expect(scored.decision).toBe('POSSIBLE_MATCH');
  });

  it('initials beside a surname one letter off stay a POSSIBLE_MATCH with the full birth date', () => {
    expect(initials('Ефимова К. О.', 'Ефимовва Ксения Олеговна', '1980-03-14').decision).toBe(
      'POSSIBLE_MATCH',
    );
  });
});

describe('gendered forms', () => {
  it.each([
    ['Иванов', 'Иванова'],
    ['Бельский', 'Бельская'],
    ['Толстой', 'Толстая'],
    ['Белый', 'Белая'],
    ['Александр', 'Александра'],
    ['Евгений', 'Евгения'],
    ['Сергеевич', 'Сергеевна'],
    ['Никитич', 'Никитична'],
    ['Ivanov', 'Ivanova'],
    ['Belskii', 'Belskaia'],
  ])('%s / %s are two genders, not a typo', (a, b) => {
    expect(isGenderPair(sk(a), sk(b))).toBe(true);
  });

  it.each([
    ['Иванов', 'Иванков'],
    ['Петров', 'Петрова-Водкина'],
  ])('%s / %s are not a gender pair', (a, b) => {
    expect(isGenderPair(sk(a), sk(b))).toBe(false);
  });

  it('Иванов / Иванова with everything else equal are different people', () => {
    const result = compare('Иванова Мария Петровна', 'Иванов Мария Петровна');
    expect(result.agreement).toBe('contradicts');
    expect(result.notes[0]).toBe('surname gender form differs (иванова ≠ иванов)');
  });

  it('twins Смирнов Александр Сергеевич / Смирнова Александра Сергеевна, same birth date: NO_MATCH', () => {
    const scored = scoreForeignAgent(
      person('Смирнов Александр Сергеевич', { birthDate: '1990-01-01' }),
      faPerson('Смирнова Александра Сергеевна', '1990-01-01'),
    );
    expect(scored.decision).toBe('NO_MATCH');
  });

  it('an equal identifier still overrides the gendered surname (a changed record)', () => {
    const scored = scoreForeignAgent(
      person('Иванова Мария Петровна', { inn: '500100732259' }),
      faPerson('Иванов Мария Петровна', '', { inn: '500100732259' }),
    );
    expect(scored.decision).toBe('MATCH');
  });
});

describe('typos', () => {
  it('one letter in a long part is tolerated', () => {
    const result = compare('Гусев Валерий Борисоович', 'Гусев Валерий Борисович');
    expect(result.agreement).toBe('full');
    expect(result.score).toBeCloseTo(0.97);
  });

  it('two swapped letters count as one slip', () => {
    expect(compare('Кузнецов Иван Петрвоич', 'Кузнецов Иван Петрович').score).toBeCloseTo(0.97);
  });

  it('a short part allows no slip', () => {
    expect(compare('Петров Иван Ильич', 'Петров Иона Ильич').agreement).toBe('contradicts');
  });

  it('two known given names one letter apart are different people (Алёна / Алина)', () => {
    expect(compare('Петрова Алёна Ильинична', 'Петрова Алина Ильинична').agreement).toBe('contradicts');
    expect(compare('Петрова Ирина Ильинична', 'Петрова Арина Ильинична').agreement).toBe('contradicts');
  });

  it('a typo does not turn a namesake with another birth date into a match', () => {
    const scored = scoreForeignAgent(
      person('Гусев Валерий Борисоович', { birthDate: '1970-01-01' }),
      faPerson('Гусев Валерий Борисович', '1971-01-01'),
    );
    expect(scored.decision).toBe('NO_MATCH');
  });
});

describe('partial names', () => {
  it('a surname alone is a weak hint', () => {
    expect(compare('Петров', 'Петров Игорь Николаевич')).toMatchObject({ agreement: 'partial', score: 0.6 });
  });

  it('a given name and patronymic without the surname are a weak hint', () => {
    expect(compare('Игорь Николаевич', 'Петров Игорь Николаевич').agreement).toBe('partial');
  });

  it('relatives sharing surname and patronymic contradict on the given name', () => {
    const result = compare('Петров Сергей Иванович', 'Петров Андрей Иванович');
    expect(result.agreement).toBe('contradicts');
    expect(result.notes).toContain('given name differs (сергей ≠ андрей)');
  });

  it('a name absent on one side scores 0', () => {
    expect(compare('', 'Петров Игорь').agreement).toBe('absent');
  });
});

describe('symmetry', () => {
  it.each([
    ['Петров Сергей Иванович', 'Петров Сергей Андреевич'],
    ['Гусев Валерий Борисоович', 'Гусев Валерий Борисович'],
    ['Иванов И.И.', 'Иванов Иван Ильич'],
    ['Smirnova Olga', 'Смирнова Ольга Викторовна'],
  ])('compare(%s, %s) = compare(b, a)', (a, b) => {
    expect(compare(a, b).score).toBeCloseTo(compare(b, a).score, 9);
  });
});
