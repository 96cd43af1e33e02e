import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerSizeCounter,
  learnedPageSize,
  pageSizeCounter,
  REPEATED_PAGE_ANSWERS,
} from '../../src/domain/run-counters.js';
import { buildManifest, type ManifestRun } from '../../src/export/manifest.js';

const RUN: ManifestRun = {
  id: 'r1',
  input: '/in.csv',
  inputSha256: 'x',
  inputBytes: 1,
  priority: 'normal',
  window: 200,
  checks: ['sanctions'],
  createdAt: '2026-01-01T00:00:00Z',
  config: {},
};

function manifestOf(counters: Record<string, number>) {
  return buildManifest({
    run: RUN,
    finishedAt: '2026-01-01T00:01:00Z',
    counters,
    rows: 1,
    input: { encoding: 'utf-8', delimiter: ',' },
    outputs: [],
    softwareVersion: '0',
    scoringVersion: '0',
  });
}

describe('the page size a run learned', () => {
  it('is the preflight’s when it measured one, whatever the answers', () => {
    const counters = { [pageSizeCounter('preflight')]: 50, [answerSizeCounter('search.sanctions', 10)]: 9 };
    expect(learnedPageSize(counters, 100)).toEqual({ learned: 50, source: 'preflight' });
    expect(manifestOf(counters).upstream.page_size).toEqual({ learned: 50, source: 'preflight' });
  });

  it('is read off answers of one repeated largest length below the cap when the preflight learned none', () => {
    const counters = {
      [answerSizeCounter('search.sanctions', 10)]: 2,
      [answerSizeCounter('search.foreign_agent', 10)]: 1,
      [answerSizeCounter('search.sanctions', 7)]: 40,
    };
    expect(learnedPageSize(counters, 100)).toEqual({ learned: 10, source: 'answers' });
    expect(manifestOf(counters).upstream.page_size).toEqual({ learned: 10, source: 'answers' });
  });

  it('is none while the largest answer came back fewer times, or reached the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 200 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 5, max: 200 }),
        (largest, times, cap) => {
          const counters = {
            [answerSizeCounter('search.sanctions', largest)]: times,
            [answerSizeCounter('search.sanctions', 5)]: 30,
          };
          const learned = learnedPageSize(counters, cap);
          if (largest < cap && (times >= REPEATED_PAGE_ANSWERS || largest === 5))
            expect(learned).toEqual({ learned: largest, source: 'answers' });
          else expect(learned).toBeUndefined();
        },
      ),
    );
  });

  it('is absent from the manifest of a run that learned none', () => {
    expect(manifestOf({ calls: 3 }).upstream).not.toHaveProperty('page_size');
  });
});
