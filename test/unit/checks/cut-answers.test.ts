import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Looked, Lookup } from '../../../src/checks/run-check.js';
import { runCheck } from '../../../src/checks/run-check.js';
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
        const { lookup } = fullPages(page - 1);
        const profile = upstreamProfileSchema.parse({ resultCap: page });
        const result = await runCheck('sanctions', person('Смирнов Глеб Аркадьевич'), lookup, profile);
        expect(result.reasons.map(reasonCode)).not.toContain('SANCTIONS_ANSWER_CUT');
        expect(result.status).toBe('CLEAR');
      }),
      { numRuns: 20 },
    );
  });
});
