import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduledRuns } from '../../../src/commands/schedule.js';
import { DEMO_API_KEY, loadConfig } from '../../../src/config.js';
import { KycError } from '../../../src/errors.js';
import { createLogger, silentLogger } from '../../../src/log.js';
import { pipelineMetrics } from '../../../src/metrics/pipeline-metrics.js';
import { runRequest } from '../../../src/runs/request.js';
import { SCHEDULE_DATA_VERSION, type ScheduleJobData } from '../../../src/schedule/definition.js';
import { listFirings } from '../../../src/schedule/firings.js';
import { addSchedule, fireNow, listSchedules, removeSchedule } from '../../../src/schedule/schedules.js';
import { startScheduleWorker, type ScheduleWorker } from '../../../src/schedule/worker.js';
import { verifySignature } from '../../../src/notify/webhook-signature.js';
import { redisUrl } from '../../helpers/redis.js';
import { until } from '../../helpers/until.js';
import { CLIENTS, clientsCsv, startOpsPipeline, type OpsPipeline } from './helpers.js';

const SECRET = 'whsec-firing-failed';
let pipeline: OpsPipeline;
let receiver: Server;
let receiverUrl = '';
const bodies: { body: string; signature: string }[] = [];
const closers: (() => Promise<void>)[] = [];
const base = mkdtempSync(join(tmpdir(), 'kyc-sched-fail-'));
/** Never due by itself within the test: firings come from `schedule run` / fireNow. */
const YEARLY = '0 0 1 1 *';

function cli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'schedule', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      REDIS_URL: redisUrl(),
      KYC_PREFIX: pipeline.prefix,
      KYC_API_URL: pipeline.proxy.url,
      KYC_API_KEY: DEMO_API_KEY,
      LOG_LEVEL: 'warn',
    },
  });
}

function schedule(name: string, input: string): ScheduleJobData {
  return {
    version: SCHEDULE_DATA_VERSION,
    name,
    outDir: join(base, name),
    tz: 'UTC',
    request: runRequest({ input, window: 100, attempts: 1 }),
  };
}

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const signature = String(request.headers['x-kyc-signature'] ?? '');
      bodies.push({ body: Buffer.concat(chunks).toString('utf8'), signature });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await pipeline.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe('a schedule that cannot fire says so', () => {
  it('schedule add refuses a missing whitelist or input with its code, and stores nothing', () => {
    const input = clientsCsv([['CL-1', ...CLIENTS.clean1]]);
    const common = ['--cron', YEARLY, '--tz', 'UTC', '--out-dir', join(base, 'refused')];
    const noWhitelist = cli(['add', ...common, '--input', input, '--whitelist', join(base, 'none.csv')]);
    expect(noWhitelist.status, noWhitelist.stderr).toBe(2);
    expect(noWhitelist.stderr).toContain('KYC_ERR_SCHEDULE_INPUT_MISSING');
    expect(noWhitelist.stderr).toContain('none.csv');
    const noInput = cli(['add', ...common, '--input', join(base, 'gone.csv')]);
    expect(noInput.status, noInput.stderr).toBe(2);
    expect(noInput.stderr).toContain('KYC_ERR_SCHEDULE_INPUT_MISSING');
    expect(cli(['list']).stdout).toBe('No schedules.\n');
  });

  it('a firing whose input is gone fails at once: history with its code, a metric, a signed webhook', async () => {
    const input = clientsCsv([['CL-1', ...CLIENTS.clean1]]);
    const added = cli([
      'add',
      '--cron',
      YEARLY,
      '--tz',
      'UTC',
      '--input',
      input,
      '--out-dir',
      join(base, 'o'),
    ]);
    expect(added.status, added.stderr).toBe(0);
    const name = (await listSchedules(pipeline.redis, pipeline.prefix))[0]?.name ?? '';
    rmSync(input);
    const config = loadConfig({
      REDIS_URL: redisUrl(),
      KYC_PREFIX: pipeline.prefix,
      KYC_API_URL: pipeline.proxy.url,
      KYC_API_KEY: DEMO_API_KEY,
      KYC_WEBHOOK_URL: receiverUrl,
      KYC_WEBHOOK_SECRET: SECRET,
    });
    const logLines: string[] = [];
    const log = createLogger({ level: 'info', destination: { write: (l: string) => void logLines.push(l) } });
    const worker = await startScheduledRuns({
      config,
      log,
      runtime: pipeline.runtime,
      webhookBackoffMs: 100,
    });
    closers.push(() => worker.close());

    const fired = cli(['run', name]);
    expect(fired.status, fired.stderr).toBe(0);
    expect(fired.stdout).toContain(`Firing of ${name} queued`);
    const [firing] = await until('the failed firing', async () => {
      const firings = await listFirings(pipeline.redis, pipeline.prefix, name, 5);
      return firings.some((f) => f.state === 'failed') ? firings : undefined;
    });
    expect(firing).toMatchObject({ state: 'failed', code: 'KYC_ERR_INPUT_NOT_FOUND', exitCode: 3 });
    const history = cli(['history', name]);
    expect(history.stdout).toMatch(/exit 3 {2}failed: KYC_ERR_INPUT_NOT_FOUND/u);
    expect(history.stdout).not.toContain('No firings');
    // Not retried: a firing that started no run fails for good at once (one failed job, one attempt).
    expect(logLines.filter((l) => l.includes('scheduled firing failed'))).toHaveLength(1);

    const metrics = await pipelineMetrics({
      redis: pipeline.redis,
      prefix: pipeline.prefix,
      queues: [],
    }).metrics();
    expect(metrics).toContain(
      `kyc_schedule_firings_total{schedule="${name}",outcome="failed",code="KYC_ERR_INPUT_NOT_FOUND"} 1`,
    );
    const delivered = await until('the webhook', () => bodies[0]);
    expect(JSON.parse(delivered.body)).toMatchObject({
      event: 'schedule.firing_failed',
      schedule: name,
      error_code: 'KYC_ERR_INPUT_NOT_FOUND',
      exit_code: 3,
    });
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(verifySignature(SECRET, delivered.signature, delivered.body, { nowSeconds })).toBe(true);
    // Neither a client's data nor the input's path goes out.
    expect(delivered.body).not.toContain(input);
    await worker.close();
    closers.pop();
    await removeSchedule(pipeline.redis, pipeline.prefix, name);
  });

  it('a firing while the previous one of the same schedule still runs is skipped, with why', async () => {
    const input = clientsCsv([['CL-1', ...CLIENTS.clean1]]);
    await addSchedule(pipeline.redis, pipeline.prefix, YEARLY, schedule('slow', input));
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    let started = 0;
    const worker: ScheduleWorker = await startScheduleWorker({
      redis: pipeline.redis,
      prefix: pipeline.prefix,
      log: silentLogger(),
      concurrency: 4,
      // The first firing's run holds the schedule until released, then stops as a refused upstream would.
      runScheduled: async () => {
        started++;
        await released;
        throw new KycError('KYC_ERR_UPSTREAM_UNREACHABLE', 'released by the test');
      },
    });
    closers.push(() => worker.close());
    await fireNow(pipeline.redis, pipeline.prefix, 'slow');
    await until('the first firing running', () => (started === 1 ? true : undefined));
    await fireNow(pipeline.redis, pipeline.prefix, 'slow');
    const skipped = await until('the skipped firing', async () =>
      (await listFirings(pipeline.redis, pipeline.prefix, 'slow', 5)).find((f) => f.result?.skipped),
    );
    expect(skipped.result?.skipped).toMatch(/^the firing of .* \(s_slow_\d+\) is still running$/u);
    expect(started).toBe(1);
    release();
    await until('the first firing failed', async () =>
      (await listFirings(pipeline.redis, pipeline.prefix, 'slow', 5)).find((f) => f.state === 'failed'),
    );
    const metrics = await pipelineMetrics({
      redis: pipeline.redis,
      prefix: pipeline.prefix,
      queues: [],
    }).metrics();
    expect(metrics).toContain(
      'kyc_schedule_firings_total{schedule="slow",outcome="skipped",code="overlap"} 1',
    );
  });
});
