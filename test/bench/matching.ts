/**
 * Time to score one (client, record) pair over the evaluation set (`npx tsx test/bench/matching.ts`).
 * Target: median ≤ 20 µs. Clients are prepared once and memoised, as in a run (one client meets many
 * records); records are parsed on every call, since a run sees each record once per client.
 * Writes test/bench/results/matching.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPairs, scorePair } from '../eval/matching-eval.js';
import { SCORING_VERSION } from '../../src/verdict/index.js';

const TARGET_MEDIAN_US = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP_ROUNDS = 5;

const pairs = loadPairs();
for (let r = 0; r < WARMUP_ROUNDS; r++) for (const pair of pairs) scorePair(pair);

const samples = new Float64Array(ROUNDS * pairs.length);
const byRegister = new Map<string, number[]>();
let sink = 0;
let k = 0;
const started = process.hrtime.bigint();
for (let r = 0; r < ROUNDS; r++) {
  for (const pair of pairs) {
    const t0 = process.hrtime.bigint();
    const scored = scorePair(pair);
    const us = Number(process.hrtime.bigint() - t0) / 1000;
    sink += scored.score;
    samples[k++] = us;
    const list = byRegister.get(pair.register) ?? [];
    list.push(us);
    byRegister.set(pair.register, list);
  }
}
const totalMs = Number(process.hrtime.bigint() - started) / 1e6;

function quantile(values: ArrayLike<number>, q: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const result = {
  scoringVersion: SCORING_VERSION,
  node: process.version,
  pairs: pairs.length,
  rounds: ROUNDS,
  samples: samples.length,
  medianUs: Number(quantile(samples, 0.5).toFixed(2)),
  p99Us: Number(quantile(samples, 0.99).toFixed(2)),
  meanUs: Number(((totalMs * 1000) / samples.length).toFixed(2)),
  byRegister: Object.fromEntries(
    [...byRegister].map(([register, values]) => [
      register,
      {
        medianUs: Number(quantile(values, 0.5).toFixed(2)),
        p99Us: Number(quantile(values, 0.99).toFixed(2)),
      },
    ]),
  ),
  targetMedianUs: TARGET_MEDIAN_US,
  passed: quantile(samples, 0.5) <= TARGET_MEDIAN_US,
  checksum: Number(sink.toFixed(3)),
};

const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'matching.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
console.log(
  `matching: median ${result.medianUs} µs, p99 ${result.p99Us} µs per pair ` +
    `(${result.samples} scorings of ${result.pairs} pairs; target median ≤ ${TARGET_MEDIAN_US} µs) → ${out}`,
);
for (const [register, m] of Object.entries(result.byRegister)) {
  console.log(`  ${register.padEnd(22)} median ${m.medianUs} µs, p99 ${m.p99Us} µs`);
}
process.exitCode = result.passed ? 0 : 1;
