import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportAudit } from '../../../src/reporting/audit/export.js';
import { loadSigningKey } from '../../../src/reporting/audit/signing-key.js';
import { verifyAudit } from '../../../src/reporting/audit/verify.js';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeAnswers } from '../../../src/answers/answer-store.js';
import { parseMaxAge } from '../../../src/settings/answer-policy.js';
import { upstreamKeys } from '../../../src/run/state/topology.js';
import type { EvidenceLine } from '../../../src/export/evidence.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

const NIGHTLY = parseMaxAge('debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d');
const SECRET = Buffer.alloc(32, 7);

let pipeline: TestPipeline;
beforeAll(async () => {
  pipeline = await startTestPipeline({
    settings: { answerStore: () => ({ secret: SECRET, upstream: 'test-emulator' }) },
  });
});
afterAll(async () => {
  await pipeline.close();
});

async function screen(input: string, maxAge?: typeof NIGHTLY) {
  // Each run starts as a night's first one (its own preflight call and page-size search, not those of the
  // run before it moments ago), so that the runs' calls differ by their clients' requests alone.
  const learned = upstreamKeys(pipeline.prefix, pipeline.service.id);
  await pipeline.redis.del(learned.answered, learned.pageSize);
  const runId = await pipeline.submit(input, { faStrategy: 'search', ...(maxAge ? { maxAge } : {}) });
  const { run, counters } = await pipeline.finish(runId);
  const manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
  return { run, counters, manifest, verdicts: decisions(run.out) };
}

/**
 * verdicts.csv without the two cells that differ between any two runs (the run's id, when the row was
 * checked): every other byte, the decisions, reasons and matches, must be the same.
 */
function decisions(path: string): string {
  const rows: string[][] = parse(readFileSync(path), { bom: true, relax_column_count: true });
  const header = rows[0] ?? [];
  const own = new Set(['kyc_run_id', 'kyc_checked_at'].map((name) => header.indexOf(name)));
  expect(own.has(-1)).toBe(false);
  return rows.map((row) => row.filter((_cell, i) => !own.has(i)).join('\u0001')).join('\n');
}

function reusedRequests(path: string) {
  return readEvidenceLines<EvidenceLine>(path).flatMap((line) =>
    Object.values(line.checks).flatMap(
      (check) => (check as { requests: { reused?: boolean; fetchedAt?: string }[] }).requests,
    ),
  );
}

describe.each([
  ['the sample', () => Promise.resolve('samples/clients.csv')],
  ['a generated portfolio', () => generatedClients(300, 0.2)],
])('answers kept across runs on %s', (_name, input) => {
  it('a second run with --max-age asks nothing the first asked and writes byte-identical verdicts', async () => {
    const file = await input();
    await purgeAnswers(pipeline.redis, pipeline.prefix);
    const fresh = await screen(file);
    const first = await screen(file, NIGHTLY);
    const second = await screen(file, NIGHTLY);
    expect(first.verdicts).toEqual(fresh.verdicts);
    expect(second.verdicts).toEqual(fresh.verdicts);
    // The first night asked as much as a run without a policy; the second asked nothing.
    expect(first.manifest.upstream.calls).toBe(fresh.manifest.upstream.calls);
    expect(first.manifest.upstream.calls).toBeGreaterThan(0);
    // What remains is the run's own preflight (the dictionary list, the broad search of the page size):
    // no client's request left the machine (every request of the evidence below is a kept answer).
    expect(second.manifest.upstream.calls).toBeLessThanOrEqual(2);
    expect(second.manifest.upstream.answers_reused).toBeGreaterThan(0);
    expect(second.manifest.answers.max_age).toBe('debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d');
    expect(fresh.manifest.answers.max_age).toBe('none');
    for (const check of ['debtor', 'bankruptcy', 'sanctions', 'foreign_agent'])
      expect(second.manifest.answers.by_check[check]).toMatchObject({ fresh: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect(second.manifest.answers.oldest_fetched_on).toBe(today);
    // Per register, the oldest answer the verdicts rest on: the first night's, from the hour it was asked.
    const started = Date.parse(first.manifest.started_at ?? '');
    for (const check of ['debtor', 'bankruptcy', 'sanctions']) {
      const oldest = second.manifest.answers.oldest_answer_by_check[check];
      expect(oldest?.from).toBe('kept answer');
      expect(Date.parse(oldest?.fetched_at ?? '')).toBeLessThanOrEqual(started);
      expect(started - Date.parse(oldest?.fetched_at ?? '')).toBeLessThan(3_600_000);
      expect(oldest?.age_hours).toBeGreaterThan(0);
      expect(oldest?.age_hours).toBeLessThanOrEqual(2);
    }
    expect(fresh.manifest.answers.oldest_answer_by_check.sanctions?.from).toBe('this run');
    // Every request of the second run is a kept answer with the time it was fetched.
    const requests = reusedRequests(second.run.evidence);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.reused).toBe(true);
      expect(Date.parse(request.fetchedAt ?? '')).toBeLessThanOrEqual(Date.parse(second.run.createdAt));
    }
    expect(reusedRequests(first.run.evidence).some((r) => r.reused)).toBe(false);
    const lines = readEvidenceLines<EvidenceLine>(second.run.evidence);
    expect(lines.filter((l) => l.verdict !== 'INVALID').every((l) => l.oldest_answer_at !== undefined)).toBe(
      true,
    );
    // An audit package of the run that reused answers verifies like any other.
    const dir = join(mkdtempSync(join(tmpdir(), 'kyc-answers-audit-')), 'package');
    const signingKey = loadSigningKey({ stateDir: mkdtempSync(join(tmpdir(), 'kyc-answers-key-')) });
    await exportAudit({
      redis: pipeline.redis,
      prefix: pipeline.prefix,
      runId: second.run.id,
      dir,
      secrets: [],
      signingKey,
    });
    const trustedKeys = [createPublicKey(signingKey.privateKey)];
    expect((await verifyAudit(dir, { trustedKeys })).problems).toEqual([]);
  });

  it('a run without a policy after them asks everything again', async () => {
    const file = await input();
    await screen(file, NIGHTLY);
    const again = await screen(file);
    expect(again.manifest.upstream.answers_reused).toBe(0);
    expect(again.manifest.upstream.calls).toBeGreaterThan(0);
    expect(reusedRequests(again.run.evidence).some((r) => r.reused)).toBe(false);
  });
});
