import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A clock the benchmark controls: preloaded into the CLI (`NODE_OPTIONS=--import=<file>`), it moves `Date`
 * forward, so that a night 24 hours after another runs minutes after it. Every process of the run gets the
 * same offset (NODE_OPTIONS is inherited), so the times a run writes and reads back agree; Redis expiries
 * still run on the real clock, which only keeps entries longer (a kept answer's age is read from its own
 * time, not from its expiry). Written into the benchmark's work directory: the CLI runs plain JavaScript.
 */
const PRELOAD = `
const offset = Number(process.env.KYC_BENCH_CLOCK_OFFSET_MS ?? 0);
if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
`;

/** The environment of a CLI run whose clock is `offsetMs` ahead. */
export function shiftedClockEnv(work: string, offsetMs: number): NodeJS.ProcessEnv {
  const file = join(work, 'shifted-clock.mjs');
  writeFileSync(file, PRELOAD);
  return { NODE_OPTIONS: `--import=${file}`, KYC_BENCH_CLOCK_OFFSET_MS: String(offsetMs) };
}
