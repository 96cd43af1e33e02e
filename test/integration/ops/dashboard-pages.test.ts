import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listening } from '../../../src/infra/listen.js';
import { startDashboard } from '../../../src/dashboard/server.js';
import { KycError } from '../../../src/errors.js';
import { silentLogger } from '../../../src/log.js';
import { RunStore, type RunState } from '../../../src/run/state/run-store.js';
import { runRequest } from '../../../src/runs/request.js';
import { SCHEDULE_DATA_VERSION } from '../../../src/schedule/definition.js';
import { listFirings } from '../../../src/schedule/firings.js';
import { addSchedule, fireNow } from '../../../src/schedule/schedules.js';
import { startScheduleWorker } from '../../../src/schedule/worker.js';
import { chromiumContext, screenshotDir, skipBrowser } from '../../helpers/chromium.js';
import { latinOnPage } from '../../helpers/latin-words.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { until } from '../../helpers/until.js';
import { CLIENTS, clientsCsv, startOpsPipeline, type OpsPipeline } from './helpers.js';

/** Screenshots that the docs show: written by the test that checks what they show (docs/ with KYC_UPDATE_DOCS=1). */
const SHOTS = screenshotDir();
const TOKEN = 'f3a9c1e07b6d42a8915e0c7d3b2a6f48e1d9c0b7a5f3e2d1';

let pipeline: OpsPipeline;
let dashboard: Listening;
let done: RunState;
let scheduled: RunState;

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  // The demo's whole sample: planted hits of every register and rows that cannot be read.
  done = (await pipeline.run(sampleSlice(Number.MAX_SAFE_INTEGER))).run;
  scheduled = (
    await pipeline.run(
      clientsCsv([
        ['CL-1', ...CLIENTS.clean1],
        ['CL-2', ...CLIENTS.foreignAgentHit],
      ]),
      { schedule: 'nightly' },
    )
  ).run;
  // What the schedules worker records of a scheduled run's delta, with the file it wrote.
  const deltaFile = join(dirname(scheduled.out), 'delta.csv');
  writeFileSync(deltaFile, 'kyc_change,key\nNEW_HIT,id:CL-2\n');
  await new RunStore(pipeline.redis, pipeline.prefix).recordDelta(scheduled.id, {
    previousRunId: done.id,
    counts: { NEW_HIT: 1 },
    newHits: 1,
    file: deltaFile,
  });
  await failedFiring('nightly');
  dashboard = await startDashboard({
    redis: pipeline.redis,
    prefix: pipeline.prefix,
    port: 0,
    host: '127.0.0.1',
    token: TOKEN,
  });
});
afterAll(async () => {
  await dashboard.close();
  await pipeline.close();
});

const auth = { authorization: `Bearer ${TOKEN}` };

/** A schedule whose firing failed for good, as the schedules worker records it: its input is gone. */
async function failedFiring(name: string): Promise<void> {
  const { redis, prefix } = pipeline;
  const input = clientsCsv([['CL-1', ...CLIENTS.clean1]]);
  await addSchedule(redis, prefix, '0 0 1 1 *', {
    version: SCHEDULE_DATA_VERSION,
    name,
    outDir: mkdtempSync(join(tmpdir(), 'kyc-dash-sched-')),
    tz: 'UTC',
    request: runRequest({ input, window: 100, attempts: 1 }),
  });
  const worker = await startScheduleWorker({
    redis,
    prefix,
    log: silentLogger(),
    runScheduled: () => Promise.reject(new KycError('KYC_ERR_INPUT_NOT_FOUND', `${input}: gone`)),
  });
  try {
    await fireNow(redis, prefix, name);
    await until('the failed firing', async () =>
      (await listFirings(redis, prefix, name, 1))[0]?.state === 'failed' ? true : undefined,
    );
  } finally {
    await worker.close();
  }
}

/** A GET sent as written, path and all: fetch would normalise `..` before it leaves. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(dashboard.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers: auth }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the dashboard as the officer’s start page', () => {
  it('serves a finished run’s files read-only, behind the login, and nothing else', async () => {
    const base = `${dashboard.url}/runs/${done.id}/files`;
    expect((await fetch(`${base}/verdicts.csv`)).status).toBe(401);
    const verdicts = await fetch(`${base}/verdicts.csv`, { headers: auth });
    expect(verdicts.status).toBe(200);
    expect(verdicts.headers.get('content-disposition')).toBe(
      `attachment; filename="${done.id}-verdicts.csv"`,
    );
    expect(Buffer.from(await verdicts.arrayBuffer())).toEqual(readFileSync(done.out));
    const report = await fetch(`${base}/report.html`, { headers: auth });
    expect(report.headers.get('content-security-policy')).toMatch(/^default-src 'none'/u);
    expect(await report.text()).toContain('<html lang="ru">');
    expect((await fetch(`${base}/verdicts.csv`, { method: 'POST', headers: auth })).status).toBe(404);
    for (const path of [
      `/runs/${done.id}/files/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/runs/${done.id}/files/../../../../etc/passwd`,
      `/runs/..%2F..%2Fetc/files/verdicts.csv`,
      `/runs/${done.id}/files/%2Fetc%2Fpasswd`,
      `/runs/${done.id}/files/input.csv`,
      `/runs/${done.id}/files/delta.csv`,
      `/runs/nope/files/report.html`,
    ]) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('root:');
    }
    const delta = await fetch(`${dashboard.url}/runs/${scheduled.id}/files/delta.csv`, { headers: auth });
    expect(await delta.text()).toBe('kyc_change,key\nNEW_HIT,id:CL-2\n');
  });

  it('refuses a filter it cannot mean', async () => {
    const bad = await fetch(`${dashboard.url}/runs?status=finished`, { headers: auth });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('status="finished"');
    expect((await fetch(`${dashboard.url}/api/runs?from=2026-13-45`, { headers: auth })).status).toBe(400);
  });

  it.skipIf(skipBrowser)(
    'in Chromium: Russian by default, each run linked to its report, delta, outputs and schedule, filters work',
    async () => {
      mkdirSync(SHOTS, { recursive: true });
      const context = await chromiumContext({ width: 1400, height: 800 });
      try {
        const page = await context.newPage();
        await page.goto(`${dashboard.url}/runs?token=${TOKEN}`);
        expect(await page.locator('html').getAttribute('lang')).toBe('ru');
        expect(await page.locator('h1').innerText()).toBe('kyc-screen — запуски');
        // A schedule that cannot fire is named above the runs, linked to its row on the schedules page.
        await page.getByText('Расписания, чей последний запуск не удался (1):').waitFor();
        const row = page.locator(`tr[data-run="${done.id}"]`);
        expect(await row.locator('td.status').innerText()).toMatch(/^готов/u);
        // The run id stays on one line: no break inside it.
        const id = row.locator('td.id code');
        const box = await id.boundingBox();
        const lineHeight = Number(
          await page.evaluate(
            `parseFloat(getComputedStyle(document.querySelector('tr[data-run="${done.id}"] td.id code')).lineHeight) || 16`,
          ),
        );
        expect(box?.height ?? 0).toBeLessThan(lineHeight * 1.5);
        expect(await id.innerText()).toBe(done.id);
        await page.screenshot({ path: join(SHOTS, 'dashboard-runs-ru.png') });
        // Russian throughout: no English word, source or check code name outside names, codes and files.
        expect(await latinOnPage(page)).toEqual([]);

        // The schedule link leads to the schedule; its runs link back, filtered.
        const other = page.locator(`tr[data-run="${scheduled.id}"]`);
        expect(await other.locator('.newhits').innerText()).toBe('новых HIT: 1');
        await other.getByRole('link', { name: 'nightly' }).click();
        expect(page.url()).toMatch(/\/schedules#schedule-nightly$/u);
        // Its last firing failed: said with the code and why, counted, the row and a banner standing out.
        const schedule = page.locator('tr#schedule-nightly');
        expect(await schedule.getAttribute('class')).toBe('failing');
        const last = await schedule.locator('td.last').innerText();
        expect(last).toContain('сбой: KYC_ERR_INPUT_NOT_FOUND (код выхода 3)');
        expect(last).toContain('Входной файл не существует или не читается');
        expect(last).toMatch(/по расписанию \d{4}-\d\d-\d\d \d\d:\d\d UTC/u);
        expect(await schedule.locator('td.failures').innerText()).toBe('1');
        expect(
          await page.evaluate(
            "getComputedStyle(document.querySelector('tr#schedule-nightly td')).backgroundColor",
          ),
        ).toBe('rgb(253, 232, 232)');
        await page.getByRole('alert').getByText('Расписаний, чей последний запуск не удался: 1.').waitFor();
        await page.screenshot({ path: join(SHOTS, 'dashboard-schedules-ru.png') });
        expect(await latinOnPage(page)).toEqual([]);
        await page.goBack();

        // The report opens from its link, in Russian, with the run's figures.
        await row.getByRole('link', { name: 'отчёт' }).click();
        await page.getByRole('heading', { name: 'Отчёт о проверке клиентов (KYC)' }).waitFor();
        expect(page.url()).toBe(`${dashboard.url}/runs/${done.id}/files/report.html`);
        expect(await page.locator('.sub').innerText()).toContain(done.id);
        await page.screenshot({ path: join(SHOTS, 'report-ru.png') });
        await page.locator('#attention').scrollIntoViewIfNeeded();
        await page.evaluate("document.getElementById('attention').scrollIntoView()");
        await page.screenshot({ path: join(SHOTS, 'report-ru-rows.png') });
        expect(await latinOnPage(page)).toEqual([]);
        expect(await page.locator('body').innerText()).not.toContain('кода нет в каталоге');
        await page.goBack();

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          row.getByRole('link', { name: 'manifest.json' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`${done.id}-manifest.json`);
        await other.getByRole('link', { name: 'дельта' }).waitFor();

        // Filters: failed runs, none here; then back to all, and English on request.
        await page.selectOption('select[name=status]', 'failed');
        await page.getByRole('button', { name: 'Показать' }).click();
        await page.getByText('Нет запусков, подходящих под фильтр.').waitFor();
        const today = new Date().toISOString().slice(0, 10);
        await page.goto(`${dashboard.url}/runs?status=done&from=${today}&to=${today}`);
        expect(await page.locator('tbody#runs tr[data-run]').count()).toBe(2);
        await page.goto(`${dashboard.url}/runs?from=2000-01-01&to=2000-01-02`);
        expect(await page.locator('tbody#runs tr[data-run]').count()).toBe(0);
        await page.goto(`${dashboard.url}/runs`);
        await page.getByRole('link', { name: 'in English' }).click();
        expect(await page.locator('h1').innerText()).toBe('kyc-screen — runs');
        // The switch holds from page to page.
        await page.goto(`${dashboard.url}/schedules`);
        expect(await page.locator('h1').innerText()).toBe('kyc-screen — schedules');
      } finally {
        await context.close();
      }
    },
  );
});
