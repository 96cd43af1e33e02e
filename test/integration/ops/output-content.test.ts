import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/export/manifest.js';
import { CLIENTS, clientsCsv, readVerdicts, startOpsPipeline, type OpsPipeline } from './helpers.js';

let pipeline: OpsPipeline;
let input: string;

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  input = clientsCsv([
    ['CL-1', ...CLIENTS.clean1],
    // An unquoted comma in the name and a stray cell: 7 cells where the header has 5.
    ['CL-2', 'Гончаров', 'Сергей Павлович', '', '', 'person', 'пометка'],
    ['CL-3', 'Müller Hans', '1970-01-01', '', 'person'],
  ]);
});
afterAll(async () => {
  await pipeline.close();
});

const evidenceOf = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { row: number; extra_cells?: string[]; warnings: { code: string }[] });

describe('every input cell reaches the output', () => {
  it('a row with too many cells keeps them in kyc_extra_cells and in its evidence line', async () => {
    const { run } = await pipeline.run(input);
    const records = parse(readFileSync(run.out, 'utf8'), {
      bom: true,
      relax_column_count: true,
    });
    const width = records[0]?.length ?? 0;
    expect(records[0]?.at(-1)).toBe('kyc_extra_cells');
    expect(records.every((r) => r.length === width)).toBe(true);
    const rows = readVerdicts(run.out);
    expect(rows[1]).toMatchObject({ client_id: 'CL-2', full_name: 'Гончаров', kyc_verdict: 'INVALID' });
    expect(JSON.parse(rows[1]?.kyc_extra_cells ?? '')).toEqual(['person', 'пометка']);
    expect(rows[0]?.kyc_extra_cells).toBe('');
    expect(evidenceOf(run.evidence)[1]?.extra_cells).toEqual(['person', 'пометка']);
  });
});

describe('output encoding', () => {
  it('windows-1251 output marks and counts the rows it cannot write faithfully', async () => {
    const { code, run } = await pipeline.run(input, { outEncoding: 'windows-1251' });
    expect(code).toBe(0);
    const text = iconv.decode(readFileSync(run.out), 'windows-1251');
    const rows = parse<Record<string, string>>(text, { columns: true });
    expect(rows[2]?.full_name).toBe('M?ller Hans');
    expect(rows[2]?.kyc_reasons).toContain('KYC_ERR_ROW_OUTPUT_LOSSY');
    expect(rows[0]?.kyc_reasons).not.toContain('KYC_ERR_ROW_OUTPUT_LOSSY');
    expect(rows[1]?.full_name).toBe('Гончаров');
    const manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
    expect(manifest.output).toEqual({ encoding: 'windows-1251', bom: false, lossy_rows: 1 });
    const lossy = evidenceOf(run.evidence)[2]?.warnings.map((w) => w.code);
    expect(lossy).toContain('KYC_ERR_ROW_OUTPUT_LOSSY');
  });

  it('UTF-8 output starts with a byte-order mark for Russian Excel unless the run opts out', async () => {
    const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
    // The input has no BOM: the output gets one all the same.
    expect(readFileSync(input).subarray(0, 3)).not.toEqual(BOM);
    const { run } = await pipeline.run(input);
    expect(readFileSync(run.out).subarray(0, 3)).toEqual(BOM);
    const manifest = JSON.parse(readFileSync(join(run.manifest), 'utf8')) as Manifest;
    expect(manifest.output).toMatchObject({ encoding: 'utf-8', bom: true, lossy_rows: 0 });
    const plain = await pipeline.run(input, { outBom: false });
    expect(readFileSync(plain.run.out).subarray(0, 3)).not.toEqual(BOM);
  });
});

describe('kyc_matches: who was matched, as an officer reads it', () => {
  it('names each matched record with its register, score, the field that decided and its id', async () => {
    const hits = clientsCsv([['CL-9', ...CLIENTS.foreignAgentHit]]);
    const { run } = await pipeline.run(hits);
    const cell = readVerdicts(run.out)[0]?.kyc_matches ?? '';
    expect(cell).toMatch(
      /^foreign_agent: [А-ЯЁ][а-яё]+ [А-ЯЁа-яё ]+ \d\.\d\d \((ДР совпадает|ИНН совпадает|только имя)\) \[[^\]]+\]/u,
    );
    expect(cell).not.toMatch(/^[a-z_]+ [a-z_]+:[0-9a-f]+ \d/u);
  });
});
