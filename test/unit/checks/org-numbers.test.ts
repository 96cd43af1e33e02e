import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planCheck } from '../../../src/checks/plan.js';
import { runCheck, type Lookup } from '../../../src/checks/run-check.js';
import { numberNotations } from '../../../src/checks/search-terms.js';
import type { ForeignAgentRecord } from '../../../src/domain/records.js';
import { foreignAgent, organization } from '../matching/fixtures.js';
import { answered, fakeLookup } from './fake-lookup.js';

type Mode = 'loose' | 'whole-word';

/**
 * A foreign-agent register searched as services do: `loose` finds the query as a substring of the name,
 * `whole-word` finds every word of it among the name's words (letters and digits; the number sign is
 * punctuation to it). Case is folded in both.
 */
function register(mode: Mode, records: readonly ForeignAgentRecord[]): Lookup {
  const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const found = (name: string, query: string) =>
    mode === 'loose'
      ? name.toLowerCase().includes(query.toLowerCase())
      : words(query).every((w) => words(name).includes(w));
  return fakeLookup({
    searchForeignAgents: (params) => {
      const data = records.filter((r) => params.name !== undefined && found(r.data.name, params.name));
      return Promise.resolve(answered('search.foreign_agent', params, data));
    },
    searchSanctions: (params) => Promise.resolve(answered('search.sanctions', params, [])),
  });
}

const listed = (name: string) => foreignAgent({ name, agent_type: 'Юридическое лицо' });

describe('an organization’s number in the notation the register uses', () => {
  const cases: [string, string][] = [
    ['ООО «Трест No. 198»', 'ООО «Трест № 198»'],
    ['АО «Мостоотряд №89»', 'АО «Мостоотряд № 89»'],
    ['ООО «Строительное управление N 325»', 'ООО «Строительное управление №325»'],
    ['ФГУП «Автоколонна N119»', 'ФГУП «Автоколонна N 119»'],
    ['АО «Завод № 57»', 'АО «Завод 57»'],
  ];
  for (const mode of ['loose', 'whole-word'] as const)
    it.each(cases)(`${mode}: the client %s finds the listed %s`, async (client, record) => {
      const result = await runCheck('foreign_agent', organization(client), register(mode, [listed(record)]));
      expect(result.status).not.toBe('CLEAR');
    });

  it('keeps a neighbouring number apart: the client № 199 is CLEAR against the listed № 198', async () => {
    for (const mode of ['loose', 'whole-word'] as const) {
      const lookup = register(mode, [listed('ООО «Трест № 198»')]);
      const result = await runCheck('foreign_agent', organization('ООО «Трест No. 199»'), lookup);
      expect(result.status).toBe('CLEAR');
    }
  });

  it('costs nothing for a name without a number sign, and a bounded few calls for one with it', () => {
    const calls = (name: string) => {
      const plan = planCheck('foreign_agent', organization(name));
      return 'requests' in plan ? plan.requests.length : 0;
    };
    expect(numberNotations('Северный ветер')).toEqual([]);
    expect(calls('ООО «Трест No. 198»') - calls('ООО «Трест»')).toBeLessThanOrEqual(4);
    const sanctions = planCheck('sanctions', organization('ООО «Трест No. 198»'));
    const values = 'requests' in sanctions ? sanctions.requests.map((r) => JSON.stringify(r.params)) : [];
    // The other notations go out in the client's script only (no transliteration of each of them).
    expect(values.filter((v) => v.includes('Trest') && !v.includes('No 198'))).toEqual([]);
  });

  it('never changes the number, whatever the notation and the words around it (property)', () => {
    const sign = fc.constantFrom('№ ', '№', 'N ', 'N', 'No ', 'Nr ', '# ');
    const word = fc.constantFrom('Завод', 'Трест', 'Школа', 'им', 'Ленина', 'Depot');
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 2 }),
        sign,
        fc.integer({ min: 1, max: 9999 }),
        fc.array(word, { maxLength: 2 }),
        (before, s, n, after) => {
          const query = [...before, `${s}${n}`, ...after].join(' ');
          const forms = numberNotations(query);
          expect(forms.length).toBeGreaterThanOrEqual(3);
          expect(forms.length).toBeLessThanOrEqual(4);
          for (const form of forms) {
            expect(form.match(/\d+/g)).toEqual([String(n)]);
            expect(form).not.toBe(query);
          }
        },
      ),
    );
  });
});
