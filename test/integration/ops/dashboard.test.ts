import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/export/manifest.js';
import type { Listening } from '../../../src/infra/listen.js';
import { startDashboard } from '../../../src/dashboard/server.js';
import { WorkerMetrics } from '../../../src/metrics/worker-metrics.js';
import { RunStore, type RunState } from '../../../src/run/state/run-store.js';
import { newRunId, queuesOf } from '../../../src/run/state/topology.js';
import { chromiumContext, skipBrowser } from '../../helpers/chromium.js';
import { uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { readVerdicts, startOpsPipeline, type OpsPipeline } from './helpers.js';

const ARTIFACTS = 'test/artifacts';

let pipeline: OpsPipeline;
let dashboard: Listening;
/** A second dashboard over runs written straight into Redis under their own prefix: a failed one, etc. */
let seeded: Listening;
let seededStore: RunStore;
let workerMetrics: Listening;
let runId: string;
let running: Promise<{ code: number; run: RunState }>;
let clientNames: string[];

/** Prometheus text → value of one sample, matched by name and every given label. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || line.startsWith('#')) continue;
    const match = /^([a-z_]+)(\{(.*)\})? (\S+)$/u.exec(line);
    if (match?.[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/gu)].map((m): [string, string | undefined] => [
        m[1] ?? '',
        m[2],
      ]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[4]);
  }
  return undefined;
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

beforeAll(async () => {
  const metrics = new WorkerMetrics();
  // A low rate keeps the run going for a few seconds, so the queues have work while we look.
  pipeline = await startOpsPipeline({ rate: 12, metrics });
  workerMetrics = await metrics.serve(0, '127.0.0.1');
  dashboard = await startDashboard({
    redis: pipeline.redis,
    prefix: pipeline.prefix,
    port: 0,
    host: '127.0.0.1',
    lang: 'en',
  });
  const seededPrefix = uniquePrefix();
  seededStore = new RunStore(pipeline.redis, seededPrefix);
  seeded = await startDashboard({
    redis: pipeline.redis,
    prefix: seededPrefix,
    port: 0,
    host: '127.0.0.1',
    lang: 'en',
  });
  runId = newRunId();
  const input = sampleSlice(60);
  clientNames = readVerdicts(input)
    .map((r) => r.full_name ?? '')
    .filter((n) => n.length > 3);
  running = pipeline.run(input, { runId, priority: 'low' });
  const store = new RunStore(pipeline.redis, pipeline.prefix);
  const deadline = Date.now() + 20_000;
  while ((await store.get(runId))?.status !== 'running' || (await store.get(runId))?.dispatched === 0) {
    if (Date.now() > deadline) throw new Error('the run did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  await running.catch(() => undefined);
  await dashboard.close();
  await seeded.close();
  await workerMetrics.close();
  await pipeline.close();
});

const VIEWPORT = { width: 1400, height: 900 };

/** A run as the coordinator records it, written straight into Redis: the dashboard only reads these. */
async function seedRun(
  id: string,
  state: {
    status: RunState['status'];
    written: number;
    dispatched?: number;
    bytesRead?: number;
    totalRows?: number;
    error?: string;
  },
  extra: { input?: string; schedule?: string; counters?: Record<string, number> } = {},
): Promise<void> {
  await seededStore.create({
    id,
    input: extra.input ?? '/data/in/clients.csv',
    inputSha256: '0'.repeat(64),
    inputBytes: 10_000,
    out: '/data/out/verdicts.csv',
    evidence: '/data/out/evidence.jsonl',
    manifest: '/data/out/manifest.json',
    priority: 'normal',
    window: 100,
    checks: ['sanctions'],
    createdAt: new Date().toISOString(),
    config: {},
    ...(extra.schedule ? { schedule: extra.schedule } : {}),
  });
  const { written, ...rest } = state;
  await seededStore.update(id, { startedAt: new Date().toISOString(), dispatched: written, ...rest });
  await pipeline.redis.hset(seededStore.keys(id).meta, 'written', written);
  if (extra.counters) await seededStore.incr(id, extra.counters);
}

/** The text of one run's row, as the page shows it now. */
async function rowText(page: Page, id: string): Promise<string> {
  return (await page.locator(`tr[data-run="${id}"]`).innerText()).replace(/\s+/gu, ' ');
}

describe('dashboard during a run', () => {
  it.skipIf(skipBrowser)(
    'headless Chromium shows the queues (bull-board) and the runs page',
    async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      const context = await chromiumContext(VIEWPORT);
      try {
        const page = await context.newPage();
        await page.goto(`${dashboard.url}/queues`);
        // The run's coordinator and checks queue per service (runs-<id>, checks-<id>); merges and schedules are shared.
        const current = await new RunStore(pipeline.redis, pipeline.prefix).require(runId);
        const queues = queuesOf(current.service);
        for (const queue of [queues.runs, queues.checks, 'verdicts', 'schedules'])
          await page.getByRole('link', { name: queue, exact: true }).first().waitFor({ timeout: 15_000 });
        expect(current.status).toBe('running');
        await page.screenshot({ path: join(ARTIFACTS, 'dashboard-queues.png'), fullPage: true });

        // The checks queue with its jobs: the clients in their data are hidden (the dashboard has no login).
        await page.goto(`${dashboard.url}/queues/queue/${queues.checks}?status=prioritized`);
        await page.getByText('[personal data hidden]').first().waitFor({ timeout: 15_000 });
        const shown = await page.locator('body').innerText();
        for (const name of clientNames) expect(shown).not.toContain(name);
        await page.screenshot({ path: join(ARTIFACTS, 'dashboard-checks.png') });

        await page.goto(`${dashboard.url}/runs`);
        await page.getByText(runId).waitFor();
        expect(await page.locator('tr', { hasText: runId }).locator('td.status').textContent()).toMatch(
          /running|done/u,
        );
        const url = page.url();
        await page.evaluate("window.kycMarker = 'still here'");

        // The run finishes while the page stays open: its row turns to the final counts without a reload.
        const { run } = await running;
        const manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
        const counts = (['HIT', 'REVIEW', 'INCOMPLETE', 'PARTIAL', 'CLEAR', 'INVALID'] as const).map(
          (v) => manifest.verdicts[v] ?? 0,
        );
        const state = manifest.verdicts.INCOMPLETE
          ? `done, ${manifest.verdicts.INCOMPLETE} INCOMPLETE`
          : 'done';
        const files = 'report verdicts.csv evidence.jsonl manifest.json';
        const expected = `${state} ${manifest.rows.total} / ${manifest.rows.total} ${files} ${counts.join(' ')}`;
        await expect.poll(() => rowText(page, runId), { timeout: 15_000, interval: 250 }).toContain(expected);
        expect(page.url()).toBe(url);
        expect(await page.evaluate('window.kycMarker')).toBe('still here');
        await page.screenshot({ path: join(ARTIFACTS, 'dashboard-runs.png'), fullPage: true });
        for (const png of ['dashboard-queues.png', 'dashboard-checks.png', 'dashboard-runs.png'])
          expect(readFileSync(join(ARTIFACTS, png)).subarray(1, 4).toString()).toBe('PNG');
      } finally {
        await context.close();
      }
      // The run is slow on purpose (12 calls/s) and ends inside this test, which writes its report too.
    },
    150_000,
  );

  it.skipIf(skipBrowser)(
    'the runs page says why a run failed, marks INCOMPLETE, estimates the total (≈), labels UTC and fits 1,400 px',
    async () => {
      const failed = newRunId();
      const incomplete = newRunId();
      const reading = newRunId();
      const withHits = newRunId();
      await seedRun(
        failed,
        {
          status: 'failed',
          written: 0,
          error: `KYC_ERR_INPUT_ENCODING: the input is not valid windows-1251 at byte 4096 of /data/in/${'very-long-folder-name/'.repeat(6)}clients.csv\n    at readInput`,
        },
        { input: `/data/in/${'nightly-screening-export-'.repeat(4)}clients.csv` },
      );
      await seedRun(
        incomplete,
        { status: 'done', written: 60, totalRows: 60 },
        { counters: { 'verdict:INCOMPLETE': 3, 'verdict:CLEAR': 57 } },
      );
      await seedRun(
        reading,
        { status: 'running', written: 309, dispatched: 320, bytesRead: 2_500 },
        { schedule: 'nightly-retail-clients-moscow-branch-full-screening' },
      );
      await seedRun(
        withHits,
        { status: 'done', written: 60, totalRows: 60 },
        { schedule: 'nightly', counters: { 'verdict:HIT': 2, 'verdict:CLEAR': 58 } },
      );
      await seededStore.recordDelta(withHits, {
        previousRunId: 's_nightly_1767139200000',
        counts: { NEW_HIT: 2, NEW_CLIENT: 2 },
        newHits: 2,
        file: '/data/out/nightly/2026-01-01_0200/delta.csv',
      });
      const context = await chromiumContext(VIEWPORT);
      try {
        const page = await context.newPage();
        await page.goto(`${seeded.url}/runs`);
        await page.evaluate("window.kycMarker = 'still here'");
        const url = page.url();

        const failedRow = await rowText(page, failed);
        expect(failedRow).toContain('failed');
        expect(failedRow).toContain('KYC_ERR_INPUT_ENCODING: the input is not valid windows-1251');
        expect(failedRow).not.toContain('readInput');
        expect(await rowText(page, incomplete)).toContain(
          'done, 3 INCOMPLETE 60 / 60 no report verdicts.csv evidence.jsonl manifest.json 0 0 3 0 57 0',
        );
        const colour = await page.evaluate(
          `getComputedStyle(document.querySelector('tr[data-run="${incomplete}"] td.status')).color`,
        );
        expect(colour).not.toBe('rgb(26, 127, 55)'); // the green of a clean "done"
        expect(await rowText(page, reading)).toContain('309 / ≈1280');
        // A scheduled run whose delta found new HITs carries a badge; the others none.
        expect(await rowText(page, withHits)).toContain('done 2 new HITs 60 / 60');
        expect(await page.locator('.newhits').count()).toBe(1);
        expect(await page.locator(`tr[data-run="${withHits}"] .newhits`).getAttribute('title')).toContain(
          '/data/out/nightly/2026-01-01_0200/delta.csv',
        );
        expect(await page.locator('body').innerText()).not.toContain('/ ?');
        expect(await page.locator('thead').innerText()).toContain('UTC');

        const widths = await page.evaluate<{ table: number; page: number }>(
          '({ table: document.querySelector("table").scrollWidth, page: document.documentElement.scrollWidth })',
        );
        expect(widths.table).toBeLessThanOrEqual(VIEWPORT.width);
        expect(widths.page).toBeLessThanOrEqual(VIEWPORT.width);
        // What is cut to fit keeps its whole text in a tooltip.
        expect(await page.locator(`tr[data-run="${failed}"] td`).last().getAttribute('title')).toContain(
          'nightly-screening-export-nightly',
        );
        await page.screenshot({ path: join(ARTIFACTS, 'dashboard-runs-states.png'), fullPage: true });

        // The reader gets to the end of the file: the row shows the exact total, the page never reloads.
        await pipeline.redis.hset(seededStore.keys(reading).meta, 'written', 400);
        await seededStore.update(reading, { totalRows: 1_250 });
        await expect.poll(() => rowText(page, reading), { timeout: 10_000 }).toContain('400 / 1250');
        expect(await rowText(page, reading)).not.toContain('≈');
        expect(page.url()).toBe(url);
        expect(await page.evaluate('window.kycMarker')).toBe('still here');
      } finally {
        await context.close();
      }
    },
  );

  it('/metrics of the dashboard shows queue depths and the run in progress', async () => {
    const text = await scrape(dashboard.url);
    for (const queue of ['runs', 'checks', 'verdicts', 'schedules'])
      expect(sample(text, 'kyc_queue_jobs', { queue, state: 'waiting' }), queue).toBeTypeOf('number');
    const run = await new RunStore(pipeline.redis, pipeline.prefix).require(runId);
    if (run.status !== 'done') {
      expect(sample(text, 'kyc_run_rows', { run_id: runId, kind: 'written' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'kyc_runs', { status: 'running' })).toBe(1);
    }
  });

  it('after the run, the Redis-derived counters agree with the manifest, the worker has check latencies', async () => {
    const { run } = await running;
    expect(run.status).toBe('done');
    const manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
    const text = await scrape(dashboard.url);
    for (const [verdict, n] of Object.entries(manifest.verdicts))
      expect(sample(text, 'kyc_verdicts_total', { verdict }), verdict).toBe(n);
    expect(sample(text, 'kyc_rows_written_total')).toBe(manifest.rows.total);
    expect(sample(text, 'kyc_upstream_rate_limited_total')).toBe(manifest.upstream.rate_limited_429);
    expect(sample(text, 'kyc_check_retries_total')).toBe(manifest.upstream.retries);
    const calls = text
      .split('\n')
      .filter((l) => l.startsWith('kyc_upstream_calls_total{'))
      .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
    expect(calls).toBe(manifest.upstream.calls);
    expect(sample(text, 'kyc_check_results_total', { check: 'sanctions', status: 'CLEAR' })).toBe(
      manifest.checks.sanctions?.CLEAR,
    );
    expect(sample(text, 'kyc_queue_jobs', { queue: 'checks', state: 'waiting' })).toBe(0);

    const worker = await scrape(workerMetrics.url);
    expect(
      sample(worker, 'kyc_check_duration_seconds_count', { check: 'sanctions', outcome: 'CLEAR' }),
    ).toBeGreaterThan(0);
    expect(sample(worker, 'kyc_merge_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(worker, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });
});
