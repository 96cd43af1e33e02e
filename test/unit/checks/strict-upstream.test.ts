import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Looked, Lookup } from '../../../src/checks/run-check.js';
import { runCheck } from '../../../src/checks/run-check.js';
import type { Client } from '../../../src/domain/client.js';
import type {
  ForeignAgentData,
  ForeignAgentRecord,
  SanctionsData,
  SanctionsRecord,
} from '../../../src/domain/records.js';
import { upstreamProfileSchema, type UpstreamProfile } from '../../../src/settings/upstream-profile.js';
import { foreignAgent, person, sanctions } from '../matching/fixtures.js';

/**
 * An upstream whose name search is a plain full-text index: every query word must be a whole word of the
 * searched field, compared exactly (case-sensitive, no ё folding, no other script). `name` of the
 * sanctions list looks at `name` only, `name_local` at `name_local` only. This is a reading the service's
 * contract allows; the request plans must find listed clients under it.
 */
function words(text: string | null): Set<string> {
  return new Set((text ?? '').split(/[\s«»"“”,.;()]+/).filter((w) => w.length > 0));
}

function fieldMatches(field: string | null, query: string): boolean {
  const have = words(field);
  const wanted = [...words(query)];
  return wanted.length > 0 && wanted.every((w) => have.has(w));
}

interface StrictUpstream {
  readonly lookup: Lookup;
  readonly calls: string[];
}

function strictUpstream(
  agents: readonly ForeignAgentRecord[],
  list: readonly SanctionsRecord[],
  cap = 100,
): StrictUpstream {
  const calls: string[] = [];
  const answer = <T>(operation: string, params: Readonly<Record<string, string>>, data: T): Looked<T> => {
    calls.push(`${operation} ${JSON.stringify(params)}`);
    return { data, record: { operation, params, status: 200 } };
  };
  const matchAll = <R extends { data: object }>(
    records: readonly R[],
    params: Readonly<Record<string, string>>,
    text: ReadonlySet<string>,
  ): R[] =>
    records
      .filter((r) =>
        Object.entries(params).every(([key, value]) => {
          const field = (r.data as Record<string, string | null>)[key] ?? null;
          return text.has(key) ? fieldMatches(field, value) : field === value;
        }),
      )
      .slice(0, cap);
  const lookup: Lookup = {
    searchForeignAgents: (params) =>
      Promise.resolve(
        answer('search.foreign_agent', params, matchAll(agents, params, new Set(['name', 'address']))),
      ),
    searchSanctions: (params) =>
      Promise.resolve(
        answer(
          'search.sanctions',
          params,
          matchAll(list, params, new Set(['name', 'name_local', 'address'])),
        ),
      ),
    searchBankruptcy: () => Promise.reject(new Error('not used')),
    debtorByInn: () => Promise.reject(new Error('not used')),
    validateEmail: () => Promise.reject(new Error('not used')),
    cardData: () => Promise.reject(new Error('not used')),
    cadastralReport: () => Promise.reject(new Error('not used')),
    bankByBik: (bik) => Promise.resolve(answer('dictionary.values', { bik }, {})),
  };
  return { lookup, calls };
}

interface Planted {
  readonly id: string;
  readonly register: string;
  readonly record: Record<string, unknown>;
  readonly client: Partial<Client>;
  readonly expect: { readonly check: string; readonly why: string };
}

const planted = (
  JSON.parse(
    readFileSync(new URL('../../../packages/lookup-emulator/data/planted.json', import.meta.url), 'utf8'),
  ) as {
    planted: Planted[];
  }
).planted;

const agents = planted
  .filter((p) => p.register === 'minjust_foreign_agent')
  .map((p) => foreignAgent(p.record as Partial<ForeignAgentData>));
const list = planted
  .filter((p) => p.register === 'sanctions')
  .map((p) => sanctions(p.record as Partial<SanctionsData> & { name: string }));

function clientOf(p: Planted): Client {
  return { row: 1, entityType: 'person', entityTypeSource: 'column', warnings: [], ...p.client };
}

describe('recall against an upstream that matches whole words in one script, case-sensitively', () => {
  it('finds the client listed only in Latin capitals (TSVETKOVA Iuliia Aleksandrovna)', async () => {
    const { lookup, calls } = strictUpstream(agents, list);
    const client = person('Цветкова Юлия Александровна', { birthDate: '1988-09-30' });
    const result = await runCheck('sanctions', client, lookup);
    expect(result.status).toBe('MATCH');
    expect(result.candidates.find((c) => c.decision === 'MATCH')?.recordName).toBe(
      'TSVETKOVA Iuliia Aleksandrovna',
    );
    // The evidence shows every request the check made, each once.
    expect(result.requests).toHaveLength(calls.length);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('misses that client when the profile claims a cross-script search the upstream does not do', async () => {
    // The profile is the operator's word for what the service does: a wrong one costs recall, which is
    // why the default assumes the least. Only the search by the birth date, which needs no spelling,
    // still finds a client who has one.
    const { lookup } = strictUpstream(agents, list);
    const wrong = upstreamProfileSchema.parse({ crossScriptSearch: true });
    const undated = person('Цветкова Юлия Александровна');
    expect((await runCheck('sanctions', undated, lookup, wrong)).status).toBe('CLEAR');
    const dated = person('Цветкова Юлия Александровна', { birthDate: '1988-09-30' });
    expect((await runCheck('sanctions', dated, lookup, wrong)).status).toBe('MATCH');
  });

  const watchlisted = planted.filter(
    (p) => p.register === 'minjust_foreign_agent' || p.register === 'sanctions',
  );
  it.each(watchlisted.map((p) => [p.id, p] as const))('planted %s keeps its status', async (_id, p) => {
    const { lookup } = strictUpstream(agents, list);
    const kind = p.register === 'sanctions' ? 'sanctions' : 'foreign_agent';
    const result = await runCheck(kind, clientOf(p), lookup);
    expect(result.status, p.expect.why).toBe(p.expect.check);
  });

  it('finds a woman listed under her maiden surname by her INN', async () => {
    const maiden = foreignAgent({
      name: 'Соколова Ирина Павловна',
      birth_date: '1979-06-11',
      inn: '500100732259',
      agent_type: 'Физическое лицо',
      registration_number: 'FA-0901',
    });
    const { lookup } = strictUpstream([...agents, maiden], list);
    const client = person('Белоусова Ирина Павловна', { birthDate: '1979-06-11', inn: '500100732259' });
    const result = await runCheck('foreign_agent', client, lookup);
    expect(result.status).toBe('MATCH');
    expect(result.detail).toContain('FA-0901');
    // Another valid INN on the record counts against it, whatever the name says.
    const other = foreignAgent({ ...maiden.data, name: 'Белоусова Ирина Павловна', inn: '500100733380' });
    const against = await runCheck('foreign_agent', client, strictUpstream([other], []).lookup);
    expect(against.status).toBe('CLEAR');
  });

  it('scores a record found by several spellings once', async () => {
    const both = sanctions({
      name: 'TSVETKOVA Iuliia Aleksandrovna',
      name_local: 'Цветкова Юлия Александровна',
      birth_date: '1988-09-30',
    });
    const { lookup, calls } = strictUpstream([], [both]);
    const client = person('Цветкова Юлия Александровна', { birthDate: '1988-09-30' });
    const result = await runCheck('sanctions', client, lookup);
    expect(result.status).toBe('MATCH');
    expect(calls.length).toBeGreaterThan(2);
    expect(result.candidates).toHaveLength(1);
  });

  it('narrows a capped answer of any spelling with longer names in that spelling', async () => {
    // Three namesakes fill a cap of 3 on the capitals form; the listed person is the fourth record.
    const namesakes = ['Anna', 'Olga', 'Maria'].map((given) =>
      sanctions({ name: `TSVETKOVA ${given} Petrovna`, birth_date: '1970-01-01' }),
    );
    const target = sanctions({ name: 'TSVETKOVA Iuliia Aleksandrovna', birth_date: '1988-09-30' });
    const { lookup, calls } = strictUpstream([], [...namesakes, target], 3);
    const profile: UpstreamProfile = upstreamProfileSchema.parse({ resultCap: 3 });
    const client = person('Цветкова Юлия Александровна', { birthDate: '1988-09-30' });
    const result = await runCheck('sanctions', client, lookup, profile);
    // Only the capitals form filled the cap: it alone is narrowed, both ways lists write given names, each
    // stopping at surname + given name, whose answer is no longer cut.
    expect(calls.filter((c) => c.includes('IULIIA') || c.includes('Iuliia'))).toEqual([
      'search.sanctions {"name":"TSVETKOVA Iuliia","entity_type":"person"}',
      'search.sanctions {"name":"TSVETKOVA IULIIA","entity_type":"person"}',
    ]);
    expect(result.status).toBe('MATCH');
  });
});

/** The names of the records the upstream returned to any request of the check. */
function retrieving(lookup: Lookup): { lookup: Lookup; names: Set<string> } {
  const names = new Set<string>();
  return {
    names,
    lookup: {
      ...lookup,
      searchSanctions: async (params) => {
        const found = await lookup.searchSanctions(params);
        for (const r of found.data) names.add(r.data.name);
        return found;
      },
    },
  };
}

describe('retrieval of records written the way other lists write names (whole-word, case-sensitive upstream)', () => {
  it('finds a Ukrainian list entry by the Ukrainian Latin and Ukrainian Cyrillic of a Russian surname', async () => {
    const entry = sanctions({
      name: 'HRYHORIEV Oleksii Ihorovych',
      name_local: "Григор'єв Олексій Ігорович",
      edrpou: '12345678',
    });
    const { lookup, calls } = strictUpstream([], [entry]);
    const seen = retrieving(lookup);
    await runCheck('sanctions', person('Григорьев Алексей Игоревич'), seen.lookup);
    expect([...seen.names]).toEqual(['HRYHORIEV Oleksii Ihorovych']);
    expect(calls).toContain('search.sanctions {"name":"HRYHORIEV","entity_type":"person"}');
    expect(calls).toContain('search.sanctions {"name_local":"Григор\'єв","entity_type":"person"}');
  });

  it('finds a listed person whose Latin spelling no system gives (KUZNETZOV) by the birth date', async () => {
    const entry = sanctions({ name: 'KUZNETZOV Ivan Petrovich', birth_date: '1970-01-02' });
    const other = sanctions({ name: 'PETROV Oleg', birth_date: '1970-01-02' });
    const { lookup } = strictUpstream([], [entry, other]);
    const seen = retrieving(lookup);
    const client = person('Кузнецов Иван Петрович', { birthDate: '1970-01-02' });
    await runCheck('sanctions', client, seen.lookup);
    expect(seen.names).toContain('KUZNETZOV Ivan Petrovich');
  });

  it('narrows a capped common surname by the birth date when the list writes the given names otherwise', async () => {
    // Three namesakes fill a cap of 3 on `SMIRNOV`, and three others born the same day fill it on the date;
    // the full name in Russian forms (`Gleb Arkadevich`) does not find `Hlib Arkadiiovych`.
    const namesakes = ['Anton', 'Boris', 'Pavel'].map((given) =>
      sanctions({ name: `SMIRNOV ${given} Ivanovych`, birth_date: '1960-01-01' }),
    );
    const sameDay = ['KOVAL Ivan', 'MELNYK Petro', 'SHEVCHUK Olha'].map((name) =>
      sanctions({ name, birth_date: '1980-05-05' }),
    );
    const target = sanctions({ name: 'SMIRNOV Hlib Arkadiiovych', birth_date: '1980-05-05' });
    const { lookup, calls } = strictUpstream([], [...namesakes, ...sameDay, target], 3);
    const seen = retrieving(lookup);
    const profile = upstreamProfileSchema.parse({ resultCap: 3 });
    const client = person('Смирнов Глеб Аркадьевич', { birthDate: '1980-05-05' });
    await runCheck('sanctions', client, seen.lookup, profile);
    expect(seen.names).toContain('SMIRNOV Hlib Arkadiiovych');
    expect(calls).toContain(
      'search.sanctions {"name":"SMIRNOV","birth_date":"1980-05-05","entity_type":"person"}',
    );
  });

  it('finds one part of a double surname listed alone', async () => {
    const entry = sanctions({ name: 'SOKOLOVA Anna Petrovna', birth_date: '1975-03-03' });
    const { lookup } = strictUpstream([], [entry]);
    const seen = retrieving(lookup);
    await runCheck('sanctions', person('Соколова-Ланская Анна Петровна'), seen.lookup);
    expect([...seen.names]).toEqual(['SOKOLOVA Anna Petrovna']);
  });

  it('finds a Cyrillic entry with the soft sign a Latin client name leaves out (Vorobyov → Воробьёв)', async () => {
    const entry = foreignAgent({ name: 'Воробьёв Илья Сергеевич', agent_type: 'Физическое лицо' });
    const { lookup, calls } = strictUpstream([entry], []);
    const names: string[] = [];
    await runCheck('foreign_agent', person('Vorobyov Ilya'), {
      ...lookup,
      searchForeignAgents: async (params) => {
        const found = await lookup.searchForeignAgents(params);
        names.push(...found.data.map((r) => r.data.name));
        return found;
      },
    });
    expect(calls).toContain('search.foreign_agent {"name":"Воробьёв"}');
    expect(names).toEqual(['Воробьёв Илья Сергеевич']);
  });
});

describe('the search by birth date does not flag a client for a namesake of the day', () => {
  it('keeps a client CLEAR whom only other persons born the same day share a record with', async () => {
    const sameDay = [
      'PETROV Oleg Ivanovich',
      'KOVALENKO Iryna Petrivna',
      'Сидоров Павел Андреевич',
      'KUZMIN Ivan Sergeevich',
    ].map((name) => sanctions({ name, birth_date: '1970-01-02' }));
    const { lookup } = strictUpstream([], sameDay);
    const seen = retrieving(lookup);
    const client = person('Кузнецов Иван Петрович', { birthDate: '1970-01-02' });
    const result = await runCheck('sanctions', client, seen.lookup);
    // All four were returned and scored, and none is the client.
    expect(seen.names.size).toBe(4);
    expect(result.status).toBe('CLEAR');
  });
});
