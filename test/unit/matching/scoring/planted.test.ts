import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../../src/domain/check.js';
import type { Client } from '../../../../src/domain/client.js';
import type { BankruptcyEntry, DebtorResult, SanctionsData } from '../../../../src/domain/records.js';
import {
  decideBankruptcy,
  decideDebtor,
  decideForeignAgent,
  decideSanctions,
  decideVerdict,
} from '../../../../src/verdict/index.js';
import { foreignAgent, sanctions } from '../fixtures.js';

/** Every planted record of packages/lookup-emulator/data/planted.json, scored against its sample client. */
interface Planted {
  readonly id: string;
  readonly register: 'minjust_foreign_agent' | 'sanctions' | 'bankruptcy' | 'debtor';
  readonly record: Record<string, unknown>;
  readonly client: Partial<Client>;
  readonly expect: { readonly check: string; readonly verdict: string; readonly why: string };
}

const planted = (
  JSON.parse(
    readFileSync(new URL('../../../../packages/lookup-emulator/data/planted.json', import.meta.url), 'utf8'),
  ) as {
    planted: Planted[];
  }
).planted;

function check(p: Planted, client: Client): CheckResult {
  switch (p.register) {
    case 'minjust_foreign_agent':
      return decideForeignAgent(client, [foreignAgent(p.record)], []);
    case 'sanctions':
      return decideSanctions(client, [sanctions(p.record as Partial<SanctionsData> & { name: string })], []);
    case 'bankruptcy':
      return decideBankruptcy(client, [p.record as unknown as BankruptcyEntry], []);
    case 'debtor':
      return decideDebtor(client, p.record as unknown as DebtorResult, []);
  }
}

describe('planted records', () => {
  it('covers every planted record', () => expect(planted.length).toBeGreaterThanOrEqual(12));

  it.each(planted.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const client: Client = {
      row: 1,
      entityType: 'person',
      entityTypeSource: 'column',
      warnings: [],
      ...p.client,
    };
    const result = check(p, client);
    expect(result.status, p.expect.why).toBe(p.expect.check);
    // The one check this record is about: the others are not what it tests.
    expect(decideVerdict(1, { [result.kind]: result }, [], [result.kind]).verdict, p.expect.why).toBe(
      p.expect.verdict,
    );
  });
});
