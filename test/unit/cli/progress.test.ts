import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  estimateTotal,
  formatDuration,
  progressText,
  type ProgressFigures,
} from '../../../src/cli-ui/progress-figures.js';
import { progressLog } from '../../../src/cli-ui/progress-log.js';
import type { RunState } from '../../../src/run/state/run-store.js';

const figures = (over: Partial<ProgressFigures> = {}): ProgressFigures => ({
  written: 989,
  total: 2975,
  exact: false,
  rowsPerSecond: 12.5,
  etaSeconds: 158.9,
  callsPerSecond: 48.25,
  rateLimited: 3,
  verdicts: { HIT: 4, INCOMPLETE: 1, REVIEW: 17, CLEAR: 960, INVALID: 7 },
  ...over,
});

describe('progress total', () => {
  it('is exact once the reader reached the end of the file', () => {
    expect(
      estimateTotal({ totalRows: 1987, dispatched: 1987, written: 989, bytesRead: 1, inputBytes: 9 }),
    ).toEqual({ total: 1987, exact: true });
  });

  it('is estimated from the share of bytes read before that, from the first batch on', () => {
    // A third of the file read holds 989 rows: about 2,967 in all, not "989+" (which read as 50 % at 33 %).
    expect(estimateTotal({ dispatched: 989, written: 500, bytesRead: 100_000, inputBytes: 300_000 })).toEqual(
      { total: 2967, exact: false },
    );
    expect(estimateTotal({ dispatched: 0, written: 0, bytesRead: 0, inputBytes: 300_000 })).toBeUndefined();
  });

  it('never estimates fewer rows than already read', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(), fc.integer({ min: 1 }), (rows, read, size) => {
        const e = estimateTotal({ dispatched: rows, written: 0, bytesRead: read, inputBytes: size });
        if (e) expect(e.total).toBeGreaterThanOrEqual(rows);
      }),
    );
  });
});

describe('progress line', () => {
  it('fits an 80-column terminal next to the bar and keeps rows, ETA and hits', () => {
    const text = progressText(figures(), 80 - 22);
    expect(text.length).toBeLessThanOrEqual(58);
    expect(text).toContain('989/≈2975 rows (≈33 %)');
    expect(text).toContain('ETA ≈2m39s');
    expect(text).toContain('HIT 4');
    expect(text).not.toContain('CLEAR');
  });

  it('shows every field where there is room, exact totals without ≈', () => {
    const text = progressText(figures({ exact: true, total: 1987 }), 300);
    expect(text).toBe(
      '989/1987 rows (49 %) | HIT 4 | INCOMPLETE 1 | REVIEW 17 | CLEAR 960 | INVALID 7 | 48.3 calls/s | 429s 3 | ETA 2m39s',
    );
  });

  it('never exceeds the width it is given (when the rows field itself fits)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 300 }), fc.nat(100_000), (width, written) => {
        const text = progressText(figures({ written }), width);
        expect(text.length).toBeLessThanOrEqual(width);
        expect(text).toMatch(/^\d+\/≈\d+ rows/);
      }),
    );
  });

  it('formats durations as an operator reads them', () => {
    expect([formatDuration(42), formatDuration(159), formatDuration(7_322)]).toEqual([
      '42s',
      '2m39s',
      '2h02m',
    ]);
  });
});

describe('progress log without a terminal', () => {
  it('logs one progress line per interval with rows, total, rates, ETA and 429s', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    let clock = 0;
    const log = progressLog(pino({ level: 'info' }, sink), 30_000, () => clock);
    const run = {
      id: 'r1',
      written: 0,
      dispatched: 1_000,
      bytesRead: 1_000,
      inputBytes: 10_000,
    } as unknown as RunState;
    for (let t = 0; t <= 95_000; t += 5_000) {
      clock = t;
      log.update({ run: { ...run, written: t / 100 }, counters: { calls: t / 10, rate_limited: 2 } });
    }
    const progress = lines.filter((l) => l.msg === 'progress');
    expect(progress).toHaveLength(3);
    expect(progress[0]).toMatchObject({
      runId: 'r1',
      rows: 300,
      total: 10_000,
      totalExact: false,
      rateLimited429: 2,
    });
    expect(progress[0]?.etaSeconds).toBeGreaterThan(0);
  });
});
