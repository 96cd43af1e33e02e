import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerKeyPattern } from '../../../src/answers/answer-store.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/infra/embedded-redis.js';
import { parseMaxAge } from '../../../src/settings/answer-policy.js';
import { upstreamKeys } from '../../../src/run/state/topology.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * The answer store in a Redis of its own (KYC_ANSWERS_REDIS_URL), one that may evict: the answers go
 * there and nowhere else, and answers lost from it, between runs or while a run reads them, cost calls
 * and never change a verdict.
 */
const NIGHTLY = parseMaxAge('debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d');
const SECRET = Buffer.alloc(32, 9);
const INPUT = 'samples/clients.csv';

let store: EmbeddedRedis;
let answers: Redis;
let pipeline: TestPipeline;
beforeAll(async () => {
  store = await startEmbeddedRedis({
    dir: mkdtempSync(join(tmpdir(), 'kyc-answers-redis-')),
    persist: false,
  });
  answers = new Redis(store.url, { maxRetriesPerRequest: 1 });
  pipeline = await startTestPipeline({
    settings: { answerStore: () => ({ secret: SECRET, upstream: 'test-emulator' }) },
    answersRedis: answers,
  });
}, 120_000);
afterAll(async () => {
  await pipeline.close();
  await answers.quit();
  await store.stop();
});

/** verdicts.csv without the run's id and the time each row was checked. */
function decisions(path: string): string {
  const rows: string[][] = parse(readFileSync(path), { bom: true, relax_column_count: true });
  const header = rows[0] ?? [];
  const own = new Set(['kyc_run_id', 'kyc_checked_at'].map((name) => header.indexOf(name)));
  return rows.map((row) => row.filter((_cell, i) => !own.has(i)).join('\u0001')).join('\n');
}

async function keptIn(redis: Redis): Promise<number> {
  return (await redis.keys(answerKeyPattern(pipeline.prefix))).length;
}

async function screen(maxAge?: typeof NIGHTLY, whileRunning?: () => Promise<void>) {
  // Each run starts as a night's first one (its own preflight call and page-size search, not those of the
  // run before it moments ago), so that the runs' calls differ by their clients' requests alone.
  const learned = upstreamKeys(pipeline.prefix, pipeline.service.id);
  await pipeline.redis.del(learned.answered, learned.pageSize);
  const runId = await pipeline.submit(INPUT, { faStrategy: 'search', ...(maxAge ? { maxAge } : {}) });
  await whileRunning?.();
  const { run } = await pipeline.finish(runId);
  const manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
  return { calls: manifest.upstream.calls, verdicts: decisions(run.out) };
}

describe('the answer store in a Redis of its own', () => {
  it('keeps the answers there only, and answers lost from it cost calls, never a verdict', async () => {
    const fresh = await screen();
    const first = await screen(NIGHTLY);
    expect(first.verdicts).toEqual(fresh.verdicts);
    expect(await keptIn(answers)).toBeGreaterThan(0);
    expect(await keptIn(pipeline.redis)).toBe(0);

    // Every answer gone between two runs: the next run asks again and says the same.
    await answers.flushall();
    const afterLoss = await screen(NIGHTLY);
    expect(afterLoss.verdicts).toEqual(fresh.verdicts);
    expect(afterLoss.calls).toBe(fresh.calls);

    // Answers lost while a run reads them: whatever it found or not, the same verdicts.
    const midway = await screen(NIGHTLY, async () => {
      await answers.flushall();
    });
    expect(midway.verdicts).toEqual(fresh.verdicts);

    // Intact, the store saves the calls.
    const kept = await screen(NIGHTLY);
    expect(kept.verdicts).toEqual(fresh.verdicts);
    expect(kept.calls).toBeLessThan(fresh.calls);
  }, 600_000);
});
