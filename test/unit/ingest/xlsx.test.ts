import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openClientFile, type IngestItem, type IngestOptions } from '../../../src/ingest/index.js';
import { xlsxBytes, type TestCell, type TestSheet } from '../../helpers/xlsx-writer.js';
import { clientOf, expectKycError, invalidOf, readAll } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'kyc-xlsx-'));
let files = 0;

function workbook(sheets: readonly TestSheet[]): string {
  const path = join(dir, `book-${files++}.xlsx`);
  writeFileSync(path, xlsxBytes(sheets));
  return path;
}

async function readBook(path: string, options?: IngestOptions) {
  const file = await openClientFile(path, options);
  const items: IngestItem[] = [];
  for await (const item of file.rows) items.push(item);
  return { header: file.header, items, bytesRead: file.bytesRead?.() };
}

const HEADER = ['ФИО', 'Дата рождения', 'ИНН', 'Филиал'];
const CLIENTS: TestCell[][] = [
  ['Журавлёв Иван Петрович', { date: '1975-03-14' }, 500100732259, 'MSK-01'],
  ['Смирнова Анна Сергеевна', { date: '1920-01-05' }, '7707083893', 'SPB-02'],
  ['Кузнецов Пётр', { date: '1990-12-31' }, 123, null],
];

describe('Excel workbooks (.xlsx) as client files', () => {
  it('reads the first sheet as a CSV export of it would be read: dates from their format, INNs as digits', async () => {
    const book = await readBook(workbook([{ name: 'Клиенты', rows: [HEADER, ...CLIENTS] }]));
    const csv = await readAll(
      'ФИО;Дата рождения;ИНН;Филиал\r\n' +
        'Журавлёв Иван Петрович;1975-03-14;500100732259;MSK-01\r\n' +
        'Смирнова Анна Сергеевна;1920-01-05;7707083893;SPB-02\r\n' +
        'Кузнецов Пётр;1990-12-31;123;\r\n',
    );
    expect(book.items).toEqual(csv.items);
    expect(clientOf(book.items[0]).birthDate).toBe('1975-03-14');
    // Before 1927 a date is a serial under 10000: read from its style, not guessed from its size.
    expect(book.items[1]?.cells[1]).toBe('1920-01-05');
    expect(clientOf(book.items[2]).warnings?.[0]?.code).toBe('KYC_ERR_ROW_INN_FORMAT');
    expect(book.header).toMatchObject({
      columns: HEADER,
      workbook: { sheet: 'Клиенты' },
      bom: true,
      delimiter: ';',
    });
    expect(book.bytesRead).toBeGreaterThan(0);
  });

  it('takes --sheet by name or number, skips a hidden first sheet, and names the sheets when one is missing', async () => {
    const path = workbook([
      { name: 'Служебный', rows: [['x']], hidden: true },
      { name: 'Клиенты', rows: [HEADER, CLIENTS[0] ?? []] },
      { name: 'Архив', rows: [HEADER, CLIENTS[1] ?? []] },
    ]);
    expect((await readBook(path)).header.workbook).toEqual({ sheet: 'Клиенты' });
    const archive = await readBook(path, { sheet: 'архив' });
    expect(clientOf(archive.items[0]).name).toBe('Смирнова Анна Сергеевна');
    expect((await readBook(path, { sheet: '3' })).header.workbook).toEqual({ sheet: 'Архив' });
    const error = await openClientFile(path, { sheet: 'Лист1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'KYC_ERR_INPUT_SHEET' });
    expect(String(error)).toContain('1. "Служебный", 2. "Клиенты", 3. "Архив"');
  });

  it('keeps empty cells in place, reads inline text, booleans and exponent numbers as people typed them', async () => {
    const book = await readBook(
      workbook([
        {
          name: 'S',
          rows: [
            ['ФИО', 'ИНН', 'Флаг', 'Примечание'],
            [{ inline: 'Иванов Иван' }, 7.707083893e9, { bool: true }, null],
            ['Петров Пётр', null, null, { error: '#N/A' }],
          ],
        },
      ]),
    );
    expect(book.items[0]?.cells).toEqual(['Иванов Иван', '7707083893', 'TRUE', '']);
    expect(book.items[1]?.cells).toEqual(['Петров Пётр', '', '', '#N/A']);
  });

  it('resumes at a row like a CSV file does', async () => {
    const book = await readBook(workbook([{ name: 'S', rows: [HEADER, ...CLIENTS] }]), { startRow: 2 });
    expect(book.items.map((i) => i.row)).toEqual([2, 3]);
  });

  it('refuses a damaged workbook and a ZIP that holds no workbook with KYC_ERR_INPUT_XLSX', async () => {
    const good = xlsxBytes([{ name: 'S', rows: [HEADER] }]);
    const damaged = join(dir, 'damaged.xlsx');
    writeFileSync(damaged, Buffer.concat([good.subarray(0, 200), Buffer.alloc(300, 7)]));
    await expectKycError(openClientFile(damaged), 'KYC_ERR_INPUT_XLSX');
    const noSheet = join(dir, 'no-sheet.xlsx');
    writeFileSync(noSheet, xlsxBytes([]));
    await expectKycError(openClientFile(noSheet), 'KYC_ERR_INPUT_XLSX');
  });

  it('gives back every text cell exactly, whatever characters it holds (property)', async () => {
    const char = fc.constantFrom(...'аяЁё AZaz09;,"\'\t\n\r=+-@&<>_x000D_ʼ€'.split(''));
    const cell = fc.string({ unit: char, minLength: 1, maxLength: 10 }).filter((s) => s.trim() !== '');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }),
        async (rows) => {
          const book = await readBook(
            workbook([
              { name: 'S', rows: [['ФИО', 'Примечание'], ...rows.map((r) => r.map((c) => ({ inline: c })))] },
            ]),
          );
          expect(book.items.map((i) => i.cells)).toEqual(rows);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('cells a worksheet cannot hold', () => {
  it('refuses a cell past column XFD with KYC_ERR_INPUT_XLSX, and reads one in XFD', async () => {
    const past = workbook([
      {
        name: 'Клиенты',
        rows: [HEADER, CLIENTS[0] ?? []],
        rawRows: '<row r="3"><c r="ZZZZZZZ3" t="inlineStr"><is><t>x</t></is></c></row>',
      },
    ]);
    const error = await expectKycError(readBook(past), 'KYC_ERR_INPUT_XLSX');
    expect(error.message).toContain('row 3');
    expect(error.message).toContain('XFD');
    const last = workbook([
      {
        name: 'Клиенты',
        rows: [HEADER],
        rawRows:
          '<row r="2"><c r="A2" t="inlineStr"><is><t>Иванов Иван</t></is></c><c r="XFD2"><v>1</v></c></row>',
      },
    ]);
    const { items } = await readBook(last);
    expect(items[0]?.cells).toHaveLength(16_384);
    expect(invalidOf(items[0]).code).toBe('KYC_ERR_ROW_COLUMN_COUNT');
  });
});

describe('workbook limits', () => {
  const styledEmpties = (row: number) =>
    `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>Иванов Иван</t></is></c><c r="B${row}"><v>7707083893</v></c>` +
    Array.from({ length: 2_000 }, (_, i) => `<c r="${['XA', 'XB', 'XC', 'XD'][i % 4]}${row}" s="1"/>`).join(
      '',
    ) +
    `<c r="XFD${row}" s="1"/></row>`;

  it('reads a row of empty styled cells out to XFD as the row of its values, not 16,384 cells', async () => {
    const path = workbook([
      { name: 'Клиенты', rows: [['ФИО', 'ИНН']], rawRows: styledEmpties(2) + styledEmpties(3) },
    ]);
    const { items } = await readBook(path);
    expect(items.map((item) => item.cells)).toEqual([
      ['Иванов Иван', '7707083893'],
      ['Иванов Иван', '7707083893'],
    ]);
  });

  it('refuses a row longer than maxLineBytes as the CSV line it becomes (KYC_ERR_INPUT_LINE_TOO_LONG)', async () => {
    const wide = Array.from({ length: 600 }, (_, i) => `<c r="${colName(i)}2"><v>42</v></c>`).join('');
    const path = workbook([{ name: 'Клиенты', rows: [HEADER], rawRows: `<row r="2">${wide}</row>` }]);
    const error = await expectKycError(
      readBook(path, { maxLineBytes: 1_000 }),
      'KYC_ERR_INPUT_LINE_TOO_LONG',
    );
    expect(error.message).toContain('row 2');
    // One long cell is stopped while it is read, not once it is whole.
    const long = `<row r="2"><c r="A2" t="inlineStr"><is><t>${'я'.repeat(5_000)}</t></is></c></row>`;
    const path2 = workbook([{ name: 'Клиенты', rows: [HEADER], rawRows: long }]);
    await expectKycError(readBook(path2, { maxLineBytes: 1_000 }), 'KYC_ERR_INPUT_LINE_TOO_LONG');
  });

  it('refuses shared strings that inflate past maxSharedStringsBytes, naming the setting', async () => {
    const own = [...HEADER, 'Журавлёв Иван Петрович', 'MSK-01'].map((t) => `<si><t>${t}</t></si>`);
    const filler = Array.from({ length: 40_000 }, (_, i) => `<si><t>Строка номер ${i}</t></si>`);
    const many = [...own, ...filler].join('');
    const sst = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${many}</sst>`;
    const bytes = xlsxBytes([{ name: 'Клиенты', rows: [HEADER, CLIENTS[0] ?? []] }], { sharedStrings: sst });
    const path = join(dir, `strings-${files++}.xlsx`);
    writeFileSync(path, bytes);
    const error = await expectKycError(
      readBook(path, { maxSharedStringsBytes: 256 * 1024 }),
      'KYC_ERR_INPUT_XLSX',
    );
    expect(error.message).toContain('KYC_XLSX_MAX_SHARED_STRINGS_BYTES');
    // Under the cap (the default), the same table is read.
    const read = await readBook(path);
    expect(read.header.columns).toEqual(HEADER);
    expect(read.items[0]?.cells[0]).toBe('Журавлёв Иван Петрович');
  });

  it('refuses a sheet that inflates past maxSheetBytes, or whose rows make a CSV past it', async () => {
    const inflated = workbook([
      {
        name: 'Клиенты',
        rows: [HEADER, CLIENTS[0] ?? []],
        rawRows: `<!-- ${'x'.repeat(2 * 1024 * 1024)} -->`,
      },
    ]);
    const error = await expectKycError(
      readBook(inflated, { maxSheetBytes: 1024 * 1024 }),
      'KYC_ERR_INPUT_XLSX',
    );
    expect(error.message).toContain('KYC_XLSX_MAX_SHEET_BYTES');
    // 200 rows of ~80 bytes each, padded to XFD by a value there: 3 MB of CSV from 16 KB of XML.
    const padded = Array.from(
      { length: 200 },
      (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>1</v></c><c r="XFD${i + 2}"><v>1</v></c></row>`,
    ).join('');
    const wide = workbook([{ name: 'Клиенты', rows: [HEADER], rawRows: padded }]);
    await expectKycError(readBook(wide, { maxSheetBytes: 1024 * 1024 }), 'KYC_ERR_INPUT_XLSX');
  });
});

function colName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

describe('one runaway token', () => {
  it('refuses a comment or a text longer than a line between two tags, before the parser holds it whole', async () => {
    const path = workbook([
      {
        name: 'Клиенты',
        rows: [HEADER, CLIENTS[0] ?? []],
        rawRows: `<!-- ${'x'.repeat(2 * 1024 * 1024)} -->`,
      },
    ]);
    const error = await expectKycError(readBook(path), 'KYC_ERR_INPUT_XLSX');
    expect(error.message).toContain('between two tags');
  });
});
