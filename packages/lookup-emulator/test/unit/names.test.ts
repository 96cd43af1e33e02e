import { describe, expect, it } from 'vitest';
import { NameSource, feminineSurname, fullName } from '../../src/names.js';
import { Random } from '../../src/random.js';
import { generateRegisters } from '../../src/registers/index.js';
import { transliterate } from '../../src/transliterate.js';

describe('gendered surnames', () => {
  it.each([
    ['Иванов', 'Иванова'],
    ['Соловьёв', 'Соловьёва'],
    ['Никитин', 'Никитина'],
    ['Голицын', 'Голицына'],
    ['Вишневский', 'Вишневская'],
    ['Троицкий', 'Троицкая'],
    ['Донской', 'Донская'],
    ['Шевченко', 'Шевченко'],
    ['Черных', 'Черных'],
    ['Петросян', 'Петросян'],
  ])('%s → %s', (male, female) => expect(feminineSurname(male)).toBe(female));
});

describe('generated people', () => {
  const source = new NameSource({ reservedSurnames: new Set(['иванов', 'иванова']) });

  it('never draws a reserved surname', () => {
    expect(source.allSurnames()).not.toContain('Иванов');
    expect(source.allSurnames()).not.toContain('Иванова');
  });

  it('patronymic and surname agree with the gender', () => {
    const rng = new Random(1);
    for (let i = 0; i < 2000; i++) {
      const person = source.person(rng);
      if (person.gender === 'male') {
        expect(person.patronymic, fullName(person)).toMatch(/(ович|евич|ич)$/);
        expect(person.surname, fullName(person)).not.toMatch(/(ова|ева|ёва|ина|ская|цкая)$/);
      } else {
        expect(person.patronymic, fullName(person)).toMatch(/(овна|евна|ична|инична)$/);
        expect(person.surname, fullName(person)).not.toMatch(/(ов|ев|ёв|ин|ский|цкий)$/);
      }
    }
  });

  it('the registers hold names with ё', () => {
    const names = generateRegisters(42).foreignAgents.map((r) => r.data.name);
    expect(names.some((name) => name.includes('ё'))).toBe(true);
  });
});

describe('transliteration systems', () => {
  it.each([
    ['Щербаков Юрий', 'icao', 'Shcherbakov Iurii'],
    ['Цветкова Юлия', 'icao', 'Tsvetkova Iuliia'],
    ['Цветкова Юлия', 'gost52535', 'Tcvetkova Iuliia'],
    ['Цветкова Юлия', 'bgn', 'Tsvetkova Yuliya'],
    ['Цветкова Юлия', 'passport1997', 'Tsvetkova Yuliya'],
    ['Евгений Васильев', 'bgn', 'Yevgeniy Vasil\u2019yev'],
    ['Евгений Васильев', 'passport1997', 'Yevgeniy Vasilev'],
    ['Евгений Васильев', 'icao', 'Evgenii Vasilev'],
    ['Королёв', 'bgn', 'Korolëv'],
    ['Королёв', 'passport1997', 'Korolyov'],
    ['Подъячев', 'icao', 'Podieiachev'],
    ['Подъячев', 'gost52535', 'Podiachev'],
  ] as const)('%s in %s → %s', (cyrillic, system, latin) =>
    expect(transliterate(cyrillic, system)).toBe(latin),
  );
});
