import { describe, expect, it } from 'vitest';
import { planCheck } from '../../../src/checks/plan.js';
import { runCheck, type Lookup } from '../../../src/checks/run-check.js';
import type { ForeignAgentRecord } from '../../../src/domain/records.js';
import { upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { faPerson, person } from '../matching/fixtures.js';
import { answered, fakeLookup } from './fake-lookup.js';

/**
 * A foreign-agent register searched the way a whole-word service searches it: every word of `name` must be
 * a word of the record's name (case folded, no other script), `birth_date` must be equal. The listed
 * `Борисов` is written with the Latin look-alike o for о, so no Cyrillic spelling of the client finds it.
 */
const DISGUISED = 'Бoрисoв Андрей Викторович'.replace(/о/g, 'o');
const REGISTER: ForeignAgentRecord[] = [
  faPerson(DISGUISED, '1975-03-14'),
  faPerson('Петров Олег Иванович', '1975-03-14'),
  faPerson('Сидорова Анна Павловна', '1981-11-02'),
];

function wholeWordRegister(records: readonly ForeignAgentRecord[]): { lookup: Lookup; calls: string[] } {
  const calls: string[] = [];
  const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (r: ForeignAgentRecord, params: Readonly<Record<string, string>>) =>
    Object.entries(params).every(([key, value]) => {
      if (key === 'name') return words(value).every((w) => words(r.data.name).includes(w));
      return (r.data as unknown as Record<string, string>)[key] === value;
    });
  return {
    calls,
    lookup: fakeLookup({
      searchForeignAgents: (params) => {
        calls.push(new URLSearchParams(params as Record<string, string>).toString());
        return Promise.resolve(
          answered(
            'search.foreign_agent',
            params,
            records.filter((r) => matches(r, params)),
          ),
        );
      },
    }),
  };
}

describe('the foreign-agent search by a person’s birth date', () => {
  it('finds a listed person whose name the register writes with look-alike letters of another script', async () => {
    const { lookup } = wholeWordRegister(REGISTER);
    const client = person('Борисов Андрей Викторович', { birthDate: '1975-03-14' });
    const result = await runCheck('foreign_agent', client, lookup);
    expect(result.status).not.toBe('CLEAR');
  });

  it('keeps a client born that day who is none of the listed persons CLEAR', async () => {
    const { lookup } = wholeWordRegister(REGISTER);
    const client = person('Кузнецова Мария Петровна', { birthDate: '1975-03-14' });
    const result = await runCheck('foreign_agent', client, lookup);
    expect(result.status).toBe('CLEAR');
  });

  it('is one request per date (the run’s cache answers namesakes of the date), narrowed by the date with each surname spelling', () => {
    const plan = planCheck('foreign_agent', person('Ковалев Андрей Сергеевич', { birthDate: '1975-03-14' }));
    if (!('requests' in plan)) throw new Error('skipped');
    const byDate = plan.requests.filter((r) => 'birth_date' in r.params && !('name' in r.params));
    expect(byDate.map((r) => r.params)).toEqual([{ birth_date: '1975-03-14' }]);
    expect(byDate[0] && 'narrowers' in byDate[0] ? byDate[0].narrowers : []).toEqual([
      [{ name: 'Ковалев', birth_date: '1975-03-14' }],
      [{ name: 'Ковалёв', birth_date: '1975-03-14' }],
    ]);
  });

  it('is not planned without a birth date', () => {
    const undated = planCheck('foreign_agent', person('Борисов Андрей Викторович'));
    expect('requests' in undated && undated.requests.some((r) => 'birth_date' in r.params)).toBe(false);
  });

  it('is planned under a cross-script profile too (look-alike letters are no transliteration)', () => {
    const profile = upstreamProfileSchema.parse({ crossScriptSearch: true, caseInsensitiveSearch: true });
    const plan = planCheck('foreign_agent', person('Борисов Андрей', { birthDate: '1975-03-14' }), profile);
    expect('requests' in plan && plan.requests.map((r) => r.params)).toEqual([
      { name: 'Борисов' },
      { birth_date: '1975-03-14' },
    ]);
  });
});
