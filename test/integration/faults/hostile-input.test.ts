import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followRun } from '../../../src/runs/submit.js';
import { SOAK } from '../../helpers/cli-process.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/** A cell of a hostile client file, as bytes. */
const cell = fc.oneof(
  fc.constantFrom('Иванов Иван Иванович', 'ООО «Ромашка»', '7707083893', '500100732259', '1980-01-01', ''),
  fc.constantFrom('=cmd|/C calc!A0', '+7 999', '-2+3', '@SUM(A1:A9)', '\tTAB', '=HYPERLINK("x")', '-100'),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('"unbalanced', 'a"b', '""', '"quoted, with comma"', 'line\nbreak', 'cr\rhere'),
  fc.constantFrom('\u0000bin', '\u0001\u0002', '\uFFFD\uFFFD'),
);
const encoding = fc.constantFrom('utf-8', 'windows-1251');
const row = fc.array(fc.tuple(cell, encoding), { minLength: 1, maxLength: 5 });
const hostileFile = fc.record({
  rows: fc.array(row, { minLength: 0, maxLength: 30 }),
  huge: fc.constantFrom(0, 0, 0, 70_000),
  delimiter: fc.constantFrom(',', ';'),
});

function bytesOf(file: { rows: [string, string][][]; huge: number; delimiter: string }): Buffer {
  const parts: Buffer[] = [Buffer.from(`full_name${file.delimiter}inn${file.delimiter}comment\n`)];
  file.rows.forEach((cells, i) => {
    cells.forEach(([text, enc], j) => {
      if (j > 0) parts.push(Buffer.from(file.delimiter));
      // Mixed encodings within one file: some cells in UTF-8, some in Windows-1251.
      parts.push(enc === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, 'windows-1251'));
    });
    if (i === 0 && file.huge > 0) parts.push(Buffer.from(`${file.delimiter}${'x'.repeat(file.huge)}`));
    parts.push(Buffer.from('\n'));
  });
  return Buffer.concat(parts);
}

describe('hostile input files through the whole pipeline', () => {
  let pipeline: TestPipeline;
  beforeAll(async () => {
    pipeline = await startTestPipeline();
  });
  afterAll(async () => {
    await pipeline.close();
  });

  it('never crashes or hangs: a clear input error, or rows whose formula cells are neutralised', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-hostile-'));
    let n = 0;
    const outcomes = { done: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(hostileFile, async (file) => {
        const path = join(dir, `hostile-${n++}.csv`);
        writeFileSync(path, bytesOf(file));
        const runId = await pipeline.submit(path);
        const run = await followRun(pipeline.redis, pipeline.prefix, runId, () => undefined, {
          pollMs: 50,
          signal: AbortSignal.timeout(30_000),
        });
        if (run.status === 'failed') {
          outcomes.rejected++;
          // A file-level problem, named by its stable code; nothing else may stop a run.
          return /^KYC_ERR_INPUT_[A-Z_]+: /.test(run.error ?? '');
        }
        if (run.status !== 'done') return false; // a hang
        outcomes.done++;
        const out = readFileSync(run.out);
        const text =
          out.includes(Buffer.from('Иванов')) || /[а-я]/i.test(out.toString('utf8'))
            ? out.toString('utf8')
            : iconv.decode(out, 'windows-1251');
        const records = parse(text, {
          delimiter: file.delimiter,
          relax_column_count: true,
          bom: true,
        });
        for (const record of records) {
          for (const value of record) {
            if (/^[=+\-@\t\r\n]/.test(value) && !/^-\d+(?:[.,]\d+)?$/.test(value)) return false;
          }
        }
        return records.length >= 1;
      }),
      { numRuns: SOAK ? 300 : 60, seed: 20261121 },
    );
    // Both kinds of outcome were exercised.
    expect(outcomes.done).toBeGreaterThan(0);
    expect(outcomes.rejected).toBeGreaterThan(0);
  }, 600_000);
});
