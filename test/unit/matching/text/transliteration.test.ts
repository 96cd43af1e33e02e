import { describe, expect, it } from 'vitest';
import { scoreForeignAgent, scoreSanctions } from '../../../../src/matching/index.js';
import { faPerson, person, sanctions } from '../fixtures.js';

/**
 * Every system of docs/domain.md in both directions, with spellings written by hand from the letter table of
 * docs/matching.md (not produced by the engine's own transliterator), and Latin ↔ Latin across systems.
 */
const NAMES: readonly {
  readonly cyrillic: string;
  readonly birth: string;
  readonly spellings: Readonly<Record<string, string>>;
}[] = [
  {
    cyrillic: 'Цыганков Алексей Юрьевич',
    birth: '1971-02-08',
    spellings: {
      ICAO: 'Tsygankov Aleksei Iurevich',
      'GOST R 52535': 'Tcygankov Aleksei Iurevich',
      'GOST 7.79 B': 'Cy`gankov Aleksej Yur`evich',
      'BGN/PCGN': 'Tsygankov Aleksey Yur’yevich',
      '1997 passport': 'Tsygankov Aleksey Yurevich',
    },
  },
  {
    cyrillic: 'Щербакова Юлия Андреевна',
    birth: '1988-09-30',
    spellings: {
      ICAO: 'SHCHERBAKOVA, Iuliia Andreevna',
      'GOST 7.79 B': 'SHHERBAKOVA, Yuliya Andreevna',
      'BGN/PCGN': 'SHCHERBAKOVA, Yuliya Andreyevna',
    },
  },
  {
    cyrillic: 'Объедков Фёдор Михайлович',
    birth: '1965-12-01',
    spellings: {
      ICAO: 'Fedor Mikhailovich OBIEEDKOV',
      'GOST R 52535': 'Fedor Mikhailovich OBEDKOV',
      'GOST 7.79 B': 'Fyodor Mixajlovich OB``EDKOV',
      'BGN/PCGN': 'Fëdor Mikhaylovich OB”YEDKOV',
      '1997 passport': 'Fyodor Mikhaylovich OBEDKOV',
    },
  },
  {
    cyrillic: 'Хрущёва Ксения Вячеславовна',
    birth: '1990-04-17',
    spellings: {
      ICAO: 'Khrushcheva Kseniia Viacheslavovna',
      'GOST 7.79 B': 'Xrushhyova Kseniya Vyacheslavovna',
      'BGN/PCGN': 'Khrushchëva Kseniya Vyacheslavovna',
      '1997 passport': 'Khrushchyova Kseniya Vyacheslavovna',
    },
  },
];

describe.each(NAMES)('$cyrillic', ({ cyrillic, birth, spellings }) => {
  it.each(Object.entries(spellings))('Cyrillic client ↔ %s record: MATCH, system named', (system, latin) => {
    const scored = scoreSanctions(
      person(cyrillic, { birthDate: birth }),
      sanctions({ name: latin, birth_date: birth }),
    );
    expect(scored.decision).toBe('MATCH');
    expect(scored.explanation).toContain('Cyrillic ↔ Latin');
    // A name with letters every system shares may fit several; the written one must be among them.
    expect(scored.explanation).toMatch(
      new RegExp(`Latin [^)]*${system.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&')}`, 'u'),
    );
  });

  it.each(Object.entries(spellings))('%s client ↔ Cyrillic record: MATCH', (_system, latin) => {
    const scored = scoreForeignAgent(person(latin, { birthDate: birth }), faPerson(cyrillic, birth));
    expect(scored.decision).toBe('MATCH');
    expect(scored.explanation).toContain('↔ Cyrillic');
  });

  it('Latin ↔ Latin across every pair of systems: MATCH', () => {
    for (const [a, latinA] of Object.entries(spellings)) {
      for (const [b, latinB] of Object.entries(spellings)) {
        if (a === b) continue;
        const scored = scoreSanctions(
          person(latinA, { birthDate: birth }),
          sanctions({ name: latinB, birth_date: birth }),
        );
        expect(scored.decision, `${a} ↔ ${b}`).toBe('MATCH');
      }
    }
  });
});

describe('-ий endings and older spellings', () => {
  it.each([
    'Dmitrii Iurevich',
    'Dmitriy Yur’yevich',
    'Dmitrij Yur`evich',
    'Dmitry Yurievich',
    'Dmitry Yuryevich',
  ])('Дмитрий Юрьевич ↔ %s', (latin) => {
    const client = person('Кузнецов Дмитрий Юрьевич', { birthDate: '1970-01-02' });
    const scored = scoreSanctions(
      client,
      sanctions({ name: `KUZNETSOV, ${latin}`, birth_date: '1970-01-02' }),
    );
    expect(scored.decision).toBe('MATCH');
  });

  it('English-press x for кс (Alexander, Maxim) still matches', () => {
    const client = person('Максимов Александр Алексеевич', { birthDate: '1980-05-05' });
    const scored = scoreSanctions(
      client,
      sanctions({ name: 'Alexander Alexeevich MAXIMOV', birth_date: '1980-05-05' }),
    );
    expect(scored.decision).toBe('MATCH');
    expect(scored.explanation).toContain('mixed/non-standard');
  });

  it('a mixed-script name (Latin homoglyphs inside Cyrillic) matches its clean form', () => {
    const client = person('Сидоров Пётр Ильич', { birthDate: '1955-06-01' });
    // "Cидорoв" with Latin C and o.
    const scored = scoreForeignAgent(client, faPerson('Cидорoв Петр Ильич', '1955-06-01'));
    expect(scored.decision).toBe('MATCH');
  });
});
