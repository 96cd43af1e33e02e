import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/export/manifest.js';
import { writeRunReport } from '../../../src/reporting/report/write-report.js';
import { RunStore, type RunState } from '../../../src/run/state/run-store.js';
import { chromiumContext, skipBrowser } from '../../helpers/chromium.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { CLIENTS, clientsCsv, readVerdicts, startOpsPipeline, type OpsPipeline } from './helpers.js';

const ARTIFACTS = 'test/artifacts';

let pipeline: OpsPipeline;
let previous: RunState;
let current: RunState;

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  previous = (
    await pipeline.run(
      clientsCsv([
        ['CL-1', ...CLIENTS.clean1],
        ['CL-2', ...CLIENTS.foreignAgentHit],
      ]),
    )
  ).run;
  // The first 80 rows of the sample hold planted hits of every register.
  current = (await pipeline.run(sampleSlice(80))).run;
});
afterAll(async () => {
  await pipeline.close();
});

describe('report html', () => {
  it("is listed in the run's manifest with its sha256, apart from the outputs the report shows", async () => {
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const report = join(dirname(current.manifest), 'report.html');
    const bytes = readFileSync(current.manifest);
    const manifest = JSON.parse(bytes.toString('utf8')) as Manifest & {
      report?: { path: string; name: string; sha256: string; bytes: number };
    };
    expect(manifest.report).toEqual({
      path: report,
      name: 'report.html',
      sha256: sha(readFileSync(report)),
      bytes: readFileSync(report).length,
    });
    expect(manifest.outputs.map((o) => o.path)).not.toContain(report);
    // The run's record vouches for the manifest as it is now, with the report's entry.
    const record = await new RunStore(pipeline.redis, pipeline.prefix).require(current.id);
    expect(record.manifestSha256).toBe(sha(bytes));
  });

  it('writes one self-contained page with the counts of the manifest and every HIT and REVIEW row', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'kyc-report-')), 'report.html');
    await writeRunReport({ target: dirname(current.manifest), out, previous: dirname(previous.out) });
    const html = readFileSync(out, 'utf8');
    const manifest = JSON.parse(readFileSync(current.manifest, 'utf8')) as Manifest;
    for (const [verdict, n] of Object.entries(manifest.verdicts))
      expect(html).toContain(`data-verdict="${verdict}">${n}<`);
    const attention = readVerdicts(current.out).filter(
      (r) => r.kyc_verdict === 'HIT' || r.kyc_verdict === 'REVIEW',
    );
    expect(attention.length).toBeGreaterThan(0);
    for (const r of attention) expect(html).toContain(r.full_name?.replace(/"/g, '&quot;') ?? '');
    expect(html).toContain(manifest.input.sha256);
    expect(html).not.toMatch(/<script|<link|src=/i);
    // Its own policy: nothing but its inline style, should anything slip past the escaping.
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';[^"]*">/u,
    );
    // Without --overwrite an existing report is kept.
    await expect(writeRunReport({ target: dirname(current.manifest), out })).rejects.toMatchObject({
      code: 'KYC_ERR_OUTPUT_EXISTS',
    });
  });

  it('is written by every run, in Russian unless asked otherwise, with INVALID rows and their reasons', async () => {
    const withInvalid = await pipeline.run(
      clientsCsv([
        ['CL-1', ...CLIENTS.clean1],
        ['CL-2', '', '', '7707083894', 'person'],
        ['CL-3', '', '', '123', ''],
      ]),
    );
    const html = readFileSync(join(dirname(withInvalid.run.manifest), 'report.html'), 'utf8');
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Отчёт о проверке клиентов (KYC)');
    const invalid = readVerdicts(withInvalid.run.out).filter((r) => r.kyc_verdict === 'INVALID');
    expect(invalid.length).toBeGreaterThan(0);
    const section = html.slice(html.indexOf('id="invalid"'), html.indexOf('id="delta"'));
    expect(section.split('<tr class="invalid">').length - 1).toBe(invalid.length);
    for (const r of invalid)
      for (const reason of (r.kyc_reasons ?? '').split('; ').filter((x) => x.startsWith('ROW_INVALID_')))
        expect(section).toContain(`<code>${reason}</code><br><span class="say">Строка не прочитана: `);
    const input = clientsCsv([['CL-9', ...CLIENTS.clean1]]);
    const english = await pipeline.run(input, { lang: 'en' });
    expect(readFileSync(join(dirname(english.run.manifest), 'report.html'), 'utf8')).toContain(
      '<h1>KYC screening report</h1>',
    );
    const none = await pipeline.run(input, { report: false });
    expect(none.code).toBe(0);
    expect(existsSync(join(dirname(none.run.manifest), 'report.html'))).toBe(false);
    await expect(pipeline.run(input, { lang: 'de' })).rejects.toMatchObject({ code: 'KYC_ERR_USAGE' });
  });

  it.skipIf(skipBrowser)('renders in headless Chromium with its rows and counts, and prints', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const out = join(mkdtempSync(join(tmpdir(), 'kyc-report-')), 'report.html');
    await writeRunReport({ target: current.manifest, out, previous: previous.out });
    const context = await chromiumContext({ width: 1280, height: 900 });
    // Offline: the page must need nothing from a network.
    await context.setOffline(true);
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/iu.test(message.text())) violations.push(message.text());
      });
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(`file://${out}`);
      const manifest = JSON.parse(readFileSync(current.manifest, 'utf8')) as Manifest;
      expect(await page.locator('td[data-verdict="HIT"]').textContent()).toBe(
        String(manifest.verdicts.HIT ?? 0),
      );
      const hits = readVerdicts(current.out).filter((r) => r.kyc_verdict === 'HIT');
      const rows = page.locator('#attention + table tbody tr');
      expect(await rows.count()).toBeGreaterThanOrEqual(hits.length);
      expect(await rows.first().innerText()).toContain(hits[0]?.full_name ?? '');
      expect(await page.locator('#delta + p').innerText()).toMatch(/было клиентов 2, стало 80/u);
      expect(requests).toEqual([`file://${out}`]);
      // The inline style applies under the page's CSP, and nothing was refused.
      expect(await page.evaluate('getComputedStyle(document.body).maxWidth')).toBe('1180px');
      expect(violations).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: false });
      expect(readFileSync(join(ARTIFACTS, 'report.png')).subarray(1, 4).toString()).toBe('PNG');
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
      // The page shown in the README is the one this test renders.
      if (process.env.KYC_UPDATE_DOCS === '1') copyFileSync(join(ARTIFACTS, 'report.png'), 'docs/report.png');
    } finally {
      await context.close();
    }
  });
});
