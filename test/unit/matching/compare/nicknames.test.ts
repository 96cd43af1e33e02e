import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../../../src/matching/compare/index.js';
import { NICKNAME_GROUPS } from '../../../../src/matching/compare/data/person-nicknames.js';
import { areNicknames } from '../../../../src/matching/compare/nicknames.js';
import { scoreSanctions } from '../../../../src/matching/index.js';
import { person, sanctions } from '../fixtures.js';

describe('short forms of given names (rigour person_nick)', () => {
  it('ties the forms of each group, both ways', () => {
    for (const group of NICKNAME_GROUPS)
      for (const a of group)
        for (const b of group) if (a !== b) expect(areNicknames(a, b), `${a} / ${b}`).toBe(true);
  });

  it('ties nothing across groups: Ted is Edward and Theodore, Edward is not Theodore', () => {
    expect(areNicknames('ted', 'edward')).toBe(true);
    expect(areNicknames('ted', 'theodore')).toBe(true);
    expect(areNicknames('edward', 'theodore')).toBe(false);
    expect(areNicknames('ted', 'ted')).toBe(false);
  });

  it('never ties a word outside the data', () => {
    const forms = new Set(NICKNAME_GROUPS.flat());
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2,9}$/), fc.stringMatching(/^[a-z]{2,9}$/), (a, b) => {
        fc.pre(!forms.has(a) || !forms.has(b));
        expect(areNicknames(a, b)).toBe(false);
      }),
    );
  });

  it.each([
    ['Ted Doe', 'Theodore Doe'],
    ['Ben Netanyahu', 'Benjamin Netanyahu'],
    ['Bill Gates', 'William Gates'],
  ])('%s may be %s: a reviewer decides, never a MATCH on the name alone', (a, b) => {
    const name = compareNames(a, b, true);
    expect(name.score).toBe(0.9);
    expect(name.explanation).toContain('~ (short form of)');
    const scored = scoreSanctions(person(a), sanctions({ name: b, entity_type: 'person' }));
    expect(scored.decision).toBe('POSSIBLE_MATCH');
  });

  it('a short form beside another surname stays apart', () => {
    expect(compareNames('Ted Doe', 'Theodore Smith', true).score).toBeLessThan(0.8);
  });

  it('an equal full birth date corroborates a short form to review, another date clears it', () => {
    const client = person('Ted Doe', { birthDate: '1960-05-01' });
    const same = scoreSanctions(
      client,
      sanctions({ name: 'Theodore Doe', birth_date: '1960-05-01', entity_type: 'person' }),
    );
    expect(same.decision).toBe('POSSIBLE_MATCH');
    const other = scoreSanctions(
      client,
      sanctions({ name: 'Theodore Doe', birth_date: '1971-02-03', entity_type: 'person' }),
    );
    expect(other.decision).toBe('NO_MATCH');
  });
});
