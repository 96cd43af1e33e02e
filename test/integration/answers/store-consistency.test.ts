import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { valueSeal } from '../../../src/answers/answer-key.js';
import { answerKeyPattern } from '../../../src/answers/answer-store.js';
import { DEMO_API_KEY } from '../../../src/config.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/infra/embedded-redis.js';
import { freePort } from '../../../src/infra/free-port.js';
import { createLogger, type Logger } from '../../../src/log.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { parseMaxAge } from '../../../src/settings/answer-policy.js';
import { REGISTRY_PATHS } from '../../../src/upstream/client/index.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { macOfUrl, outcomesOf, soundStore } from '../../helpers/answer-entries.js';
import { serviceIdentity } from '../../../src/settings/service-identity.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { faultProxy, type FaultProxy, type ProxyAnswer } from '../../helpers/fault-proxy.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { readJsonLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { until } from '../../helpers/until.js';

/**
 * The answer store stays consistent through what a night can bring: a worker killed mid-call, failing
 * calls, a Redis restart, a damaged entry, a resumed run. Whatever happens, an entry is a sealed answer of
 * a call that succeeded or nothing, and the verdicts are those of a run that met none of it.
 */
const POLICY_TEXT = 'debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d';
const POLICY = parseMaxAge(POLICY_TEXT);
const SECRET_TEXT = 'store-consistency-test-secret-0001';
const SECRET = Buffer.from(SECRET_TEXT, 'utf8');

let emulator: EmulatorHandle;
let proxy: FaultProxy;
let reference: TestPipeline;
const redis = connect();
const referenceVerdicts = new Map<string, string>();

beforeAll(async () => {
  // Latency makes a run last long enough to be interrupted in the middle.
  emulator = await createEmulator({ keys: [DEMO_API_KEY], faults: { latencyMs: [2, 12] } });
  proxy = await faultProxy(emulator.url);
  reference = await startTestPipeline();
});
// A test that fails half-way leaves no process of its own and no fault behind for the next one.
const children = new Set<ChildProcess>();
afterEach(async () => {
  proxy.setInject(undefined);
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(running.map(exited));
  children.clear();
});
afterAll(async () => {
  await reference.close();
  await proxy.close();
  await emulator.close();
  await redis.quit();
});

/** The verdicts.csv rows without the two cells that differ between any two runs (run id, checked at). */
function verdictRows(path: string): string[] {
  const rows: string[][] = parse(readFileSync(path), { bom: true, relax_column_count: true });
  const header = rows[0] ?? [];
  const own = new Set(['kyc_run_id', 'kyc_checked_at'].map((name) => header.indexOf(name)));
  expect(own.has(-1)).toBe(false);
  return rows.map((row) => row.filter((_cell, i) => !own.has(i)).join('\u0001'));
}

/** The verdicts of the file by a run that met no fault and kept nothing. */
async function referenceOf(file: string): Promise<string> {
  const known = referenceVerdicts.get(file);
  if (known !== undefined) return known;
  const runId = await reference.submit(file, { faStrategy: 'search' });
  const { run } = await reference.finish(runId);
  const verdicts = verdictRows(run.out).join('\n');
  referenceVerdicts.set(file, verdicts);
  return verdicts;
}

/** How the store names the service the CLI processes call through the proxy (its service identity). */
const storeUpstream = () =>
  serviceIdentity({ apiUrl: proxy.url, usingEmulator: false, apiKey: DEMO_API_KEY }).id;

/** A pipeline in this process on `prefix`, sharing the CLI processes' store: same secret, same service. */
function sharingStore(prefix: string, options: { redisUrl?: string; log?: Logger } = {}) {
  return startTestPipeline({
    prefix,
    upstreamUrl: () => Promise.resolve(proxy.url),
    settings: { rate: 300, answerStore: () => ({ secret: SECRET, upstream: storeUpstream() }) },
    ...options,
  });
}

async function screen(pipeline: TestPipeline, file: string) {
  const runId = await pipeline.submit(file, { faStrategy: 'search', maxAge: POLICY, window: 100 });
  const { run } = await pipeline.finish(runId);
  const manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
  return { run, manifest, verdicts: verdictRows(run.out).join('\n') };
}

/** `kyc-screen …` as a process of this test. */
function kycScreen(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = cli(args, env);
  children.add(child);
  return child;
}

/** The environment of `kyc-screen` processes on `prefix`, calling the service through the proxy. */
function cliEnv(prefix: string): NodeJS.ProcessEnv {
  return {
    REDIS_URL: redisUrl(),
    KYC_API_URL: proxy.url,
    KYC_API_KEY: DEMO_API_KEY,
    KYC_PREFIX: prefix,
    KYC_RATE: '250',
    KYC_ANSWERS_SECRET: SECRET_TEXT,
    KYC_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyc-store-state-')),
  };
}

/** The kept requests among the proxy's answers since `from`, by their name in the store. */
function askedSince(from: number, until = proxy.answered().length): Set<string> {
  return new Set(
    proxy
      .answered()
      .slice(from, until)
      .map((answer) => macOfUrl(SECRET, storeUpstream(), answer.url))
      .filter((mac): mac is string => mac !== undefined),
  );
}

async function writtenOf(store: RunStore, runId: string): Promise<number> {
  return (await store.get(runId))?.written ?? 0;
}

/** A fixed tenth or so of the INNs and bankruptcy searches fail on every attempt. */
function failsAlways(value: string | null): boolean {
  return value !== null && (createHash('sha256').update(value).digest()[0] ?? 255) < 24;
}

describe('the answer store across failures (--max-age)', () => {
  it('kill -9 of a worker mid-run while calls fail: only sealed answers of calls that succeeded are kept; the failed ones are asked again, then everything is reused', async () => {
    const ROWS = 160;
    const file = await generatedClients(ROWS, 0.2);
    const expected = await referenceOf(file);
    const prefix = uniquePrefix();
    const env = cliEnv(prefix);
    const runId = 'store_kill_1';
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-store-kill-'));
    // A 503 for some INNs, a 200 whose body is cut for some bankruptcy searches: both failed calls.
    proxy.setInject(({ url }) => {
      const request = new URL(url, 'http://proxy');
      if (request.pathname === REGISTRY_PATHS.debtorByInn && failsAlways(request.searchParams.get('inn')))
        return { status: 503 };
      if (
        request.pathname === REGISTRY_PATHS.bankruptcySearch &&
        failsAlways(request.searchParams.get('search_string'))
      )
        return { status: 200, body: '{"data":[{"bankrupt' };
      return undefined;
    });
    const from = proxy.answered().length;
    const submitter = kycScreen(
      [
        ...['run', file, '--run-id', runId, '--out-dir', outDir, '--no-workers', '--no-report'],
        ...['--window', '60', '--attempts', '2', '--max-age', POLICY_TEXT, '--fa-strategy', 'search'],
      ],
      env,
    );
    const submitterErr = stderrOf(submitter);
    const workerLog: string[] = [];
    const spawnWorker = () => {
      const worker = kycScreen(['worker', '--concurrency', '8'], env);
      worker.stderr?.on('data', (d: Buffer) => workerLog.push(d.toString()));
      return worker;
    };
    const workers = [spawnWorker(), spawnWorker()];
    const runs = new RunStore(redis, prefix);
    const why = () => [submitterErr(), ...workerLog.slice(-20)].join('\n');
    await until(
      'a quarter of the rows written',
      async () => ((await writtenOf(runs, runId)) >= ROWS / 4 ? true : undefined),
      { timeoutMs: 150_000, context: why },
    );
    const victim = workers[0];
    victim?.kill('SIGKILL');
    if (victim) await exited(victim);
    const killedAt = await writtenOf(runs, runId);
    workers[0] = spawnWorker();
    // 4: the run finished with INCOMPLETE rows (those of the calls that always failed).
    expect(await exited(submitter), why()).toBe(4);
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all(workers.map(exited));
    proxy.setInject(undefined);
    expect(killedAt).toBeLessThan(ROWS);

    const first = outcomesOf(SECRET, storeUpstream(), proxy.answered().slice(from));
    const entries = await soundStore(redis, prefix, SECRET);
    expect(first.failedOnly.size).toBeGreaterThan(0);
    for (const mac of first.failedOnly) expect(entries.has(mac), 'an entry for a failed call').toBe(false);
    // What the service answered is kept, and nothing else: the names above are the store's own.
    expect(new Set(entries.keys())).toEqual(first.answered);
    // The rows of the failed calls are INCOMPLETE, every other row is the reference's.
    const rows = verdictRows(join(outDir, 'verdicts.csv'));
    const reference = expected.split('\n');
    expect(rows).toHaveLength(reference.length);
    const incomplete = rows.filter((row, i) => row !== reference[i]);
    expect(incomplete.length).toBeGreaterThan(0);
    for (const row of incomplete) expect(row).toContain('INCOMPLETE');

    // The next run (the service healthy again) asks exactly what failed, and only that, and is whole.
    const pipeline = await sharingStore(prefix);
    try {
      const beforeSecond = proxy.answered().length;
      const second = await screen(pipeline, file);
      const askedBySecond = askedSince(beforeSecond);
      for (const mac of first.failedOnly)
        expect(askedBySecond.has(mac), 'a failed call asked again').toBe(true);
      for (const mac of askedBySecond) expect(first.answered.has(mac), 'an answer asked twice').toBe(false);
      expect(second.verdicts).toBe(expected);
      // The third asks nothing a client needs and writes the same bytes.
      const beforeThird = proxy.answered().length;
      const third = await screen(pipeline, file);
      expect(askedSince(beforeThird).size).toBe(0);
      expect(third.manifest.upstream.calls).toBeLessThanOrEqual(2);
      expect(third.manifest.upstream.answers_reused).toBeGreaterThan(0);
      expect(third.verdicts).toBe(expected);
      await soundStore(redis, prefix, SECRET);
    } finally {
      await pipeline.close();
    }
  }, 240_000);

  it('a Redis restart mid-run (AOF, same port): the run ends with the verdicts of an uninterrupted one and keeps every answer', async () => {
    const ROWS = 200;
    const file = await generatedClients(ROWS, 0.2);
    const expected = await referenceOf(file);
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'kyc-store-aof-'));
    let server: EmbeddedRedis = await startEmbeddedRedis({ dir, persist: true, port });
    const prefix = uniquePrefix();
    const pipeline = await sharingStore(prefix, { redisUrl: server.url });
    const probe = new Redis(server.url, { maxRetriesPerRequest: null });
    probe.on('error', () => undefined);
    try {
      const runId = await pipeline.submit(file, { faStrategy: 'search', maxAge: POLICY, window: 100 });
      const runs = new RunStore(probe, prefix);
      await until(
        'a quarter of the rows written',
        async () => ((await writtenOf(runs, runId)) >= ROWS / 4 ? true : undefined),
        { timeoutMs: 150_000 },
      );
      // SIGTERM: redis-server writes its AOF and exits; a new one on the same port reads it back.
      await server.stop();
      await new Promise((r) => setTimeout(r, 1_000));
      server = await startEmbeddedRedis({ dir, persist: true, port });
      const { run } = await pipeline.finish(runId, 120_000);
      expect(run.written).toBe(ROWS);
      expect(verdictRows(run.out).join('\n')).toBe(expected);
      expect(readJsonLines<{ row: number }>(run.evidence).map((e) => e.row)).toEqual(
        Array.from({ length: ROWS }, (_, i) => i + 1),
      );
      const entries = await soundStore(probe, prefix, SECRET);
      expect(entries.size).toBeGreaterThan(0);
      // Nothing was lost with the AOF: the next night asks no client's request again.
      const before = proxy.answered().length;
      const again = await screen(pipeline, file);
      expect(askedSince(before).size).toBe(0);
      expect(again.verdicts).toBe(expected);
    } finally {
      await probe.quit();
      await pipeline.close();
      await server.stop();
    }
  }, 240_000);

  it('a cut, altered or moved entry is not read: asked fresh, counted in the manifest and logged without personal data', async () => {
    const file = await generatedClients(100, 0.2);
    const expected = await referenceOf(file);
    const prefix = uniquePrefix();
    const logLines: string[] = [];
    const log = createLogger({
      level: 'warn',
      destination: { write: (line: string) => void logLines.push(line) },
    });
    const pipeline = await sharingStore(prefix, { log });
    try {
      const first = await screen(pipeline, file);
      expect(first.verdicts).toBe(expected);
      const keys = (await redis.keys(answerKeyPattern(prefix))).sort();
      expect(keys.length).toBeGreaterThan(10);
      const macOf = (key: string) => key.slice(key.lastIndexOf(':') + 1);
      const sealed = (key: string, body: string) => `${valueSeal(SECRET, macOf(key), body)}.${body}`;
      const moved = (await redis.get(keys[0] ?? '')) ?? '';
      // Each damage done to an entry of its own (keys[0] stays whole: its value is the moved one).
      const damage: [string, 'seal' | 'content', (key: string, own: string) => string][] = [
        ['cut short', 'seal', (_key, own) => own.slice(0, own.length - 7)],
        ['altered under its seal', 'seal', (_key, own) => own.replace('"s":200', '"s":201')],
        ['a seal changed', 'seal', (_key, own) => `${own.startsWith('x') ? 'y' : 'x'}${own.slice(1)}`],
        ['another request’s entry', 'seal', () => moved],
        ['not an entry', 'seal', () => 'not an entry'],
        ['empty', 'seal', () => ''],
        [
          'sealed, but no answer in it',
          'content',
          (key) => sealed(key, JSON.stringify({ t: Date.now(), a: { x: 1 } })),
        ],
        ['sealed, but not JSON', 'content', (key) => sealed(key, '{"t":1,"a":')],
      ];
      const tampered: { what: string; why: string; key: string; value: string }[] = [];
      for (const [i, [what, why, make]] of damage.entries()) {
        const key = keys[i + 1] ?? '';
        const own = (await redis.get(key)) ?? '';
        const value = make(key, own);
        expect(value, what).not.toBe(own);
        tampered.push({ what, why, key, value });
      }
      for (const { key, value } of tampered) await redis.set(key, value, 'PX', 86_400_000);

      const second = await screen(pipeline, file);
      const third = await screen(pipeline, file);
      expect(second.verdicts).toBe(expected);
      expect(third.verdicts).toBe(expected);
      // Each damaged entry cost one call and was counted; the next run finds every entry whole again.
      expect(second.manifest.answers.discarded).toBe(tampered.length);
      expect(second.manifest.upstream.calls - third.manifest.upstream.calls).toBe(tampered.length);
      expect(third.manifest.answers.discarded).toBe(0);
      const entries = await soundStore(redis, prefix, SECRET);
      for (const { what, key, value } of tampered) {
        expect(entries.has(macOf(key)), what).toBe(true);
        expect(await redis.get(key), what).not.toBe(value);
      }
      // Logged with the operation and why, and nothing that names a client.
      const warnings = logLines
        .map((line) => JSON.parse(line) as { msg: string; damage?: string; operation?: string })
        .filter((line) => line.damage !== undefined);
      expect(warnings.map((w) => w.damage).sort()).toEqual(tampered.map((t) => t.why).sort());
      for (const warning of warnings) expect(warning.operation).toMatch(/^(client|search)\./);
      const clients: string[][] = parse(readFileSync(file), { from_line: 2 });
      const text = logLines.join('\n');
      for (const [, name = '', , inn = ''] of clients) {
        expect(text).not.toContain(inn);
        for (const part of name.split(' ')) if (part.length > 3) expect(text).not.toContain(part);
      }
    } finally {
      await pipeline.close();
    }
  }, 240_000);

  it('--resume of a run killed mid-way reuses the answers of its first part: no request answered before the kill is asked again', async () => {
    const ROWS = 160;
    const file = await generatedClients(ROWS, 0.2);
    const expected = await referenceOf(file);
    const prefix = uniquePrefix();
    const env = cliEnv(prefix);
    const runId = 'store_resume_1';
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-store-resume-'));
    const from = proxy.answered().length;
    const first = kycScreen(
      [
        ...['run', file, '--run-id', runId, '--out-dir', outDir, '--no-report', '--window', '50'],
        ...['--max-age', POLICY_TEXT, '--fa-strategy', 'search'],
      ],
      env,
    );
    const firstErr = stderrOf(first);
    const runs = new RunStore(redis, prefix);
    await until(
      'a third of the rows written',
      async () => ((await writtenOf(runs, runId)) >= ROWS / 3 ? true : undefined),
      { timeoutMs: 150_000, context: firstErr },
    );
    first.kill('SIGKILL');
    await exited(first);
    const killedAt = Date.now();
    const cut = proxy.answered().length;
    expect(await writtenOf(runs, runId)).toBeLessThan(ROWS);
    const keptAtKill = new Set((await soundStore(redis, prefix, SECRET)).keys());
    const partOne: readonly ProxyAnswer[] = proxy.answered().slice(from, cut);
    // Answered a second before the kill: its answer had long been kept, whatever the kill interrupted.
    const answeredEarly = outcomesOf(
      SECRET,
      storeUpstream(),
      partOne.filter((answer) => answer.at < killedAt - 1_000),
    ).answered;
    expect(answeredEarly.size).toBeGreaterThan(0);

    const second = kycScreen(['run', '--resume', runId, '--no-report'], env);
    const secondErr = stderrOf(second);
    expect(await exited(second), secondErr()).toBe(0);
    const askedAfter = askedSince(cut);
    expect(askedAfter.size).toBeGreaterThan(0);
    for (const mac of askedAfter) {
      expect(keptAtKill.has(mac), 'a kept answer asked again').toBe(false);
      expect(answeredEarly.has(mac), 'an answer of the first part asked again').toBe(false);
    }
    expect(verdictRows(join(outDir, 'verdicts.csv')).join('\n')).toBe(expected);
    expect(readJsonLines<{ row: number }>(join(outDir, 'evidence.jsonl')).map((e) => e.row)).toEqual(
      Array.from({ length: ROWS }, (_, i) => i + 1),
    );
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.answers.max_age).toBe(POLICY_TEXT);
    await soundStore(redis, prefix, SECRET);
  }, 240_000);
});
