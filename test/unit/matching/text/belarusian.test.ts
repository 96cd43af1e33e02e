import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreSanctions } from '../../../../src/matching/index.js';
import { skeletonKeys } from '../../../../src/matching/text/skeleton.js';
import { reducedKeys } from '../../../../src/matching/text/belarusian.js';
import { person, sanctions } from '../fixtures.js';

/** A Russian client against a Belarusian list entry (Latin `name`, Cyrillic `name_local` when given). */
function decide(
  client: string,
  record: { name: string; name_local?: string },
  born: string | null = '1978-02-28',
  clientBorn: string | null = '1978-02-28',
) {
  return scoreSanctions(
    person(client, clientBorn === null ? {} : { birthDate: clientBorn }),
    sanctions({ name: record.name, name_local: record.name_local ?? null, birth_date: born }),
  );
}

describe('Belarusian forms of Russian surnames and names', () => {
  it.each([
    ['Соколов Дмитрий Игоревич', 'SAKALOU Dzmitry Iharavich', 'Сакалоў Дзмітрый Ігаравіч'],
    ['Соколов Андрей Александрович', 'SAKALOU Andrei Aliaksandravich', undefined],
    ['Соколова Светлана Александровна', 'SAKALOVA Sviatlana Aliaksandrauna', undefined],
    ['Кузнецов Юрий Алексеевич', 'KUZNIATSOU Yury Aliakseevich', 'Кузняцоў Юрый Аляксеевіч'],
    ['Кузнецов Виктор Викторович', 'KUZNIATSOU Viktar Viktaravich', undefined],
    ['Волкова Светлана Николаевна', 'VAUKOVA Sviatlana Mikalaeuna', 'Ваўкова Святлана Мікалаеўна'],
    ['Макарова Елена Алексеевна', 'MAKARAVA Alena Aliakseeuna', 'Макарава Алена Аляксееўна'],
    ['Соколова Татьяна Алексеевна', 'SAKALOVA Tatsiana Aliakseeuna', 'Сакалова Тацяна Аляксееўна'],
  ])('%s is %s with the same full birth date', (client, name, local) => {
    const scored = decide(client, { name, ...(local === undefined ? {} : { name_local: local }) });
    expect(scored.decision).toBe('MATCH');
    expect(scored.explanation).toContain('in a Belarusian form');
  });

  it.each([
    ['no birth date on the client', '1978-02-28', null],
    ['no birth date on the record', null, '1978-02-28'],
    ['another birth date', '1981-06-03', '1978-02-28'],
    ['the same year only', '1978', '1978-02-28'],
  ] as const)(
    'without an equal full birth date a Belarusian surname form is no match: %s',
    (_, born, clientBorn) => {
      const scored = decide(
        'Соколов Дмитрий Игоревич',
        { name: 'SAKALOU Dzmitry Iharavich' },
        born,
        clientBorn,
      );
      expect(scored.decision).toBe('NO_MATCH');
    },
  );

  it.each([
    ['another given name', 'Соколова Наталья Викторовна', 'SAKALOVA Sviatlana Viktarauna'],
    ['only the surname', 'Соколов Дмитрий Игоревич', 'SAKALOU Uladzimir Ivanavich'],
    ['the other gender', 'Соколова Светлана Александровна', 'SAKALOU Sviatlana Aliaksandrauna'],
    ['a Russian name on both sides', 'Щеглов Игорь Петрович', 'SCHEGOLEV Igor Petrovich'],
    ['Russian Алёна is not Елена', 'Макарова Елена Алексеевна', 'MAKAROVA Alena Alekseevna'],
    ['Russian Алёна is not Елена in Cyrillic', 'Макарова Елена Алексеевна', 'Макарова Алена Алексеевна'],
  ])('%s: %s ≠ %s', (_, client, name) => {
    expect(decide(client, { name }).decision).toBe('NO_MATCH');
  });

  it('the reduced key is the same for a surname and its akanie forms (о → а, -ов → -оў)', () => {
    const consonants = [...'бвгджзклмнпрстфхчш'];
    const stem = fc
      .array(fc.tuple(fc.constantFrom(...consonants), fc.constantFrom('о', 'а')), {
        minLength: 2,
        maxLength: 4,
      })
      .map((parts) => parts.map(([c, v]) => c + v).join(''));
    fc.assert(
      fc.property(stem, (s) => {
        const russian = `${s.replaceAll('а', 'о')}в`;
        const belarusian = `${s.replaceAll('о', 'а')}ў`;
        expect(reducedKeys(skeletonKeys(belarusian))).toEqual(reducedKeys(skeletonKeys(russian)));
      }),
    );
  });
});
