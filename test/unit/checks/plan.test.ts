import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latinReadings, latinToCyrillic } from '../../../src/checks/latin-to-cyrillic.js';
import { planCheck, type PlannedRequest } from '../../../src/checks/plan.js';
import type { CoreCheckKind } from '../../../src/domain/check.js';
import { DEFAULT_PROFILE, upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { organization, person } from '../matching/fixtures.js';

const CROSS_SCRIPT = upstreamProfileSchema.parse({ crossScriptSearch: true });
const CASE_INSENSITIVE = upstreamProfileSchema.parse({ caseInsensitiveSearch: true });

function requests(
  kind: CoreCheckKind,
  ...args: Parameters<typeof planCheck> extends [unknown, ...infer R] ? R : never
) {
  const plan = planCheck(kind, ...args);
  if (!('requests' in plan)) throw new Error(`${kind} was skipped: ${plan.skip.reason}`);
  return plan.requests;
}

/** `param=value` of every request, for readable assertions. */
function queries(planned: readonly PlannedRequest[]): string[] {
  return planned.map((r) =>
    Object.entries(r.params as Readonly<Record<string, string>>)
      .filter(([k]) => k !== 'entity_type')
      .map(([k, v]) => `${k}=${v}`)
      .join('&'),
  );
}

describe('request plans: name searches in every spelling a register writes', () => {
  const tsvetkova = person('Цветкова Юлия Александровна', { birthDate: '1988-09-30' });

  it('sends the sanctions search in Cyrillic, in the Latin systems lists use (Title case and capitals) and as name_local', () => {
    expect(queries(requests('sanctions', tsvetkova))).toEqual([
      'name=Цветкова',
      'name=Tsvetkova',
      'name=TSVETKOVA',
      'name=Tcvetkova',
      'name=TCVETKOVA',
      'name_local=Цветкова',
      // The client's birth date: every listed person born that day, whatever the list's spelling.
      'birth_date=1988-09-30',
    ]);
    for (const r of requests('sanctions', tsvetkova))
      expect((r.params as Readonly<Record<string, string>>).entity_type).toBe('person');
  });

  it('sends the foreign-agent search in Cyrillic only: the register is published in Russian', () => {
    // The name in Cyrillic, then the birth date alone (fa-birth-date.test.ts).
    expect(queries(requests('foreign_agent', tsvetkova))).toEqual(['name=Цветкова', 'birth_date=1988-09-30']);
  });

  it('narrows a capped search by the birth date, and by longer and longer names, in the same spelling', () => {
    const narrowers = requests('sanctions', tsvetkova).map((r) =>
      'narrowers' in r ? r.narrowers.map((chain) => queries(chain.map((n) => ({ ...r, params: n })))) : [],
    );
    expect(narrowers).toEqual([
      [['name=Цветкова&birth_date=1988-09-30'], ['name=Цветкова Юлия', 'name=Цветкова Юлия Александровна']],
      [
        ['name=Tsvetkova&birth_date=1988-09-30'],
        ['name=Tsvetkova Iuliia', 'name=Tsvetkova Iuliia Aleksandrovna'],
      ],
      [
        ['name=TSVETKOVA&birth_date=1988-09-30'],
        ['name=TSVETKOVA Iuliia', 'name=TSVETKOVA Iuliia Aleksandrovna'],
        ['name=TSVETKOVA IULIIA', 'name=TSVETKOVA IULIIA ALEKSANDROVNA'],
      ],
      [
        ['name=Tcvetkova&birth_date=1988-09-30'],
        ['name=Tcvetkova Iuliia', 'name=Tcvetkova Iuliia Aleksandrovna'],
      ],
      [
        ['name=TCVETKOVA&birth_date=1988-09-30'],
        ['name=TCVETKOVA Iuliia', 'name=TCVETKOVA Iuliia Aleksandrovna'],
        ['name=TCVETKOVA IULIIA', 'name=TCVETKOVA IULIIA ALEKSANDROVNA'],
      ],
      [
        ['name_local=Цветкова&birth_date=1988-09-30'],
        ['name_local=Цветкова Юлия', 'name_local=Цветкова Юлия Александровна'],
      ],
      // The birth-date search: the date with each spelling of the surname.
      [
        ['name=Цветкова&birth_date=1988-09-30'],
        ['name=Tsvetkova&birth_date=1988-09-30'],
        ['name=TSVETKOVA&birth_date=1988-09-30'],
        ['name=Tcvetkova&birth_date=1988-09-30'],
        ['name=TCVETKOVA&birth_date=1988-09-30'],
        ['name_local=Цветкова&birth_date=1988-09-30'],
      ],
    ]);
    // Without a birth date, the names alone; written given name first, the surname still leads.
    const undated = requests('sanctions', person('Юлия Александровна Цветкова'));
    expect(undated[0] && 'narrowers' in undated[0] ? undated[0].narrowers : []).toEqual([
      [
        { name: 'Цветкова Юлия', entity_type: 'person' },
        { name: 'Цветкова Юлия Александровна', entity_type: 'person' },
      ],
    ]);
    // Initials narrow nothing: the contract does not say a name search reads them.
    const initials = requests('sanctions', person('Цветкова Ю. А.'));
    expect(initials[0] && 'narrowers' in initials[0] ? initials[0].narrowers : undefined).toEqual([]);
  });

  it('writes a name from a bank export in capitals as registers do, and folds ё', () => {
    expect(queries(requests('foreign_agent', person('ЩЕРБАКОВ ДМИТРИЙ ЮРЬЕВИЧ')))).toEqual(['name=Щербаков']);
    const yo = queries(requests('foreign_agent', person('Селезнёва Анна Петровна')));
    expect(yo).toEqual(['name=Селезнева', 'name=Селезнёва']);
  });

  it('also sends the -ёв form of an -ев surname, which registers keep and exports fold', () => {
    expect(queries(requests('foreign_agent', person('Ковалев Андрей Сергеевич')))).toEqual([
      'name=Ковалев',
      'name=Ковалёв',
    ]);
    // A vowel before -ев is no ё suffix.
    expect(queries(requests('foreign_agent', person('Николаев Петр')))).toEqual(['name=Николаев']);
  });

  it('sends the English-style -y ending of -ий and the BGN spellings', () => {
    const q = queries(requests('sanctions', person('Соколовский Петр')));
    expect(q).toEqual(
      expect.arrayContaining(['name=Sokolovskii', 'name=Sokolovskiy', 'name=Sokolovsky', 'name=SOKOLOVSKY']),
    );
  });

  it('adds the spaced form of a hyphenated name in Cyrillic, and each part of a double surname', () => {
    const q = queries(requests('foreign_agent', person('Римская-Корсакова Мария')));
    expect(q).toEqual(['name=Римская-Корсакова', 'name=Римская Корсакова', 'name=Римская', 'name=Корсакова']);
  });

  it('keeps an organization name as written and in capitals (its own case may matter)', () => {
    const q = queries(requests('foreign_agent', organization('ООО "Северный ветер"')));
    expect(q).toEqual(['name=Северный Ветер', 'name=Северный ветер', 'name=СЕВЕРНЫЙ ВЕТЕР']);
  });

  it('reads a Latin-script name back into Cyrillic', () => {
    const q = queries(requests('foreign_agent', person('TSVETKOVA Iuliia')));
    expect(q).toEqual(['name=Tsvetkova', 'name=TSVETKOVA', 'name=Цветкова']);
    expect(queries(requests('sanctions', person('TSVETKOVA Iuliia')))).toContain('name_local=Цветкова');
    // A name no Russian spelling gives stays Latin only.
    expect(queries(requests('foreign_agent', person('Smith John')))).toEqual(['name=Smith', 'name=SMITH']);
  });

  it('skips the transliterated spellings when the service searches across scripts', () => {
    expect(queries(requests('sanctions', tsvetkova, CROSS_SCRIPT))).toEqual([
      'name=Цветкова',
      'name_local=Цветкова',
      'birth_date=1988-09-30',
    ]);
    expect(queries(requests('foreign_agent', person('TSVETKOVA Iuliia'), CROSS_SCRIPT))).toEqual([
      'name=Tsvetkova',
      'name=TSVETKOVA',
    ]);
  });

  it('sends one case form when the service ignores case', () => {
    expect(queries(requests('sanctions', tsvetkova, CASE_INSENSITIVE))).toEqual([
      'name=Цветкова',
      'name=Tsvetkova',
      'name=Tcvetkova',
      'name_local=Цветкова',
      'birth_date=1988-09-30',
    ]);
  });

  it('keeps the bankruptcy and debtor checks to one request', () => {
    const c = person('Иванов Иван', { inn: '500100732259' });
    expect(queries(requests('bankruptcy', c))).toEqual(['search_string=500100732259']);
    expect(queries(requests('debtor', c))).toEqual(['inn=500100732259']);
  });

  it('also searches the foreign-agent register by every valid identifier of the client', () => {
    const c = person('Иванова Мария', { inn: '500100732259', snils: '11223344595' });
    expect(queries(requests('foreign_agent', c))).toEqual([
      'name=Иванова',
      'inn=500100732259',
      'snils=11223344595',
      'snils=112-233-445 95',
    ]);
    const { name: _name, ...nameless } = person('', { inn: '500100732259' });
    expect(queries(requests('foreign_agent', nameless))).toEqual(['inn=500100732259']);
    const org = organization('ООО Ромашка', { inn: '7701234560', ogrn: '1027700123450' });
    expect(queries(requests('foreign_agent', org))).toEqual(
      expect.arrayContaining(['inn=7701234560', 'ogrn=1027700123450']),
    );
  });

  it('never plans the same request twice, and every request has a value (any name, any profile)', () => {
    const letters = [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяabcdefghijklmnopqrstuvwxyzАБЦXY-'];
    const word = fc
      .array(fc.constantFrom(...letters), { minLength: 1, maxLength: 10 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (words, org, crossScriptSearch, caseInsensitiveSearch, dated) => {
          const profile = upstreamProfileSchema.parse({ crossScriptSearch, caseInsensitiveSearch });
          const name = words.join(' ');
          const birth = dated ? { birthDate: '1980-02-29' } : {};
          const client = org ? organization(name, birth) : person(name, birth);
          for (const kind of ['foreign_agent', 'sanctions'] as const) {
            const plan = planCheck(kind, client, profile);
            if (!('requests' in plan)) continue;
            const keys = plan.requests.map((r) => JSON.stringify(r.params));
            expect(new Set(keys).size).toBe(keys.length);
            for (const r of plan.requests) {
              const params = r.params as Readonly<Record<string, string>>;
              expect(
                (params.name ?? params.name_local ?? params.inn ?? params.birth_date ?? '').trim(),
              ).not.toBe('');
            }
          }
        },
      ),
    );
  });

  it('uses the default profile when none is given', () => {
    expect(requests('sanctions', tsvetkova)).toEqual(requests('sanctions', tsvetkova, DEFAULT_PROFILE));
  });
});

describe('request plans: names as other lists write them', () => {
  it('sends a Russian surname to the sanctions list in Ukrainian Cyrillic (name_local) and Ukrainian Latin (name)', () => {
    const q = queries(requests('sanctions', person('Григорьев Алексей Игоревич')));
    expect(q).toEqual(
      expect.arrayContaining([
        "name_local=Григор'єв",
        'name=Hryhoriev',
        'name=HRYHORIEV',
        "name_local=Грігор'єв",
      ]),
    );
    // The Ukrainian Cyrillic goes to the local-language field only, and never to the foreign-agent register.
    expect(q).not.toContain("name=Григор'єв");
    expect(queries(requests('foreign_agent', person('Григорьев Алексей Игоревич')))).toEqual([
      'name=Григорьев',
      'name=Григорьёв',
    ]);
    expect(queries(requests('sanctions', person('Соловьёв Павел')))).toEqual(
      expect.arrayContaining(['name_local=Соловйов', 'name=Soloviov']),
    );
  });

  it('trims the Ukrainian forms by the profile: Cyrillic kept across scripts, capitals dropped without case', () => {
    const client = person('Григорьев Алексей');
    const cross = queries(requests('sanctions', client, CROSS_SCRIPT));
    expect(cross).toContain("name_local=Григор'єв");
    expect(cross.filter((x) => /[a-z]/i.test(x.split('=')[1] ?? ''))).toEqual([]);
    const noCase = queries(requests('sanctions', client, CASE_INSENSITIVE));
    expect(noCase).toContain('name=Hryhoriev');
    expect(noCase).not.toContain('name=HRYHORIEV');
  });

  it('searches the sanctions list by a person’s birth date, narrowed by the date with each surname spelling', () => {
    const client = person('Кузнецов Иван Петрович', { birthDate: '1970-01-02' });
    const planned = requests('sanctions', client);
    const byDate = planned.find((r) => 'birth_date' in r.params && !('name' in r.params));
    expect(byDate?.params).toEqual({ birth_date: '1970-01-02', entity_type: 'person' });
    expect(byDate && 'narrowers' in byDate ? byDate.narrowers : []).toEqual(
      expect.arrayContaining([
        [{ name: 'Kuznetsov', birth_date: '1970-01-02', entity_type: 'person' }],
        [{ name_local: 'Кузнецов', birth_date: '1970-01-02', entity_type: 'person' }],
      ]),
    );
    // No date, or an organization: no such search.
    expect(queries(requests('sanctions', person('Кузнецов Иван')))).not.toContainEqual(
      expect.stringMatching(/^birth_date/),
    );
    expect(
      queries(requests('sanctions', organization('ООО Кузнецов', { birthDate: '1970-01-02' }))).some((x) =>
        x.startsWith('birth_date'),
      ),
    ).toBe(false);
  });

  it('searches each part of a double surname, joined both ways', () => {
    const hyphen = queries(requests('foreign_agent', person('Соколова-Ланская Анна Петровна')));
    expect(hyphen).toEqual([
      'name=Соколова-Ланская',
      'name=Соколова Ланская',
      'name=Соколова',
      'name=Ланская',
    ]);
    const spaced = queries(requests('foreign_agent', person('Мусина Ахметова Лейла Ринатовна')));
    expect(spaced).toEqual(expect.arrayContaining(['name=Мусина', 'name=Мусина-Ахметова', 'name=Ахметова']));
    // A part is narrowed with the given names in its own place.
    const part = requests('foreign_agent', person('Соколова-Ланская Анна Петровна')).find(
      (r) => (r.params as Readonly<Record<string, string>>).name === 'Ланская',
    );
    expect(part && 'narrowers' in part ? part.narrowers : []).toEqual([
      [{ name: 'Ланская Анна' }, { name: 'Ланская Анна Петровна' }],
    ]);
    // A Turkic patronymic is no second surname.
    expect(queries(requests('foreign_agent', person('Мамедов Эльчин Рафик оглы')))).toEqual(['name=Мамедов']);
  });

  it('reads a Latin name back both with and without the soft sign the Latin leaves out', () => {
    const q = queries(requests('foreign_agent', person('Vorobyov Ilya')));
    expect(q).toEqual(expect.arrayContaining(['name=Воробёв', 'name=Воробьёв']));
  });
});

describe('reading a Latin name back into Cyrillic', () => {
  it.each([
    ['Tsvetkova', 'цветкова'],
    ['Shcherbakov', 'щербаков'],
    ['Grigoryev', 'григорьев'],
    ['Sokolovsky', 'соколовский'],
    ['Sergei', 'сергей'],
    ['Zhukovskaya', 'жуковская'],
    ['Iuliia', 'юлия'],
  ])('%s → %s', (latin, cyrillic) => expect(latinToCyrillic(latin)).toBe(cyrillic));

  it.each([
    ['Vorobyov', ['воробёв', 'воробьёв']],
    ['Solovyova', ['соловёва', 'соловьёва']],
    ['Dyachenko', ['дяченко', 'дьяченко']],
    ['Grigoryev', ['григорьев']],
    ['Vorobyov Ilya', ['воробёв иля', 'воробьёв илья']],
  ])('%s reads as each of %j', (latin, readings) => expect(latinReadings(latin)).toEqual(readings));

  it('gives nothing for a name no Russian spelling produces', () => {
    expect(latinReadings('Smith')).toEqual([]);
    expect(latinToCyrillic('Smith')).toBeUndefined();
    expect(latinToCyrillic('Wong')).toBeUndefined();
  });
});
