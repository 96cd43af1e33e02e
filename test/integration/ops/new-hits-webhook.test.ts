import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduledRuns } from '../../../src/commands/schedule.js';
import { DEMO_API_KEY, loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/log.js';
import { SCHEDULES_QUEUE } from '../../../src/schedule/definition.js';
import type { ScheduledRunResult } from '../../../src/schedule/processor.js';
import { addSchedule, removeSchedule } from '../../../src/schedule/schedules.js';
import type { ScheduleWorker } from '../../../src/schedule/worker.js';
import { verifySignature } from '../../../src/notify/webhook-signature.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { runRequest } from '../../../src/runs/request.js';
import { SCHEDULE_DATA_VERSION } from '../../../src/schedule/definition.js';
import { redisUrl } from '../../helpers/redis.js';
import { CLIENTS, readVerdicts, startOpsPipeline, type OpsPipeline } from './helpers.js';
import { until as untilWith } from '../../helpers/until.js';

const SECRET = 'whsec-test-9f8e7d';
const TOKEN = 'T0K3N-in-the-path';

interface Delivery {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly answered: number;
}

let pipeline: OpsPipeline;
let receiver: Server;
let receiverUrl = '';
let scheduled: ScheduleWorker | undefined;
const deliveries: Delivery[] = [];
const logLines: string[] = [];
const base = mkdtempSync(join(tmpdir(), 'kyc-new-hits-'));
const outDir = join(base, 'out');
const input = join(base, 'portfolio.csv');
const header = 'client_id,full_name,birth_date,inn,entity_type';

/** Replaced whole (write, then rename), as the docs ask of a scheduled input. */
function writeInput(rows: readonly (readonly string[])[]): void {
  writeFileSync(`${input}.tmp`, [header, ...rows.map((r) => r.join(','))].join('\n') + '\n');
  renameSync(`${input}.tmp`, input);
}

/** Polls until `probe` has an answer; on timeout the message carries the log. */
const until = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>) =>
  untilWith(what, probe, { timeoutMs: 25_000, context: () => logLines.join('') });

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  // The receiver is down at first (500), then accepts: the notice must arrive on a retry.
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const answered = deliveries.length === 0 ? 500 : 200;
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://hook:pw-secret@127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${TOKEN}`;
  writeInput([
    ['CL-1', ...CLIENTS.clean1],
    ['CL-2', ...CLIENTS.clean2],
  ]);
});
afterAll(async () => {
  await scheduled?.close();
  await pipeline.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe('new HITs of a scheduled run are announced', () => {
  it('a warn line, the firing’s outcome 8, the run’s delta, and a signed webhook delivered on retry', async () => {
    await addSchedule(pipeline.redis, pipeline.prefix, '*/1 * * * * *', {
      version: SCHEDULE_DATA_VERSION,
      name: 'hits',
      outDir,
      tz: 'UTC',
      request: runRequest({ input, window: 100, priority: 'normal', attempts: 2 }),
    });
    const config = loadConfig({
      REDIS_URL: redisUrl(),
      KYC_PREFIX: pipeline.prefix,
      KYC_API_URL: pipeline.proxy.url,
      KYC_API_KEY: DEMO_API_KEY,
      KYC_WEBHOOK_URL: receiverUrl,
      KYC_WEBHOOK_SECRET: SECRET,
    });
    // No secrets handed to the logger: nothing must need scrubbing.
    const log = createLogger({ level: 'info', destination: { write: (l: string) => void logLines.push(l) } });
    scheduled = await startScheduledRuns({
      config,
      log,
      runtime: pipeline.runtime,
      concurrency: 1,
      webhookBackoffMs: 300,
      // The review desk's record of each run, as a worker reads it on the desk's server: CL-3 (row 3) opened
      // alert 99. Alert ids only reach the delta and the notice.
      deskRecordOf: async (runId) => ({
        runId,
        dashboardUrl: 'https://kyc.example',
        rows: new Map([
          [3, [{ id: 99, register: 'sanctions', recordId: 'r', sighting: 'new', status: 'open' }]],
        ]),
      }),
    });
    const finished = () =>
      existsSync(outDir)
        ? readdirSync(outDir)
            .filter((d) => existsSync(join(outDir, d, 'manifest.json')))
            .sort()
        : [];
    await until('a first scheduled run', () => (finished().length > 0 ? true : undefined));
    writeInput([
      ['CL-1', ...CLIENTS.clean1],
      ['CL-2', ...CLIENTS.clean2],
      ['CL-3', ...CLIENTS.sanctionsHit],
    ]);
    const withHit = await until('a delta with the new hit', () =>
      finished().find((d) => {
        const delta = join(outDir, d, 'delta.csv');
        return existsSync(delta) && readVerdicts(delta).some((r) => (r.changes ?? '').includes('NEW_HIT'));
      }),
    );
    await until('the retried delivery', () => (deliveries.length >= 2 ? true : undefined));
    await removeSchedule(pipeline.redis, pipeline.prefix, 'hits');

    // The webhook: the same notice twice, refused once, then accepted; each signed afresh.
    expect(deliveries.map((d) => d.answered)).toEqual([500, 200]);
    const [, accepted] = deliveries;
    const body = JSON.parse(accepted?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      event: 'delta.new_hits',
      schedule: 'hits',
      new_hits: 1,
      delta_file: join(outDir, withHit, 'delta.csv'),
    });
    expect(body.counts).toMatchObject({ NEW_HIT: 1, NEW_CLIENT: 1 });
    // The desk's facts: the alert the run opened, linked, and none seen again.
    expect(body.alerts).toEqual({
      opened: [{ id: 99, url: '/v1/alerts/99', desk_url: 'https://kyc.example/desk/alerts/99' }],
      reopened: [],
      seen_again: 0,
    });
    const deltaRows = readVerdicts(join(outDir, withHit, 'delta.csv'));
    expect(deltaRows.find((r) => r.client_key === 'id:CL-3')?.alerts).toBe('#99 new, open');
    expect(readFileSync(join(outDir, withHit, 'delta.txt'), 'utf8')).toContain(
      'Alerts: 1 new (opened by this run), 0 seen again, 0 reopened',
    );
    expect(accepted?.headers['content-type']).toBe('application/json');
    // The URL's userinfo arrives as Basic authentication.
    expect(accepted?.headers.authorization).toBe(`Basic ${Buffer.from('hook:pw-secret').toString('base64')}`);
    expect(accepted?.headers['x-kyc-delivery']).toBe(body.run_id);
    const signature = String(accepted?.headers['x-kyc-signature']);
    const t = /^t=(\d+),v1=([0-9a-f]{64})$/u.exec(signature);
    expect(t, signature).not.toBeNull();
    const recomputed = createHmac('sha256', SECRET).update(`${t?.[1]}.${accepted?.body}`).digest('hex');
    expect(t?.[2]).toBe(recomputed);
    expect(verifySignature(SECRET, signature, accepted?.body ?? '', { nowSeconds: Date.now() / 1000 })).toBe(
      true,
    );
    expect(JSON.stringify(body)).not.toMatch(/Щербаков|CL-3/u);

    // The run keeps its delta (the dashboard's badge), and the firing's outcome is exit 8.
    const runId = String(body.run_id);
    const run = await new RunStore(pipeline.redis, pipeline.prefix).require(runId);
    expect(run.delta).toMatchObject({ newHits: 1, file: join(outDir, withHit, 'delta.csv') });
    const queue = new Queue<unknown, ScheduledRunResult>(SCHEDULES_QUEUE, {
      connection: pipeline.redis,
      prefix: pipeline.prefix,
    });
    try {
      const results = (await queue.getJobs(['completed'])).map((j) => j.returnvalue);
      expect(results.find((r) => r.runId === runId)).toMatchObject({
        exitCode: 8,
        runExitCode: 0,
        newHits: 1,
      });
      expect(results.filter((r) => r.runId !== runId).every((r) => r.exitCode === 0)).toBe(true);
    } finally {
      await queue.close();
    }

    // `schedule history` shows each firing's outcome; the one that found the hit exits 8.
    const history = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'schedule', 'history', 'hits', '--limit', '200'],
      { encoding: 'utf8', env: { ...process.env, REDIS_URL: redisUrl(), KYC_PREFIX: pipeline.prefix } },
    );
    expect(history.status, history.stderr).toBe(0);
    const lines = history.stdout.trim().split('\n');
    expect(lines.find((l) => l.includes(runId))).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d_\\d{4} UTC  ${runId}  exit 8  1 new HIT — ${join(outDir, withHit)}/delta\\.csv$`,
        'u',
      ),
    );
    expect(lines.at(-1)).toMatch(/exit 0 {2}first run of the schedule, no delta$/u);
    const status = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'status', runId], {
      encoding: 'utf8',
      env: { ...process.env, REDIS_URL: redisUrl(), KYC_PREFIX: pipeline.prefix },
    });
    expect(status.stdout).toContain(
      `\n1 new HIT since ${String(body.previous_run_id)}: ${join(outDir, withHit)}/delta.csv`,
    );

    // The logs: one warn line with the counts, the failed and the delivered attempt; no secret, no token.
    await until('the delivery log line', () =>
      logLines.some((l) => l.includes('webhook delivered')) ? true : undefined,
    );
    const logged = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.filter((l) => l.msg === '1 new HIT in the delta')).toEqual([
      expect.objectContaining({ level: 40, runId, schedule: 'hits', newHits: 1 }),
    ]);
    expect(logged.find((l) => l.msg === 'webhook delivery failed; retrying with back-off')).toMatchObject({
      level: 40,
      attempt: 1,
      receiver: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    });
    expect(logged.find((l) => l.msg === 'webhook delivered')).toMatchObject({ attempt: 2, status: 200 });
    const all = logLines.join('');
    for (const secret of [SECRET, TOKEN, 'pw-secret']) expect(all).not.toContain(secret);
  });
});
