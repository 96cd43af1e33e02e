import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduledRuns } from '../../../src/commands/schedule.js';
import { DEMO_API_KEY, loadConfig } from '../../../src/config.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { silentLogger } from '../../../src/log.js';
import { removeSchedule } from '../../../src/schedule/schedules.js';
import type { ScheduleWorker } from '../../../src/schedule/worker.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { faultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { redisUrl } from '../../helpers/redis.js';
import { CLIENTS, clientsCsv, readVerdicts } from './helpers.js';

let pipeline: TestPipeline;
let proxy: FaultProxy | undefined;
let scheduled: ScheduleWorker | undefined;
const outDir = join(mkdtempSync(join(tmpdir(), 'kyc-sched-settings-')), 'out');
const input = clientsCsv([
  ['CL-1', ...CLIENTS.clean1],
  ['CL-2', ...CLIENTS.clean2],
  ['CL-3', ...CLIENTS.clean3],
]);
/**
 * Calls that reached the (failing) upstream for a check, by URL (the preflight's dictionary call and the run's
 * page-size search, a broad `entity_type=person` search, aside).
 */
const checkCalls = new Map<string, number>();

function cli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'schedule', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      REDIS_URL: redisUrl(),
      KYC_PREFIX: pipeline.prefix,
      KYC_API_URL: proxy?.url ?? '',
      KYC_API_KEY: DEMO_API_KEY,
      LOG_LEVEL: 'warn',
    },
  });
}

const common = ['--cron', '*/1 * * * * *', '--tz', 'UTC', '--input', input, '--out-dir', outDir];

beforeAll(async () => {
  pipeline = await startTestPipeline({
    // The workers would give every check four attempts; the schedule asks for one.
    settings: { attempts: 4, backoffMs: 50 },
    upstreamUrl: async (emulatorUrl) => {
      proxy = await faultProxy(emulatorUrl, ({ url }) => {
        if (url.startsWith('/reg2/dictionary') || url.endsWith('?entity_type=person')) return undefined;
        checkCalls.set(url, (checkCalls.get(url) ?? 0) + 1);
        return { status: 500 };
      });
      return proxy.url;
    },
  });
});
afterAll(async () => {
  await scheduled?.close();
  await pipeline.close();
  await proxy?.close();
});

describe('a schedule keeps the run settings it was given', () => {
  it('refuses --rate and --concurrency, naming the worker option that decides them', () => {
    for (const [option, decider] of [
      ['--rate', 'kyc-screen worker --rate, or KYC_RATE'],
      ['--concurrency', 'kyc-screen worker --concurrency'],
    ] as const) {
      const refused = cli(['add', ...common, '--name', 'refused', option, '1']);
      expect(refused.status, refused.stderr).toBe(2);
      expect(refused.stderr).toContain('KYC_ERR_USAGE');
      expect(refused.stderr).toContain(decider);
    }
    expect(cli(['list']).stdout).toBe('No schedules.\n');
  });

  it('a firing runs with the stored --attempts and --cache-rows, not the worker’s', async () => {
    const added = cli([
      'add',
      ...common,
      '--name',
      'one_attempt',
      '--attempts',
      '1',
      '--cache-rows',
      '7',
      '--checks',
      'foreign_agent',
    ]);
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain('attempts: 1');
    expect(added.stdout).toContain('cache rows: 7');
    const listed = cli(['list', '--json']);
    expect(listed.stdout).not.toMatch(/"rate"|"concurrency"/u);

    const config = loadConfig({
      REDIS_URL: redisUrl(),
      KYC_PREFIX: pipeline.prefix,
      KYC_API_URL: proxy?.url,
      KYC_API_KEY: DEMO_API_KEY,
      KYC_CACHE_ROWS: '5000',
    });
    scheduled = await startScheduledRuns({
      config,
      log: silentLogger(),
      runtime: {
        redis: pipeline.redis,
        redisUrl: redisUrl(),
        registry: pipeline.registry,
        apiUrl: proxy?.url ?? '',
        usingEmulator: false,
        service: pipeline.service,
        embeddedRedis: false,
        close: async () => undefined,
      },
    });
    const dirs = () => (existsSync(outDir) ? readdirSync(outDir) : []);
    const finished = () => dirs().filter((d) => existsSync(join(outDir, d, 'manifest.json')));
    const deadline = Date.now() + 60_000;
    while (finished().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await removeSchedule(pipeline.redis, pipeline.prefix, 'one_attempt');
    // A firing may have started meanwhile: let every started run finish before counting calls.
    while (finished().length < dirs().length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const [dir] = finished();
    expect(dir, 'a finished scheduled run').toBeDefined();
    const manifest = JSON.parse(readFileSync(join(outDir, dir ?? '', 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.config).toMatchObject({ attempts: 1, cacheRows: 7, schedule: 'one_attempt' });
    const run = await new RunStore(pipeline.redis, pipeline.prefix).require(manifest.run_id);
    expect(run).toMatchObject({ attempts: 1, cacheRows: 7 });
    // Each row's one check failed once per firing and was not retried (the workers would try it 4 times).
    const verdicts = readVerdicts(join(outDir, dir ?? '', 'verdicts.csv'));
    expect(verdicts.map((v) => v.kyc_verdict)).toEqual(['INCOMPLETE', 'INCOMPLETE', 'INCOMPLETE']);
    expect([...checkCalls.values()]).toEqual([1, 1, 1].map(() => finished().length));
  });
});
