import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  estimateTotal,
  formatDuration,
  progressLine,
  progressText,
  RateMeter,
  SlidingRate,
  TotalEstimator,
  type ProgressFigures,
} from '../../../src/cli-ui/progress-figures.js';
import { progressLog } from '../../../src/cli-ui/progress-log.js';
import type { RunState } from '../../../src/run/state/run-store.js';

const figures = (over: Partial<ProgressFigures> = {}): ProgressFigures => ({
  phase: 'screening',
  phaseSeconds: 70,
  mirror: { searches: 0, records: 0 },
  written: 989,
  total: 2975,
  exact: false,
  rowsPerSecond: 6.9,
  etaSeconds: 158.9,
  callsPerSecond: 48.25,
  calls: 6_900,
  rateLimited: 3,
  verdicts: { HIT: 4, INCOMPLETE: 1, REVIEW: 17, CLEAR: 960, INVALID: 7 },
  ...over,
});

describe('rates over a sliding window', () => {
  it('read a bursty counter as the steady pace the service sees, not 0 and 300 in turn', () => {
    // 50 calls/s, but the counter moves by 300 every 6 s (a batch counted at once); followed every 250 ms.
    const window = new SlidingRate(15_000);
    const oneSecond = new SlidingRate(1_000, 1_000);
    const seen: number[] = [];
    const naive: number[] = [];
    for (let at = 0; at <= 120_000; at += 250) {
      const value = Math.floor(at / 6_000) * 300;
      window.add(value, at);
      oneSecond.add(value, at);
      const rate = window.perSecond();
      if (at >= 20_000 && rate !== undefined) seen.push(rate);
      if (at >= 20_000) naive.push(oneSecond.perSecond() ?? 0);
    }
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(38);
    expect(Math.max(...seen)).toBeLessThanOrEqual(63);
    // What a one-second rate made of it.
    expect(Math.min(...naive)).toBe(0);
    expect(Math.max(...naive)).toBeGreaterThanOrEqual(300);
  });

  it('says nothing until the readings span a few seconds, and starts again when a counter goes back', () => {
    const rate = new SlidingRate(15_000, 3_000);
    rate.add(0, 0);
    rate.add(500, 250);
    expect(rate.perSecond()).toBeUndefined();
    rate.add(600, 4_000);
    expect(rate.perSecond()).toBe(150);
    rate.add(10, 5_000);
    expect(rate.perSecond()).toBeUndefined();
  });
});

/** A deterministic generator (mulberry32), for a synthetic file whose rows differ in size. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type RowSizes = (row: number, rows: number, next: () => number) => number;

/** Mostly short rows, one in seven with a long address: the export. */
const mixed: RowSizes = (_row, _rows, next) =>
  next() < 0.15 ? 380 + Math.round(next() * 60) : 95 + Math.round(next() * 60);
/** Rows that grow along the file (one branch's short rows first, long addresses later). */
const growing: RowSizes = (row, rows, next) => Math.round(90 + (row / rows) * 120 + next() * 80);

/**
 * A 20,000-row file read as the run's reader reads it: the stream pulls 64 KiB chunks and keeps about
 * 200 KiB ahead of the rows dispatched (read chunk, decoder, parser), and rows go out 8 to 200 at a time.
 */
function syntheticRun(seed: number, size: RowSizes) {
  const next = random(seed);
  const rows = 20_000;
  const sizes = Array.from({ length: rows }, (_, i) => size(i, rows, next));
  const header = 180;
  const inputBytes = header + sizes.reduce((a, b) => a + b, 0);
  const chunk = 64 * 1024;
  const ahead = 200 * 1024;
  const readings: RunState[] = [];
  let consumed = header;
  let dispatched = 0;
  while (dispatched < rows) {
    const batch = Math.min(rows - dispatched, 8 + Math.floor(next() * 192));
    for (let i = 0; i < batch; i++) consumed += sizes[dispatched + i] ?? 0;
    dispatched += batch;
    const bytesRead = Math.min(inputBytes, Math.ceil((consumed + ahead) / chunk) * chunk);
    readings.push({ dispatched, written: Math.max(0, dispatched - 300), bytesRead, inputBytes } as RunState);
  }
  return { rows, readings };
}

/** The relative error of each estimate once that share of the rows was dispatched. */
function errorsAlong(seed: number, size: RowSizes, shares: readonly number[]) {
  const { rows, readings } = syntheticRun(seed, size);
  const estimator = new TotalEstimator();
  const fitted = new Map<number, number>();
  const oneReading = new Map<number, number>();
  for (const run of readings) {
    estimator.observe(run);
    const e = estimator.estimate(run);
    if (e) {
      expect(e.exact).toBe(false);
      expect(e.total).toBeGreaterThanOrEqual(run.dispatched);
    }
    for (const share of shares)
      if (!fitted.has(share) && run.dispatched >= share * rows) {
        fitted.set(share, e ? Math.abs(e.total - rows) / rows : Infinity);
        oneReading.set(share, Math.abs((estimateTotal(run)?.total ?? 0) - rows) / rows);
      }
  }
  return { fitted, oneReading };
}

describe('the estimated total', () => {
  it('is exact once the reader reached the end of the file', () => {
    expect(
      estimateTotal({ totalRows: 1987, dispatched: 1987, written: 989, bytesRead: 1, inputBytes: 9 }),
    ).toEqual({ total: 1987, exact: true });
    const estimator = new TotalEstimator();
    expect(estimator.estimate({ totalRows: 1987, dispatched: 1987, written: 989, inputBytes: 9 })).toEqual({
      total: 1987,
      exact: true,
    });
  });

  it('converges on a file of uneven rows, where the share of bytes read said a third', () => {
    for (const seed of [7, 8, 9]) {
      const { fitted, oneReading } = errorsAlong(seed, mixed, [0.03, 0.1, 0.25, 0.9]);
      // The one-reading estimate said about a third of the rows early on (the issue's ≈6,785 of 20,000).
      expect(oneReading.get(0.03)).toBeGreaterThan(0.5);
      expect(fitted.get(0.1)).toBeLessThan(0.1);
      expect(fitted.get(0.25)).toBeLessThan(0.05);
      expect(fitted.get(0.9)).toBeLessThan(0.02);
    }
  });

  it('follows a file whose rows grow along it, closer and closer as it reads', () => {
    for (const seed of [7, 8, 9]) {
      const { fitted } = errorsAlong(seed, growing, [0.1, 0.5, 0.9]);
      expect(fitted.get(0.5)).toBeLessThan(0.15);
      expect(fitted.get(0.9)).toBeLessThan(0.03);
      expect(fitted.get(0.9)).toBeLessThan(fitted.get(0.5) ?? 0);
      expect(fitted.get(0.5)).toBeLessThan(fitted.get(0.1) ?? 0);
    }
  });

  it('gives no number before the bytes read moved (rather than a third of the file)', () => {
    const estimator = new TotalEstimator();
    const run = { dispatched: 200, written: 0, bytesRead: 262_144, inputBytes: 3_000_000 } as RunState;
    estimator.observe(run);
    expect(estimator.estimate(run)).toBeUndefined();
  });

  it('never estimates fewer rows than already read', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(100_000), fc.nat(10_000_000)), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 20_000_000 }),
        (readings, inputBytes) => {
          const estimator = new TotalEstimator();
          for (const [dispatched, bytesRead] of readings) {
            const run = { dispatched, written: 0, bytesRead, inputBytes };
            estimator.observe(run);
            const e = estimator.estimate(run);
            if (e) expect(e.total).toBeGreaterThanOrEqual(dispatched);
            const one = estimateTotal(run);
            if (one) expect(one.total).toBeGreaterThanOrEqual(dispatched);
          }
        },
      ),
    );
  });
});

describe('the progress line', () => {
  it('fits 80 columns with the bar and keeps the counts, the ETA and the HITs', () => {
    const text = progressLine(figures(), 80);
    expect(text.length).toBeLessThan(80);
    expect(text).toMatch(/^[█░]{20} 989\//);
    expect(text).toContain('989/≈2975 rows (≈33 %)');
    expect(text).toContain('ETA ≈2m39s');
    expect(text).toContain('HIT 4');
    expect(text).not.toContain('CLEAR');
  });

  it('at 130 columns keeps the counts whole with rows/s, calls/s and every verdict an analyst acts on', () => {
    const text = progressLine(figures({ written: 12_345, total: 20_000 }), 130);
    expect(text.length).toBeLessThan(130);
    expect(text).toMatch(
      /^█{12}░{8} 12345\/≈20000 rows \(≈61 %\) \| ETA ≈2m39s \| HIT 4 \| 6\.9 rows\/s \| 48\.3 calls\/s/,
    );
    expect(text).toContain('INCOMPLETE 1');
  });

  it('shows every field where there is room, exact totals without ≈', () => {
    const text = progressText(figures({ exact: true, total: 1987 }), 300);
    expect(text).toBe(
      '989/1987 rows (49 %) | ETA 2m39s | HIT 4 | 6.9 rows/s | 48.3 calls/s | INCOMPLETE 1 | 429s 3 | REVIEW 17 | INVALID 7 | CLEAR 960',
    );
  });

  it('never exceeds the width, and never drops or cuts the counts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 300 }), fc.nat(100_000), (width, written) => {
        const text = progressText(figures({ written }), width);
        expect(text).toMatch(new RegExp(`^${written}/≈2975 rows`));
        if (`${written}/≈2975 rows (≈${Math.floor((100 * written) / 2975)} %)`.length <= width)
          expect(text.length).toBeLessThanOrEqual(width);
      }),
    );
  });

  it('says in words what the run does before it screens: the register mirror with its own counts', () => {
    const mirror = figures({
      phase: 'mirror',
      phaseSeconds: 100,
      mirror: { searches: 1_234, records: 5_678 },
      written: 0,
      total: undefined,
    });
    const text = progressLine(mirror, 80);
    expect(text).toBe('register mirror: 1234 searches, 5678 records | 48.3 calls/s | for 1m40s');
    expect(progressLine(mirror, 130)).toBe(
      'register mirror: 1234 searches, 5678 records | 48.3 calls/s | for 1m40s | 429s 3',
    );
    expect(progressLine(mirror, 40)).toBe('register mirror: 1234 searches, 5678 records');
    expect(text).not.toContain('rows');
    expect(progressText(figures({ phase: 'preflight', phaseSeconds: 2 }), 80)).toBe(
      'preflight: checking the input and the service 2s',
    );
    expect(progressText(figures({ phase: 'queued' }), 80)).toContain('waiting for a worker');
    expect(progressText(figures({ phase: 'writing', exact: true, total: 989 }), 80)).toMatch(
      /^writing outputs \| 989\/989 rows \(100 %\) \| HIT 4 \| INCOMPLETE 1/,
    );
    expect(progressText(figures({ phase: 'done', exact: true, total: 989 }), 300)).toBe(
      '989/989 rows (100 %) | HIT 4 | INCOMPLETE 1 | 429s 3 | REVIEW 17 | INVALID 7 | CLEAR 960',
    );
    expect(progressText(figures({ rowsPerSecond: undefined, callsPerSecond: undefined }), 300)).toContain(
      '… rows/s | … calls/s',
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

describe('the meter of a follower', () => {
  it('takes the phase and the mirror counts from the run, and rates from its counters', () => {
    const meter = new RateMeter();
    const run = { id: 'r1', status: 'running', written: 0, dispatched: 0, inputBytes: 10_000 } as RunState;
    let f = meter.figures({ run, counters: {} }, 0);
    expect(f.phase).toBe('screening');
    for (let at = 0; at <= 10_000; at += 250)
      f = meter.figures(
        {
          run,
          // The mirror's calls may reach the counters only as it ends: its searches are counted as answered.
          counters: { calls: 0 },
          live: { phase: 'mirror', phaseSince: 0, mirrorSearches: at / 20, mirrorRecords: at / 4 },
        },
        at,
      );
    expect(f).toMatchObject({ phase: 'mirror', phaseSeconds: 10, mirror: { searches: 500, records: 2_500 } });
    expect(f.callsPerSecond).toBeCloseTo(50);
    // Screening: the 500 calls of the mirror land in the counters at once, and are no burst of the new phase.
    const screening = {
      phase: 'screening' as const,
      phaseSince: 10_000,
      mirrorSearches: 500,
      mirrorRecords: 2_500,
    };
    for (let at = 10_250; at <= 20_000; at += 250)
      f = meter.figures({ run, counters: { calls: 500 + (at - 10_250) / 25 }, live: screening }, at);
    expect(f.phase).toBe('screening');
    expect(f.callsPerSecond).toBeCloseTo(40);
    expect(meter.figures({ run: { ...run, status: 'done' }, counters: {} }, 20_250).phase).toBe('done');
    // A coordinator took the run and checks the service; it reads as running only once that passed.
    const queued = { ...run, status: 'queued' as const };
    const live = (phase: 'preflight' | 'screening') => ({ phase, mirrorSearches: 0, mirrorRecords: 0 });
    expect(new RateMeter().figures({ run: queued, counters: {}, live: live('preflight') }).phase).toBe(
      'preflight',
    );
    // Queued again after a failure: the phase it was in then is not what it does now.
    expect(new RateMeter().figures({ run: queued, counters: {}, live: live('screening') }).phase).toBe(
      'queued',
    );
  });
});

describe('progress log without a terminal', () => {
  it('logs one progress line per interval and one at each new phase, with rows, total, rates, ETA and 429s', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    let clock = 0;
    const log = progressLog(pino({ level: 'info' }, sink), 30_000, () => clock);
    const run = { id: 'r1', status: 'running', written: 0, dispatched: 0, inputBytes: 100_000 } as RunState;
    for (let t = 0; t <= 20_000; t += 5_000) {
      clock = t;
      const live = {
        phase: 'mirror' as const,
        phaseSince: 0,
        mirrorSearches: t / 100,
        mirrorRecords: t / 10,
      };
      log.update({ run, counters: { calls: t / 100 }, live });
    }
    for (let t = 25_000; t <= 120_000; t += 5_000) {
      clock = t;
      const rows = (t - 25_000) / 100;
      const bytesRead = 20_000 + Math.floor((rows * 50) / 4_096) * 4_096;
      log.update({
        run: { ...run, written: rows, dispatched: rows + 50, bytesRead },
        counters: { calls: t / 10, rate_limited: 2 },
        live: { phase: 'screening', phaseSince: 25_000, mirrorSearches: 200, mirrorRecords: 2_000 },
      });
    }
    const progress = lines.filter((l) => l.msg === 'progress');
    expect(progress.map((l) => l.phase)).toEqual([
      'mirror',
      'screening',
      'screening',
      'screening',
      'screening',
    ]);
    expect(progress[0]).toMatchObject({ runId: 'r1', mirrorSearches: 0, rows: 0, total: null });
    expect(progress.at(-1)).toMatchObject({
      runId: 'r1',
      totalExact: false,
      rateLimited429: 2,
      rowsPerSecond: 10,
    });
    expect(progress.at(-1)?.total).toBeGreaterThan(progress.at(-1)?.rows as number);
    expect(progress.at(-1)?.etaSeconds).toBeGreaterThan(0);
    expect(progress[1]).not.toHaveProperty('mirrorSearches');
  });
});

/**
 * A run resumed at `resumeAt` of its rows, followed from then on: the new coordinator reads the file from
 * its top again (the skipped rows are parsed, not screened), so the bytes read run ahead as before, and
 * the rows parsed and the bytes they took count from the top of the file.
 */
function resumedRun(seed: number, rows: number, resumeAt: number) {
  const next = random(seed);
  const sizes = Array.from({ length: rows }, (_, i) => mixed(i, rows, next));
  const header = 180;
  const inputBytes = header + sizes.reduce((a, b) => a + b, 0);
  const chunk = 64 * 1024;
  const ahead = 200 * 1024;
  const resumed = Math.floor(rows * resumeAt);
  const readings: RunState[] = [];
  let dispatched = resumed;
  const prefix = [header];
  for (const size of sizes) prefix.push((prefix.at(-1) ?? header) + size);
  const bytesOf = (n: number) => prefix[n] ?? inputBytes;
  while (dispatched < rows) {
    dispatched += Math.min(rows - dispatched, 8 + Math.floor(next() * 192));
    // The parser is a few records ahead of the rows dispatched.
    const parsed = Math.min(rows, dispatched + Math.floor(next() * 16));
    const bytesRead = Math.min(inputBytes, Math.ceil((bytesOf(dispatched) + ahead) / chunk) * chunk);
    readings.push({
      dispatched,
      written: Math.max(resumed, dispatched - 300),
      bytesRead,
      inputBytes,
      rowsConsumed: parsed,
      bytesConsumed: bytesOf(parsed),
    } as RunState);
  }
  return { resumed, readings };
}

describe('the estimated total after --resume', () => {
  it('counts from the resumed position: within 5 % of the rows all along, where it was up to half low', () => {
    for (const rows of [3_000, 20_000])
      for (const resumeAt of [0.3, 0.5, 0.8])
        for (const seed of [7, 8]) {
          const { readings } = resumedRun(seed, rows, resumeAt);
          const estimator = new TotalEstimator();
          const errors: number[] = [];
          for (const run of readings) {
            estimator.observe(run);
            const e = estimator.estimate(run);
            if (e) errors.push((e.total - rows) / rows);
            const one = estimateTotal(run);
            if (one) errors.push((one.total - rows) / rows);
          }
          expect(errors.length, `${rows} rows resumed at ${resumeAt}`).toBeGreaterThan(0);
          expect(Math.min(...errors), `${rows} rows resumed at ${resumeAt}`).toBeGreaterThan(-0.05);
          expect(Math.max(...errors), `${rows} rows resumed at ${resumeAt}`).toBeLessThan(0.05);
        }
  });
});
