/**
 * Two nights of a nightly rescreening (`npm run bench:nightly`), end to end: the CLI against the emulator
 * on one Redis. Night 1 screens a Zipf person portfolio (lib/portfolio-file.ts); night 2 the same file
 * plus new clients (1 in 20), both with the nightly policy of docs/operations.md, "Answers kept across
 * runs". Then night 2 again with the default policy (every answer fresh), for today's cost. Prints calls
 * per client of each night (and which calls remain on night 2), wall time, whether every client of night 1
 * has the verdict it had, and the memory of the answer store: MEMORY USAGE of its keys (per answer, per
 * million) and Redis's used_memory freed by `answers purge`.
 *
 *   npm run bench:nightly                        100,000 clients
 *   npm run bench:nightly -- --clients 20000 --rate 2000
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { parse } from 'csv-parse/sync';
import { answerKeyPattern, purgeAnswers } from '../../src/answers/answer-store.js';
import type { Manifest } from '../../src/export/manifest.js';
import { scanKeys } from '../../src/infra/redis-connection.js';
import { benchFlag } from './lib/figures.js';
import { writePortfolioFile } from './lib/portfolio-file.js';
import { runCli, startEmulator, startRedis } from './lib/processes.js';

const CLIENTS = Number(benchFlag('clients') ?? 100_000);
const NEW_CLIENTS = Number(benchFlag('new') ?? Math.round(CLIENTS / 20));
const RATE = benchFlag('rate') ?? '2000';
const POLICY = 'debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d';
const PREFIX = '{kyc}';
const work = mkdtempSync(join(tmpdir(), 'kyc-nightly-'));

interface Night {
  readonly name: string;
  readonly seconds: number;
  readonly manifest: Manifest;
  /** client_id → the row's cells but the run's id and check time. */
  readonly decisions: Map<string, string>;
  readonly verdicts: Map<string, string>;
}

function readDecisions(path: string): { decisions: Map<string, string>; verdicts: Map<string, string> } {
  const rows: string[][] = parse(readFileSync(path), { bom: true, relax_column_count: true });
  const header = rows[0] ?? [];
  const own = new Set([header.indexOf('kyc_run_id'), header.indexOf('kyc_checked_at')]);
  const verdict = header.indexOf('kyc_verdict');
  const decisions = new Map<string, string>();
  const verdicts = new Map<string, string>();
  for (const row of rows.slice(1)) {
    decisions.set(row[0] ?? '', row.filter((_c, i) => !own.has(i)).join('\u0001'));
    verdicts.set(row[0] ?? '', row[verdict] ?? '');
  }
  return { decisions, verdicts };
}

async function night(name: string, file: string, env: NodeJS.ProcessEnv, policy?: string): Promise<Night> {
  const out = join(work, name);
  const args = ['run', file, '--rate', RATE, '--out-dir', out, '--no-progress'];
  const result = await runCli(policy ? [...args, '--max-age', policy] : args, env);
  if (result.code !== 0) throw new Error(`${name} failed (${result.code}): ${result.stderr}`);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  return { name, seconds: result.seconds, manifest, ...readDecisions(join(out, 'verdicts.csv')) };
}

async function storeMemory(redis: Redis): Promise<{ answers: number; bytes: number }> {
  let answers = 0;
  let bytes = 0;
  await scanKeys(redis, answerKeyPattern(PREFIX), async (keys) => {
    for (const key of keys) {
      answers++;
      bytes += (await redis.memory('USAGE', key, 'SAMPLES', '0')) ?? 0;
    }
  });
  return { answers, bytes };
}

const usedMemory = async (redis: Redis) =>
  Number((/used_memory:(\d+)/.exec(await redis.info('memory')) ?? [])[1] ?? 0);

function describeNight(n: Night): string {
  const m = n.manifest;
  const ops = Object.entries(m.upstream.calls_by_operation)
    .map(([op, byStatus]) => `${op} ${Object.values(byStatus).reduce((a, b) => a + b, 0)}`)
    .join(', ');
  return (
    `${n.name}: ${m.rows.clients} clients, ${m.upstream.calls} calls, ${m.upstream.calls_per_client} per client, ` +
    `${m.upstream.answers_reused} answers reused, wall ${n.seconds.toFixed(1)} s\n    calls: ${ops || 'none'}\n` +
    `    policy ${m.answers.max_age}; fresh/reused by check ${JSON.stringify(m.answers.by_check)}`
  );
}

function changedVerdicts(before: Night, after: Night): { changed: number; decisionsChanged: number } {
  let changed = 0;
  let decisionsChanged = 0;
  for (const [client, verdict] of before.verdicts) {
    if (after.verdicts.get(client) !== verdict) changed++;
    if (after.decisions.get(client) !== before.decisions.get(client)) decisionsChanged++;
  }
  return { changed, decisionsChanged };
}

async function main(): Promise<void> {
  const night1File = join(work, 'night1.csv');
  const night2File = join(work, 'night2.csv');
  // The same seed: night 2's first CLIENTS rows are night 1's file, the rest are new clients.
  await writePortfolioFile(night1File, { rows: CLIENTS, seed: 27 });
  await writePortfolioFile(night2File, { rows: CLIENTS + NEW_CLIENTS, seed: 27 });
  const redis = await startRedis();
  const emulator = await startEmulator();
  const client = new Redis(redis.url);
  const env = { REDIS_URL: redis.url, KYC_API_URL: emulator.url, KYC_STATE_DIR: join(work, 'state') };
  try {
    const before = await usedMemory(client);
    const first = await night('night 1', night1File, env, POLICY);
    const afterFirst = await usedMemory(client);
    const store = await storeMemory(client);
    const second = await night('night 2', night2File, env, POLICY);
    const plain = await night('night 2, default policy', night2File, env);
    const beforePurge = await usedMemory(client);
    const purged = await purgeAnswers(client, PREFIX);
    const freed = beforePurge - (await usedMemory(client));
    const kept = changedVerdicts(first, second);
    const perAnswer = store.answers > 0 ? store.bytes / store.answers : 0;
    console.log(`\nbench:nightly — ${CLIENTS} clients, night 2 +${NEW_CLIENTS} new, rate ${RATE}/s\n`);
    for (const n of [first, second, plain]) console.log(describeNight(n));
    console.log(
      `\nnight 2 vs night 1: ${kept.changed} of ${first.verdicts.size} clients changed verdict, ` +
        `${kept.decisionsChanged} changed any cell but run id and time` +
        `\nstore after night 1: ${store.answers} answers, MEMORY USAGE ${(store.bytes / 1048576).toFixed(1)} MiB, ` +
        `${perAnswer.toFixed(0)} B per answer, ${((perAnswer * 1e6) / 1048576).toFixed(0)} MiB per million answers` +
        `\nRedis used_memory: +${((afterFirst - before) / 1048576).toFixed(1)} MiB over night 1 (store and run leftovers); ` +
        `purge removed ${purged} answers and freed ${(freed / 1048576).toFixed(1)} MiB ` +
        `(${purged > 0 ? (((freed / purged) * 1e6) / 1048576).toFixed(0) : 0} MiB per million)`,
    );
  } finally {
    await client.quit();
    await emulator.stop();
    await redis.stop();
  }
}

await main();
