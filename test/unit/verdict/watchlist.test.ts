import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../../src/domain/check.js';
import { decideForeignAgent, decideSanctions, EVIDENCE_TOP_N } from '../../../src/verdict/index.js';
import { faPerson, person, sanctions } from '../matching/fixtures.js';

const requests: RequestRecord[] = [
  { operation: 'search.foreign_agent', params: { name: 'Петров' }, status: 200 },
];
const client = person('Петров Игорь Николаевич', { birthDate: '1969-07-21' });

describe('decideForeignAgent', () => {
  it('MATCH with the record id and score in the detail', () => {
    const result = decideForeignAgent(
      client,
      [faPerson('Петров Игорь Николаевич', '1969-07-21', { registration_number: 'FA-0004' })],
      requests,
    );
    expect(result).toMatchObject({
      kind: 'foreign_agent',
      status: 'MATCH',
      score: 1,
      detail: 'FA-0004 1.00',
      reasons: ['FOREIGN_AGENT_MATCH'],
      requests,
    });
  });

  it('POSSIBLE_MATCH when the best record is only possible', () => {
    const result = decideForeignAgent(
      person('Петров Игорь Николаевич'),
      [faPerson('Петров Игорь Николаевич', '1969-07-21', { registration_number: 'FA-0004' })],
      requests,
    );
    expect(result).toMatchObject({
      status: 'POSSIBLE_MATCH',
      detail: 'FA-0004 0.90',
      reasons: ['FOREIGN_AGENT_POSSIBLE_MATCH'],
    });
  });

  it('CLEAR with no records, and CLEAR with only weak candidates', () => {
    expect(decideForeignAgent(client, [], requests)).toMatchObject({
      status: 'CLEAR',
      score: 0,
      detail: '',
      reasons: [],
      candidates: [],
    });
    const weak = decideForeignAgent(client, [faPerson('Петров Олег Николаевич', '1969-07-21')], requests);
    expect(weak.status).toBe('CLEAR');
    expect(weak.detail).toBe('1 checked, best 0.33');
  });

  it('keeps the five best candidates plus every MATCH and POSSIBLE_MATCH, best first', () => {
    const namesakes = Array.from({ length: 8 }, (_, i) =>
      faPerson(`Петров Олег ${i}`, '', { registration_number: `N-${i}` }),
    );
    const possibles = Array.from({ length: 7 }, (_, i) =>
      faPerson('Петров Игорь Николаевич', '', { registration_number: `P-${i}` }),
    );
    const result = decideForeignAgent(client, [...namesakes, ...possibles], requests);
    expect(result.candidates).toHaveLength(7);
    expect(result.candidates.every((c) => c.decision === 'POSSIBLE_MATCH')).toBe(true);
    const few = decideForeignAgent(client, namesakes, requests);
    expect(few.candidates).toHaveLength(EVIDENCE_TOP_N);
    expect(result.detail).toBe('P-0 0.90 +6 more');
  });
});

describe('decideSanctions', () => {
  it('MATCH on the Latin name', () => {
    const result = decideSanctions(
      person('Цветкова Юлия Александровна', { birthDate: '1988-09-30' }),
      [sanctions({ name: 'TSVETKOVA Iuliia Aleksandrovna', birth_date: '1988-09-30' })],
      [],
    );
    expect(result).toMatchObject({ status: 'MATCH', reasons: ['SANCTIONS_MATCH'] });
    expect(result.detail).toMatch(/^sanctions:[0-9a-f]{16} 1\.00$/u);
  });
});
