import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

interface EvidenceCheck {
  status: string;
  error?: { code: string; message: string };
}
interface Evidence {
  row: number;
  verdict: string;
  reasons: string[];
  checks: Record<string, EvidenceCheck>;
}

function verdictsOf(path: string): { header: string[]; rows: string[][] } {
  const [header = [], ...rows] = parse(readFileSync(path), { bom: true });
  return { header, rows };
}

describe('upstream faults: 20 % 503 and stalls beyond the client timeout', () => {
  let faulty: TestPipeline;
  let clean: TestPipeline;
  let faultyRun: { out: string; evidence: string };
  let cleanRun: { out: string };
  let counters: Readonly<Record<string, number>>;

  beforeAll(async () => {
    faulty = await startTestPipeline({
      emulator: { seed: 7, faults: { errorRate: 0.2, stallRate: 0.03, stallMs: 2_500 } },
      settings: { attempts: 2, backoffMs: 20 },
      timeoutMs: 800,
    });
    clean = await startTestPipeline();
    const a = await faulty.submit('samples/clients.csv');
    const b = await clean.submit('samples/clients.csv');
    const finished = await faulty.finish(a, 180_000);
    faultyRun = finished.run;
    counters = finished.counters;
    cleanRun = (await clean.finish(b)).run;
  }, 240_000);
  afterAll(async () => {
    await faulty.close();
    await clean.close();
  });

  it('gives every client whose check finally failed INCOMPLETE (or HIT), never CLEAR', () => {
    const evidence = readEvidenceLines<Evidence>(faultyRun.evidence);
    const failed = evidence.filter((e) => Object.values(e.checks).some((c) => c.status === 'ERROR'));
    expect(failed.length).toBeGreaterThan(0);
    for (const e of failed) {
      expect(['INCOMPLETE', 'HIT']).toContain(e.verdict);
      for (const [kind, check] of Object.entries(e.checks)) {
        if (check.status !== 'ERROR') continue;
        // The source and the reason are named.
        expect(e.reasons).toContain(`${kind.toUpperCase()}_ERROR`);
        expect(check.error?.code).toMatch(/^KYC_ERR_(UPSTREAM_SERVER|UPSTREAM_TIMEOUT|CHECK_)/);
      }
    }
    expect(counters.retries ?? 0).toBeGreaterThan(0);
  });

  it('names the failed source and the reason in the verdict row', () => {
    const { header, rows } = verdictsOf(faultyRun.out);
    const incomplete = rows.filter((r) => r[header.indexOf('kyc_verdict')] === 'INCOMPLETE');
    expect(incomplete.length).toBeGreaterThan(0);
    for (const row of incomplete) {
      const cells = ['kyc_foreign_agent', 'kyc_sanctions', 'kyc_bankruptcy', 'kyc_debtor'].map(
        (c) => row[header.indexOf(c)] ?? '',
      );
      expect(cells.some((cell) => /^ERROR: KYC_ERR_[A-Z_]+/.test(cell))).toBe(true);
    }
  });

  it('never clears a client that a fault-free run does not clear', () => {
    const a = verdictsOf(faultyRun.out);
    const b = verdictsOf(cleanRun.out);
    const v = a.header.indexOf('kyc_verdict');
    expect(a.rows).toHaveLength(b.rows.length);
    a.rows.forEach((row, i) => {
      if (row[v] === 'CLEAR') expect(b.rows[i]?.[v], `row ${i + 1}`).toBe('CLEAR');
    });
  });
});
