import { describe, expect, it } from 'vitest';
import { oldestAnswers, oldestOverall } from '../../../src/export/answer-freshness.js';
import type { MirrorNote } from '../../../src/export/mirror-snapshot.js';

const kept: MirrorNote = {
  strategy: 'mirror',
  records: 10,
  sha256: 'x',
  taken_at: '2026-11-29T01:00:00.000Z',
  range: { since: '2022-01-01', until: '2026-11-29' },
  calls: 3,
  split_days: 0,
  undated_records: 0,
  undated_gaps: [],
  kept: {
    built_at: '2026-11-27T23:30:00.000Z',
    synced: { since: '2026-11-28', until: '2026-11-29', days: 2 },
    new_records: 1,
    new_record_ids: ['FA-1'],
  },
};

describe('the oldest answer a verdict rests on, per register', () => {
  const run = { startedAt: '2026-11-29T01:00:00.000Z', finishedAt: '2026-11-29T03:00:00.000Z' };

  it('counts a kept answer from the start of the hour it was fetched, a fresh one from the run start', () => {
    const ages = oldestAnswers({
      ...run,
      counts: {
        answers: { sanctions: { reused: 5, fresh: 2 }, debtor: { fresh: 4 } },
        answerHours: { sanctions: { '2026-11-28T02': 3, '2026-11-28T01': 2 } },
      },
    });
    expect(ages.sanctions).toEqual({
      fetched_at: '2026-11-28T01:00:00.000Z',
      age_hours: 26,
      from: 'kept answer',
    });
    expect(ages.debtor).toEqual({ fetched_at: run.startedAt, age_hours: 2, from: 'this run' });
    expect(oldestOverall(ages)?.kind).toBe('sanctions');
  });

  it('dates the foreign-agent check against a kept mirror from its last full enumeration', () => {
    const ages = oldestAnswers({ ...run, counts: { answers: {}, answerHours: {} }, foreignAgent: kept });
    expect(ages.foreign_agent).toEqual({
      fetched_at: '2026-11-27T23:30:00.000Z',
      age_hours: 27.5,
      from: 'kept mirror',
    });
    const { kept: _kept, ...enumerated } = kept;
    const own = oldestAnswers({ ...run, counts: { answers: {}, answerHours: {} }, foreignAgent: enumerated });
    expect(own.foreign_agent?.from).toBe('this run');
  });

  it('says nothing of a check without answers', () => {
    expect(oldestAnswers({ ...run, counts: { answers: {}, answerHours: {} } })).toEqual({});
    expect(oldestOverall({})).toBeUndefined();
  });
});
