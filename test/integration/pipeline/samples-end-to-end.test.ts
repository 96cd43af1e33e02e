import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/export/manifest.js';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

interface Planted {
  id: string;
  register: string;
  client: { name: string; inn?: string };
  expect: { check: string; verdict: string };
}
const planted = (
  JSON.parse(readFileSync('packages/lookup-emulator/data/planted.json', 'utf8')) as { planted: Planted[] }
).planted;
const COLUMN_OF_REGISTER: Record<string, string> = {
  minjust_foreign_agent: 'kyc_foreign_agent',
  sanctions: 'kyc_sanctions',
  bankruptcy: 'kyc_bankruptcy',
  debtor: 'kyc_debtor',
};

let pipeline: TestPipeline;
beforeAll(async () => {
  pipeline = await startTestPipeline();
});
afterAll(async () => {
  await pipeline.close();
});

const cases = [
  { file: 'samples/clients.csv', encoding: 'utf-8', delimiter: ',', nameColumn: 'full_name' },
  { file: 'samples/clients-cp1251.csv', encoding: 'windows-1251', delimiter: ';', nameColumn: 'ФИО' },
] as const;

describe.each(cases)('$file end to end', ({ file, encoding, delimiter, nameColumn }) => {
  let header: string[];
  let rows: string[][];
  let inputRows: string[][];
  let manifest: Manifest;
  let outDir: string;

  beforeAll(async () => {
    const runId = await pipeline.submit(file);
    const { run } = await pipeline.finish(runId);
    outDir = run.out.replace(/\/verdicts\.csv$/, '');
    const decode = (path: string) => iconv.decode(readFileSync(path), encoding);
    const output = parse(decode(run.out), { delimiter, relax_column_count: true, bom: true });
    [header = [], ...rows] = output;
    inputRows = parse(decode(file), { delimiter, relax_column_count: true, bom: true }).slice(1);
    manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
  });

  const col = (name: string) => header.indexOf(name);

  it('writes one row per input row, in input order, input cells first and unchanged', () => {
    expect(rows).toHaveLength(inputRows.length);
    rows.forEach((row, i) => {
      const input = inputRows[i] ?? [];
      const width = header.indexOf('kyc_verdict');
      // Cells pass through as read; only formula-looking cells gain the OWASP quote.
      const expected = Array.from({ length: width }, (_, c) => input[c] ?? '').map((cell) =>
        /^[=+\-@\t\r\n]/.test(cell) && !/^-\d+(?:[.,]\d+)?$/.test(cell) ? `'${cell}` : cell,
      );
      expect(row.slice(0, width)).toEqual(expected);
    });
  });

  it('finds every planted record with the expected status and verdict', () => {
    for (const p of planted) {
      const row = rows.find((r) => r[col(nameColumn)] === p.client.name);
      expect(row, `${p.id}: client row`).toBeDefined();
      if (!row) continue;
      expect(row[col('kyc_verdict')], p.id).toBe(p.expect.verdict);
      const status = (row[col(COLUMN_OF_REGISTER[p.register] ?? '')] ?? '').split(':')[0];
      expect(status, p.id).toBe(p.expect.check);
    }
  });

  it('keeps INVALID rows with their KYC_ERR code and message', () => {
    const invalid = rows.filter((r) => r[col('kyc_verdict')] === 'INVALID');
    expect(invalid.length).toBeGreaterThan(0);
    for (const row of invalid) expect(row[col('kyc_reasons')]).toMatch(/KYC_ERR_ROW_[A-Z_]+: \S/);
  });

  it('writes a manifest whose counts and hashes agree with the files', () => {
    const counted: Record<string, number> = {};
    for (const row of rows)
      counted[row[col('kyc_verdict')] ?? ''] = (counted[row[col('kyc_verdict')] ?? ''] ?? 0) + 1;
    expect(manifest.verdicts).toEqual(counted);
    expect(manifest.rows.total).toBe(rows.length);
    expect(manifest.rows.invalid).toBe(counted.INVALID ?? 0);
    for (const output of manifest.outputs) {
      expect(createHash('sha256').update(readFileSync(output.path)).digest('hex')).toBe(output.sha256);
    }
    const evidence = readEvidenceLines<{ row: number }>(`${outDir}/evidence.jsonl`);
    expect(evidence.map((e) => e.row)).toEqual(rows.map((_, i) => i + 1));
    expect(manifest.upstream.calls).toBeGreaterThan(0);
    // A name is searched in every spelling its register may use and the foreign-agent register also by
    // the client's identifiers (docs/pipeline.md, "Request plans"), and the sanctions list also in the
    // Ukrainian forms of a surname and by a person's birth date: about seven calls per client on the UTF-8
    // sample, eight and a half on the Windows-1251 one (it has SNILS and OGRNIP columns, and nearly every
    // person a birth date of their own), each distinct request sent once.
    expect(manifest.upstream.calls_per_client).toBeLessThan(9.5);
    const sent = new Map<string, number>();
    for (const line of readEvidenceLines<{
      checks: Record<string, { requests: { operation: string; params: object; cached?: boolean }[] }>;
    }>(`${outDir}/evidence.jsonl`)) {
      for (const check of Object.values(line.checks ?? {}))
        for (const r of check.requests) {
          if (r.cached) continue;
          const key = JSON.stringify([r.operation, Object.entries(r.params).sort()]);
          sent.set(key, (sent.get(key) ?? 0) + 1);
        }
    }
    expect([...sent.entries()].filter(([, n]) => n > 1)).toEqual([]);
  });
});
