import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latinReadings } from '../../../src/checks/latin-to-cyrillic.js';
import { planCheck } from '../../../src/checks/plan.js';
import { runCheck, type Lookup } from '../../../src/checks/run-check.js';
import type { ForeignAgentRecord } from '../../../src/domain/records.js';
import { faPerson, person } from '../matching/fixtures.js';
import { answered, fakeLookup } from './fake-lookup.js';

/** A Cyrillic register searched by whole words in the script of the query (no transliteration). */
function wholeWord(records: readonly ForeignAgentRecord[]): Lookup {
  const words = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);
  return fakeLookup({
    searchForeignAgents: (params) => {
      const data = records.filter(
        (r) => params.name !== undefined && words(params.name).every((w) => words(r.data.name).includes(w)),
      );
      return Promise.resolve(answered('search.foreign_agent', params, data));
    },
  });
}

describe('reading a Latin name back where the Latin drops or marks the soft sign, or writes j', () => {
  it.each([
    // ICAO and GOST R 52535 drop ь: the reading without it first, the one with it as the alternative.
    ['Grigoreva Ekaterina Vadimovna', 'григорьева екатерина вадимовна'],
    ['VASILEVA KRISTINA', 'васильева кристина'],
    ['Vasilev Stanislav Jurevich', 'васильев станислав юрьевич'],
    ['Vasileva Julija', 'васильева юлия'],
    ['Lukianov', 'лукьянов'],
    // An apostrophe is the soft sign.
    ["Vasil'eva Irina", 'васильева ирина'],
    ["Murav'eva Alina", 'муравьева алина'],
    ["Grigor'eva Nadezhda", 'григорьева надежда'],
    // j for й, ю, я, е.
    ['Dmitrij', 'дмитрий'],
    ['Majorov', 'майоров'],
    ['Jegorov', 'егоров'],
  ])('%s is also read as %s', (latin, cyrillic) => expect(latinReadings(latin)).toContain(cyrillic));

  it('ranks the plain reading before a guessed soft sign, and guesses none where Russian names have none', () => {
    expect(latinReadings('Grigoreva')).toEqual(['григорева', 'григорьева']);
    expect(latinReadings('Kuznetsova Elena Sergeevna')).toEqual(['кузнецова елена сергеевна']);
    expect(latinReadings("Vasil'eva")).toEqual(['васильева']);
  });

  it('keeps at most four readings of a word, each in Cyrillic letters with a letter besides the signs (property)', () => {
    const chunk = fc.constantFrom('v', 'l', 'r', 'e', 'a', 'ia', 'iu', 'ye', 'ja', 'ju', 'jo', "'", 'o', 'n');
    fc.assert(
      fc.property(
        fc.constantFrom('b', 'gr', 'm', 'k'),
        fc.array(chunk, { minLength: 1, maxLength: 8 }),
        (start, rest) => {
          const word = start + rest.join('');
          const readings = latinReadings(word);
          expect(readings.length).toBeLessThanOrEqual(4);
          for (const r of readings) {
            expect(r).toMatch(/^[а-яё]+$/);
            const bare = r.replace(/[ьъ]/g, '');
            expect(bare.length).toBeGreaterThan(0);
          }
        },
      ),
    );
  });
});

describe('a Latin-script client against a Cyrillic register searched by whole words', () => {
  const register = wholeWord([
    faPerson('Григорьева Екатерина Вадимовна', '1984-05-06'),
    faPerson('Васильева Ирина Олеговна', '1979-01-20'),
    faPerson('Васильев Станислав Юрьевич', '1990-07-07'),
  ]);
  it.each([
    ['Grigoreva Ekaterina Vadimovna', 'Григорьева'],
    ["Vasil'eva Irina", 'Васильева'],
    ['Vasilev Stanislav Jurevich', 'Васильев'],
  ])('%s (no birth date) is searched as %s and found', async (latin, query) => {
    const client = person(latin);
    const plan = planCheck('foreign_agent', client);
    const names =
      'requests' in plan ? plan.requests.map((r) => (r.params as Record<string, string>).name) : [];
    expect(names).toContain(query);
    const result = await runCheck('foreign_agent', client, register);
    expect(result.status).not.toBe('CLEAR');
  });
});
