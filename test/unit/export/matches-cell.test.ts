import { describe, expect, it } from 'vitest';
import type { ScoredCandidate } from '../../../src/domain/check.js';
import type { Verdict } from '../../../src/domain/verdict.js';
import { decisiveField, matchesCell, matchIds } from '../../../src/export/matches-cell.js';

const candidate = (over: Partial<ScoredCandidate>): ScoredCandidate => ({
  source: 'minjust_foreign_agent',
  recordId: 'ИА-123',
  recordHash: 'h',
  recordName: 'Ковалёв Андрей Сергеевич',
  score: 1,
  decision: 'MATCH',
  explanation: 'name 1.00 (Cyrillic), birth_date equal, inn absent on record',
  ...over,
});

function verdictWith(checks: Verdict['checks']): Verdict {
  return { checks } as unknown as Verdict;
}

describe('kyc_matches for the officer', () => {
  it('says who was matched, in which register, how strongly and on what', () => {
    const verdict = verdictWith({
      foreign_agent: {
        candidates: [candidate({}), candidate({ decision: 'NO_MATCH', recordName: 'Другой' })],
      },
      sanctions: {
        candidates: [
          candidate({
            recordId: 'sanctions:2bddab86d36c1e50',
            recordName: 'KOVALEV; Andrei [Andrey]',
            score: 0.9,
            decision: 'POSSIBLE_MATCH',
            explanation: 'name 0.90 (Cyrillic ↔ Latin ICAO), birth_date absent on record',
          }),
        ],
      },
    } as unknown as Verdict['checks']);
    expect(matchesCell(verdict)).toBe(
      'foreign_agent: Ковалёв Андрей Сергеевич 1.00 (ДР совпадает) [ИА-123]; ' +
        'sanctions: KOVALEV, Andrei Andrey 0.90 (только имя) [sanctions:2bddab86d36c1e50]',
    );
    expect(matchesCell(verdict, 'en')).toContain('(birth date equal)');
  });

  it('an identifier decides over a birth date', () => {
    expect(decisiveField('name 0.8, birth_date equal, inn equal')).toBe('inn');
    expect(decisiveField('name 0.8, inn differs')).toBe('name');
  });

  it('a delta reads the register and id of this format and of the earlier one', () => {
    expect(
      matchIds('foreign_agent: Ковалёв Андрей 1.00 (ДР совпадает) [ИА-123]; sanctions sanctions:1 0.95'),
    ).toEqual(['foreign_agent ИА-123', 'sanctions sanctions:1']);
  });
});
