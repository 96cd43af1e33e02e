import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/export/manifest.js';
import { xlsxBytes } from '../../helpers/xlsx-writer.js';
import { CLIENTS, clientsCsv, startOpsPipeline, type OpsPipeline } from './helpers.js';

let pipeline: OpsPipeline;
beforeAll(async () => {
  pipeline = await startOpsPipeline();
});
afterAll(async () => {
  await pipeline.close();
});

const HEADER = ['client_id', 'full_name', 'birth_date', 'inn', 'entity_type'];

describe('an Excel workbook as the run input', () => {
  it('screens the chosen sheet as the same rows in CSV would be, and writes CSV for Russian Excel', async () => {
    const [name, birth, inn, type] = CLIENTS.foreignAgentHit;
    const [cleanName, cleanBirth, , cleanType] = CLIENTS.clean1;
    const book = join(mkdtempSync(join(tmpdir(), 'kyc-xlsx-run-')), 'clients.xlsx');
    writeFileSync(
      book,
      xlsxBytes([
        { name: 'Справка', rows: [['Выгрузка из АБС']] },
        {
          name: 'Клиенты',
          rows: [
            HEADER,
            ['CL-1', cleanName, { date: cleanBirth }, null, cleanType],
            ['CL-2', name, { date: birth }, inn === '' ? null : inn, type],
          ],
        },
      ]),
    );
    const fromBook = (await pipeline.run(book, { sheet: 'Клиенты' })).run;
    const csv = clientsCsv([
      ['CL-1', cleanName, cleanBirth, '', cleanType],
      ['CL-2', name, birth, inn, type],
    ]);
    const fromCsv = (await pipeline.run(csv)).run;
    // Input cells, kyc_verdict and kyc_reasons of every row.
    const rowsOf = (text: string, delimiter: string) =>
      parse(text, { bom: true, delimiter }).map((r) => r.slice(0, 7));
    const bookText = readFileSync(fromBook.out, 'utf8');
    expect(bookText.startsWith('\ufeff')).toBe(true);
    // The same input cells, verdicts and reasons as the CSV of the same rows.
    expect(rowsOf(bookText, ';')).toEqual(rowsOf(readFileSync(fromCsv.out, 'utf8'), ','));
    const manifest = JSON.parse(readFileSync(fromBook.manifest, 'utf8')) as Manifest;
    expect(manifest.input).toMatchObject({ sheet: 'Клиенты', delimiter: ';' });
  });

  it('names the sheets when --sheet names none of them', async () => {
    const book = join(mkdtempSync(join(tmpdir(), 'kyc-xlsx-run-')), 'clients.xlsx');
    writeFileSync(book, xlsxBytes([{ name: 'Клиенты', rows: [HEADER] }]));
    await expect(pipeline.run(book, { sheet: 'Лист1' })).rejects.toMatchObject({
      code: 'KYC_ERR_INPUT_SHEET',
    });
  });
});
