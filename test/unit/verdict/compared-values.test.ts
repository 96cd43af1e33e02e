import { describe, expect, it } from 'vitest';
import { compactEvidence, resolveEvidence } from '../../../src/export/evidence-bodies.js';
import { decideForeignAgent, decideSanctions } from '../../../src/verdict/index.js';
import { faPerson, person, sanctions } from '../matching/fixtures.js';

/** The values a reviewer compares travel with a candidate that reaches the desk, and only with one. */
describe('compared values on a candidate', () => {
  const client = person('Петров Игорь Николаевич', {
    birthDate: '1969-07-21',
    inn: '500100732259',
    address: 'г. Тверь, ул. Советская, д. 5',
  });

  it('carries the client’s and the record’s values on a MATCH, none on a NO_MATCH', () => {
    const result = decideForeignAgent(
      client,
      [
        faPerson('Петров Игорь Николаевич', '1969-07-21', {
          registration_number: 'FA-0004',
          address: 'г. Тверь',
        }),
        faPerson('Сидоров Олег Павлович', '1950-01-02', { registration_number: 'FA-0005' }),
      ],
      [],
    );
    const [match, other] = result.candidates;
    expect(match?.compared).toEqual({
      client: {
        name: 'Петров Игорь Николаевич',
        birthDate: '1969-07-21',
        inn: '500100732259',
        address: 'г. Тверь, ул. Советская, д. 5',
      },
      record: { name: 'Петров Игорь Николаевич', birthDate: '1969-07-21', address: 'г. Тверь' },
    });
    expect(other?.decision).toBe('NO_MATCH');
    expect(other?.compared).toBeUndefined();
  });

  it('names a sanctions entry by both its names, and stays on the evidence line as the client’s own', () => {
    const result = decideSanctions(
      client,
      [
        sanctions({
          name: 'PETROV Igor Nikolaevich',
          name_local: 'Петров Игорь Николаевич',
          birth_date: '1969-07-21',
          entity_type: 'person',
        }),
      ],
      [],
    );
    const candidate = result.candidates[0];
    expect(candidate?.compared?.record.name).toBe('PETROV Igor Nikolaevich / Петров Игорь Николаевич');
    // The record's body is shared by every client compared with it: the client's values are not in it.
    const { line, bodies } = compactEvidence({ row: 1, checks: { sanctions: result } });
    expect(JSON.stringify(bodies)).not.toContain('500100732259');
    expect(JSON.stringify(line)).toContain('500100732259');
    const resolved = resolveEvidence(line, new Map(bodies.map((b) => [b.sha256, b.body]))) as {
      checks: { sanctions: { candidates: { compared?: unknown }[] } };
    };
    expect(resolved.checks.sanctions.candidates[0]?.compared).toEqual(candidate?.compared);
  });
});
