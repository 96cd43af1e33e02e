import { describe, expect, it } from 'vitest';
import {
  answerDayCounter,
  answerHourCounter,
  answersCounter,
  oldestFetchedOn,
  COUNTER,
  callsCounter,
  checkCounter,
  pairRows,
  parseCounters,
  unrecognisedCounter,
  verdictCounter,
  verdictCounts,
} from '../../src/domain/run-counters.js';

describe('run counters: the names the writer counts under and their reading back', () => {
  const counters = {
    [verdictCounter('HIT')]: 3,
    [verdictCounter('CLEAR')]: 10,
    [verdictCounter('INVALID')]: 1,
    [checkCounter('sanctions', 'hit')]: 3,
    [checkCounter('sanctions', 'clear')]: 10,
    [checkCounter('inn', 'skipped')]: 2,
    [callsCounter('search.foreign_agent', 200)]: 7,
    [callsCounter('search.foreign_agent', 'timeout')]: 1,
    [callsCounter('debtor.lookup', 404)]: 4,
    [unrecognisedCounter('search.sanctions:new_status')]: 2,
    [COUNTER.calls]: 12,
    [COUNTER.cacheHits]: 5,
    [COUNTER.retries]: 2,
    [COUNTER.rateLimited]: 1,
    [COUNTER.lossyRows]: 4,
    [answersCounter('debtor', 'reused')]: 6,
    [answersCounter('debtor', 'fresh')]: 1,
    [answerDayCounter('debtor', '2026-11-02')]: 2,
    [answerDayCounter('debtor', '2026-10-30')]: 4,
    [answerHourCounter('debtor', '2026-10-30T21')]: 4,
    [COUNTER.answersReused]: 6,
    [COUNTER.answersDiscarded]: 2,
  };

  it('reads verdicts, checks by kind and status, calls by operation and status, and the plain counts', () => {
    expect(parseCounters(counters)).toEqual({
      verdicts: { HIT: 3, CLEAR: 10, INVALID: 1 },
      checks: { sanctions: { hit: 3, clear: 10 }, inn: { skipped: 2 } },
      callsByOperation: {
        'search.foreign_agent': { '200': 7, timeout: 1 },
        'debtor.lookup': { '404': 4 },
      },
      calls: 12,
      cacheHits: 5,
      retries: 2,
      rateLimited: 1,
      lossyRows: 4,
      answers: { debtor: { reused: 6, fresh: 1 } },
      answerDays: { debtor: { '2026-11-02': 2, '2026-10-30': 4 } },
      answerHours: { debtor: { '2026-10-30T21': 4 } },
      answersReused: 6,
      answersDiscarded: 2,
    });
    expect(oldestFetchedOn(parseCounters(counters))).toBe('2026-10-30');
    expect(oldestFetchedOn(parseCounters({}))).toBeUndefined();
  });

  it('reads an empty hash as zero counts', () => {
    expect(parseCounters({})).toEqual({
      verdicts: {},
      checks: {},
      callsByOperation: {},
      calls: 0,
      cacheHits: 0,
      retries: 0,
      rateLimited: 0,
      lossyRows: 0,
      answers: {},
      answerDays: {},
      answerHours: {},
      answersReused: 0,
      answersDiscarded: 0,
    });
  });

  it('does not take the total of calls or the unrecognised answers for a pair', () => {
    const counts = parseCounters({ calls: 3, [unrecognisedCounter('op:kind')]: 1, 'calls:broken': 1 });
    expect(counts.callsByOperation).toEqual({});
    expect(counts.checks).toEqual({});
  });

  it('flattens counts by pair into label rows', () => {
    expect(pairRows(parseCounters(counters).checks)).toEqual([
      ['sanctions', 'hit', 3],
      ['sanctions', 'clear', 10],
      ['inn', 'skipped', 2],
    ]);
  });

  it('reads the verdicts alone', () => {
    expect(verdictCounts(counters)).toEqual({ HIT: 3, CLEAR: 10, INVALID: 1 });
  });
});
