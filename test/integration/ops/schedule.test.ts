import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { SCHEDULES_QUEUE } from '../../../src/schedule/definition.js';
import { addSchedule, removeSchedule } from '../../../src/schedule/schedules.js';
import { runRequest } from '../../../src/runs/request.js';
import { SCHEDULE_DATA_VERSION } from '../../../src/schedule/definition.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { CLIENTS, readVerdicts } from './helpers.js';
import { until as untilWith } from '../../helpers/until.js';

const prefix = uniquePrefix();
const redis = connect();
let emulator: EmulatorHandle;
let worker: ChildProcess | undefined;
let workerLog = '';
const base = mkdtempSync(join(tmpdir(), 'kyc-sched-'));
const outDir = join(base, 'out');
const input = join(base, 'portfolio.csv');
const header = 'client_id,full_name,birth_date,inn,entity_type';
const line = (id: string, client: readonly string[]) => [id, ...client].join(',');

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    REDIS_URL: redisUrl(),
    KYC_PREFIX: prefix,
    KYC_API_URL: emulator.url,
    KYC_API_KEY: DEMO_API_KEY,
    KYC_RATE: '500',
    LOG_LEVEL: 'warn',
  };
}

function cli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    encoding: 'utf8',
    env: env(),
  });
}

const DATED = /^\d{4}-\d\d-\d\d_\d{4}(?:_\d+)?$/u;
function finishedDirs(): string[] {
  if (!existsSync(outDir)) return [];
  return readdirSync(outDir)
    .filter((d) => DATED.test(d) && existsSync(join(outDir, d, 'manifest.json')))
    .sort((a, b) => Number(a.split('_')[2] ?? 1) - Number(b.split('_')[2] ?? 1) || a.localeCompare(b));
}

/** Polls until `probe` has an answer; on timeout the message carries the log. */
const until = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>) =>
  untilWith(what, probe, { context: () => `worker said:\n${workerLog}` });

beforeAll(async () => {
  emulator = await createEmulator({ keys: [DEMO_API_KEY] });
  writeFileSync(
    input,
    [header, line('CL-1', CLIENTS.clean1), line('CL-2', CLIENTS.foreignAgentPossible)].join('\n'),
  );
});
afterAll(async () => {
  if (worker && worker.exitCode === null) {
    worker.kill('SIGTERM');
    await new Promise((r) => worker?.once('exit', r));
  }
  await emulator.close();
  await redis.quit();
});

describe('nightly rescreening with kyc-screen schedule', () => {
  it('schedule add registers a job scheduler, schedule list shows it', () => {
    const added = cli([
      'schedule',
      'add',
      '--cron',
      '*/2 * * * * *',
      '--tz',
      'UTC',
      '--input',
      input,
      '--out-dir',
      outDir,
      '--name',
      'portfolio_test',
      '--priority',
      'high',
    ]);
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toMatch(
      /^portfolio_test {2}\*\/2 \* \* \* \* \* {2}\(UTC\) {2}next: \d{4}-\d\d-\d\d_\d{4} UTC/u,
    );
    const listed = cli(['schedule', 'list']);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain('portfolio_test  */2 * * * * *  (UTC)');
    expect(listed.stdout).toContain(`input: ${input}`);
    expect(listed.stdout).toContain('priority: high');
  });

  it('refuses a bad cron pattern and an unknown schedule with their codes', async () => {
    const data = {
      version: SCHEDULE_DATA_VERSION,
      name: 'bad',
      outDir,
      tz: 'UTC',
      request: runRequest({ input, window: 10, priority: 'normal', attempts: 1 }),
    };
    await expect(addSchedule(redis, prefix, 'every night', data)).rejects.toMatchObject({
      code: 'KYC_ERR_SCHEDULE_INVALID',
    });
    await expect(removeSchedule(redis, prefix, 'nope')).rejects.toMatchObject({
      code: 'KYC_ERR_SCHEDULE_NOT_FOUND',
    });
  });

  it('kyc-screen worker fires it: dated outputs, earlier ones kept, a delta against the previous run', async () => {
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'worker', '--concurrency', '8'], {
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (d: Buffer) => (workerLog += d.toString()));
    worker.stderr?.on('data', (d: Buffer) => (workerLog += d.toString()));

    const [first] = await until('a first scheduled run', () =>
      finishedDirs().length > 0 ? finishedDirs() : undefined,
    );
    expect(first).toMatch(DATED);
    for (const file of ['verdicts.csv', 'evidence.jsonl', 'manifest.json'])
      expect(existsSync(join(outDir, first ?? '', file)), file).toBe(true);
    // The portfolio changes between two nights: a new client who is a hit.
    writeFileSync(
      input,
      [
        header,
        line('CL-1', CLIENTS.clean1),
        line('CL-2', CLIENTS.foreignAgentPossible),
        line('CL-3', CLIENTS.sanctionsHit),
      ].join('\n'),
    );
    const withNewHit = await until('a delta that shows the new hit', () =>
      finishedDirs().find((d) => {
        const delta = join(outDir, d, 'delta.csv');
        return existsSync(delta) && readVerdicts(delta).some((r) => r.client_key === 'id:CL-3');
      }),
    );
    const delta = readVerdicts(join(outDir, withNewHit, 'delta.csv'));
    expect(delta).toEqual([
      expect.objectContaining({
        client_key: 'id:CL-3',
        changes: 'NEW_HIT NEW_CLIENT',
        current_verdict: 'HIT',
      }),
    ]);
    expect(readFileSync(join(outDir, withNewHit, 'delta.txt'), 'utf8')).toMatch(/NEW_HIT\s+1\s+new hits/u);
    const manifest = JSON.parse(readFileSync(join(outDir, withNewHit, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.config).toMatchObject({ schedule: 'portfolio_test' });
    expect(manifest.priority).toBe('high');
    expect(manifest.run_id).toMatch(/^s_portfolio_test_\d{13}$/u);
    // Every earlier run's outputs are still there.
    expect(finishedDirs().length).toBeGreaterThanOrEqual(2);
    expect(existsSync(join(outDir, first ?? '', 'verdicts.csv'))).toBe(true);
  });

  it('schedule remove stops the firings', async () => {
    const removed = cli(['schedule', 'remove', 'portfolio_test']);
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain('Schedule portfolio_test removed.');
    const queue = new Queue(SCHEDULES_QUEUE, { connection: redis, prefix });
    try {
      expect(await queue.getJobSchedulers()).toEqual([]);
      expect(await queue.getDelayedCount()).toBe(0);
    } finally {
      await queue.close();
    }
    const listed = cli(['schedule', 'list']);
    expect(listed.stdout).toBe('No schedules.\n');
    const again = cli(['schedule', 'remove', 'portfolio_test']);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('KYC_ERR_SCHEDULE_NOT_FOUND');
  });
});
