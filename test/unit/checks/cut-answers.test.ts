import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Looked, Lookup } from '../../../src/checks/run-check.js';
import { runCheck } from '../../../src/checks/run-check.js';
import { planCheck } from '../../../src/checks/plan.js';
import type { SanctionsRecord } from '../../../src/domain/records.js';
import { reasonCode } from '../../../src/verdict/reasons.js';
import { decideVerdict } from '../../../src/verdict/verdict.js';
import { upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { organization, person, sanctions } from '../matching/fixtures.js';
import { answered, fakeLookup } from './fake-lookup.js';

/**
 * A service that answers every name search with `page` namesakes who are not the client, whatever the
 * query: however the check narrows, the answer stays a full page and the client's record, if listed, is
 * beyond it. Such a check must never read as CLEAR.
 */
function fullPages(page: number): { lookup: Lookup; calls: string[] } {
  const calls: string[] = [];
  const namesakes: SanctionsRecord[] = Array.from({ length: page }, (_, i) =>
    sanctions({ name: `Смирнов Олег ${String.fromCharCode(0x410 + i)}`, name_local: null }),
  );
  const answer = <T>(operation: string, params: Readonly<Record<string, string>>, data: T): Looked<T> => {
    calls.push(JSON.stringify(params));
    return answered(operation, params, data);
  };
  return {
    calls,
    lookup: fakeLookup({
      searchSanctions: (params) => Promise.resolve(answer('search.sanctions', params, namesakes)),
      searchForeignAgents: (params) => Promise.resolve(answer('search.foreign_agent', params, [])),
    }),
  };
}

describe('a search answer that stays a full page however narrowed', () => {
  it('makes the sanctions check a FLAG with SANCTIONS_ANSWER_CUT, so the row is REVIEW, never CLEAR', async () => {
    const { lookup, calls } = fullPages(10);
    const profile = upstreamProfileSchema.parse({ resultCap: 10 });
    const client = person('Смирнов Глеб Аркадьевич', { birthDate: '1970-01-01' });
    const result = await runCheck('sanctions', client, lookup, profile);
    // The surname answers were narrowed with the full name before giving up.
    expect(calls.some((c) => c.includes('Смирнов Глеб Аркадьевич'))).toBe(true);
    expect(result.status).toBe('FLAG');
    expect(result.reasons.map(reasonCode)).toContain('SANCTIONS_ANSWER_CUT');
    expect(decideVerdict(1, { sanctions: result }).verdict).toBe('REVIEW');
  });

  it('flags an organization whose one name search (nothing to narrow it with) fills the page', async () => {
    const { lookup } = fullPages(20);
    const profile = upstreamProfileSchema.parse({ resultCap: 20 });
    const result = await runCheck('sanctions', organization('ООО «Смирнов и партнёры»'), lookup, profile);
    expect(result.status).toBe('FLAG');
    expect(result.reasons.map(reasonCode)).toContain('SANCTIONS_ANSWER_CUT');
  });

  it('leaves an answer one record short of the page alone (property: only a full page is cut)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 60 }), async (page) => {
        const { lookup, calls } = fullPages(page - 1);
        const profile = upstreamProfileSchema.parse({ resultCap: page });
        const client = person('Смирнов Глеб Аркадьевич');
        const result = await runCheck('sanctions', client, lookup, profile);
        expect(result.reasons.map(reasonCode)).not.toContain('SANCTIONS_ANSWER_CUT');
        expect(result.status).toBe('CLEAR');
        // An answer that is not cut costs no narrowing call.
        const plan = planCheck('sanctions', client, profile);
        expect(calls).toHaveLength('requests' in plan ? plan.requests.length : -1);
      }),
      { numRuns: 20 },
    );
  });
});

/**
 * A sanctions list of 70 `KUZNETSOV` namesakes behind a service that cuts every answer at 50. `phrase`:
 * the service looks for the query as written within the name (so `KUZNETSOV Aleksandr` does not find
 * `KUZNETSOV, Aleksandr …`); otherwise every query word must be a word of the name, in any order.
 */
function kuznetsovs(listed: string, phrase = false): { lookup: Lookup; calls: string[] } {
  const given = [
    'Ivan',
    'Petr',
    'Oleg',
    'Sergei',
    'Dmitrii',
    'Andrei',
    'Mikhail',
    'Nikolai',
    'Pavel',
    'Igor',
  ];
  const patronymics = ['Ivanovich', 'Petrovich', 'Olegovich', 'Sergeevich', 'Dmitrievich', 'Andreevich'];
  const names = Array.from({ length: 69 }, (_, i) =>
    i === 3 ? 'KUZNETSOV, Aleksandr Ivanovich' : `KUZNETSOV, ${given[i % 10]} ${patronymics[i % 6]}`,
  );
  names.splice(60, 0, listed);
  const list = names.map((name) => sanctions({ name, name_local: null }));
  const words = (text: string) => new Set(text.split(/[\s,]+/).filter((w) => w.length > 0));
  const matches = (name: string, query: string) =>
    phrase ? name.includes(query) : [...words(query)].every((w) => words(name).has(w));
  const calls: string[] = [];
  const lookup = fakeLookup({
    searchSanctions: (params) => {
      const query = params.name;
      const data = query === undefined ? [] : list.filter((r) => matches(r.data.name, query)).slice(0, 50);
      calls.push(`${query ?? JSON.stringify(params)} → ${data.length}`);
      return Promise.resolve(answered('search.sanctions', params, data));
    },
  });
  return { lookup, calls };
}

describe('a cut answer for a client without a birth date (KUZNETSOV among 70 namesakes, cut at 50)', () => {
  const profile = upstreamProfileSchema.parse({ resultCap: 50 });
  const client = person('KUZNETSOV, Aleksandr Vsevolodovich');

  it('is narrowed by surname and given name first, and stops there once the answer is no longer cut', async () => {
    // The list writes the patronymic otherwise: the full name finds nothing, surname + given name does.
    const { lookup, calls } = kuznetsovs('KUZNETSOV, Aleksandr Vsevolodovitch');
    const result = await runCheck('sanctions', client, lookup, profile);
    expect(calls).toContain('KUZNETSOV Aleksandr → 2');
    expect(calls.some((c) => c.startsWith('KUZNETSOV Aleksandr Vsevolodovich'))).toBe(false);
    expect(result.status).toBe('POSSIBLE_MATCH');
    expect(result.candidates.map((c) => c.recordName)).toContain('KUZNETSOV, Aleksandr Vsevolodovitch');
    expect(decideVerdict(1, { sanctions: result }).verdict).toBe('REVIEW');
  });

  it('is REVIEW, never CLEAR, when the narrowed answer leaves out a record of the cut one it should hold', async () => {
    // A phrase search: `KUZNETSOV Aleksandr` misses `KUZNETSOV, Aleksandr Ivanovich`, shown in the cut
    // answer, so a short narrowed answer proves nothing about the records beyond the cut.
    const { lookup } = kuznetsovs('KUZNETSOV, Aleksandr Vsevolodovich', true);
    const result = await runCheck('sanctions', client, lookup, profile);
    expect(result.reasons.map(reasonCode)).toContain('SANCTIONS_ANSWER_CUT');
    expect(result.status).not.toBe('CLEAR');
    expect(decideVerdict(1, { sanctions: result }).verdict).toBe('REVIEW');
  });

  it('is REVIEW for a client known by surname and initials only: nothing narrows the answer', async () => {
    const { lookup } = kuznetsovs('KUZNETSOV, Aleksandr Vsevolodovich');
    const result = await runCheck('sanctions', person('KUZNETSOV A. V.'), lookup, profile);
    expect(result.reasons.map(reasonCode)).toContain('SANCTIONS_ANSWER_CUT');
    expect(decideVerdict(1, { sanctions: result }).verdict).toBe('REVIEW');
  });
});
