/**
 * Preloaded into a benchmark's `serve` (`node --import`, transpiled: it runs outside tsx) when
 * KYC_BENCH_LIVE_OUT is set: the heap and buffers the process holds once its garbage is collected, which
 * its peak RSS cannot tell apart from garbage not collected yet. SIGWINCH starts the watch; from then on
 * every KYC_BENCH_LIVE_MS a full collection, and the most that survived one is written to
 * KYC_BENCH_LIVE_OUT. Forced collections slow the process down: its RSS is not a figure then.
 */
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bytes of JavaScript heap and of buffers (ArrayBuffers) that survive a full collection. */
export interface Held {
  readonly heapUsed: number;
  readonly arrayBuffers: number;
}

export interface LiveMemory {
  /** Held when the watch started. */
  readonly before: Held;
  /** The most held after any collection since. */
  readonly max: Held;
  readonly collections: number;
}

const out = process.env.KYC_BENCH_LIVE_OUT;
if (out) {
  setFlagsFromString('--expose-gc');
  // Otherwise dead buffers are freed on a background thread after the collection returns, and still counted.
  setFlagsFromString('--no-concurrent-array-buffer-sweeping');
  const gc = runInNewContext('gc') as () => void;
  const held = (): Held => {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return { heapUsed, arrayBuffers };
  };
  process.once('SIGWINCH', () => {
    const before = held();
    let live: LiveMemory = { before, max: before, collections: 0 };
    setInterval(
      () => {
        const now = held();
        live = {
          before,
          max: {
            heapUsed: Math.max(live.max.heapUsed, now.heapUsed),
            arrayBuffers: Math.max(live.max.arrayBuffers, now.arrayBuffers),
          },
          collections: live.collections + 1,
        };
        writeFileSync(out, JSON.stringify(live));
      },
      Number(process.env.KYC_BENCH_LIVE_MS ?? 100),
    ).unref();
  });
}
