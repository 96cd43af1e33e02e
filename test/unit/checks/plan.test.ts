import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latinToCyrillic } from '../../../src/checks/latin-to-cyrillic.js';
import { planCheck, type PlannedRequest } from '../../../src/checks/plan.js';
import type { CoreCheckKind } from '../../../src/domain/check.js';
import { DEFAULT_PROFILE, upstreamProfileSchema } from '../../../src/registry/profile.js';
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
    ]);
    for (const r of requests('sanctions', tsvetkova))
      expect((r.params as Readonly<Record<string, string>>).entity_type).toBe('person');
  });

  it('sends the foreign-agent search in Cyrillic only: the register is published in Russian', () => {
    expect(queries(requests('foreign_agent', tsvetkova))).toEqual(['name=Цветкова']);
  });

  it('narrows a capped search with the full name in the same spelling', () => {
    const narrowers = requests('sanctions', tsvetkova).map((r) =>
      'narrowers' in r ? r.narrowers.map((n) => n.name ?? n.name_local) : [],
    );
    expect(narrowers).toEqual([
      ['Цветкова Юлия Александровна'],
      ['Tsvetkova Iuliia Aleksandrovna'],
      ['TSVETKOVA Iuliia Aleksandrovna', 'TSVETKOVA IULIIA ALEKSANDROVNA'],
      ['Tcvetkova Iuliia Aleksandrovna'],
      ['TCVETKOVA Iuliia Aleksandrovna', 'TCVETKOVA IULIIA ALEKSANDROVNA'],
      ['Цветкова Юлия Александровна'],
    ]);
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

  it('adds the spaced form of a hyphenated name in Cyrillic', () => {
    const q = queries(requests('foreign_agent', person('Римская-Корсакова Мария')));
    expect(q).toEqual(['name=Римская-Корсакова', 'name=Римская Корсакова']);
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
        (words, org, crossScriptSearch, caseInsensitiveSearch) => {
          const profile = upstreamProfileSchema.parse({ crossScriptSearch, caseInsensitiveSearch });
          const name = words.join(' ');
          const client = org ? organization(name) : person(name);
          for (const kind of ['foreign_agent', 'sanctions'] as const) {
            const plan = planCheck(kind, client, profile);
            if (!('requests' in plan)) continue;
            const keys = plan.requests.map((r) => JSON.stringify(r.params));
            expect(new Set(keys).size).toBe(keys.length);
            for (const r of plan.requests) {
              const params = r.params as Readonly<Record<string, string>>;
              expect((params.name ?? params.name_local ?? params.inn ?? '').trim()).not.toBe('');
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

  it('gives nothing for a name no Russian spelling produces', () => {
    expect(latinToCyrillic('Smith')).toBeUndefined();
    expect(latinToCyrillic('Wong')).toBeUndefined();
  });
});
