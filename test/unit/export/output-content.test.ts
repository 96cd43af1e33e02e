import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { maskCardColumn } from '../../../src/checks/card-number.js';
import { encodeCsvRecordChecked, type CsvFormat } from '../../../src/export/csv-format.js';
import { extraCellsCell, verdictColumns, verdictRow, withReason } from '../../../src/export/verdict-row.js';
import { invalidVerdict } from '../../../src/verdict/index.js';

const cp1251: CsvFormat = { encoding: 'windows-1251', bom: false, delimiter: ';' };
const utf8: CsvFormat = { encoding: 'utf-8', bom: false, delimiter: ',' };

describe('cells beyond the header', () => {
  const issue = {
    code: 'KYC_ERR_ROW_COLUMN_COUNT' as const,
    message: 'the row has 5 cells, the header has 3',
  };
  const meta = { runId: 'r1', checkedAt: '2026-01-01T00:00:00.000Z' };

  it('reach the last column as a JSON array; every row has as many cells as the header line', () => {
    const kinds = ['sanctions'] as const;
    const header = ['a', 'b', 'c', ...verdictColumns([...kinds])];
    const long = verdictRow(
      ['1', '2', '3', 'x;y', '"z"'],
      3,
      invalidVerdict(1, issue),
      [issue],
      [...kinds],
      meta,
    );
    const short = verdictRow(['1'], 3, invalidVerdict(2, issue), [issue], [...kinds], meta);
    expect(long).toHaveLength(header.length);
    expect(short).toHaveLength(header.length);
    expect(header.at(-1)).toBe('kyc_extra_cells');
    expect(JSON.parse(long.at(-1) ?? '')).toEqual(['x;y', '"z"']);
    expect(short.at(-1)).toBe('');
  });

  it('property: input cells and extra cells together are the row as read', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 8 }), fc.integer({ min: 1, max: 6 }), (cells, width) => {
        const extra = extraCellsCell(cells, width);
        const kept = [...cells.slice(0, width), ...(extra === '' ? [] : (JSON.parse(extra) as string[]))];
        expect(kept).toEqual(cells);
      }),
    );
  });

  it('a full card number shifted out of its column by a bad row is masked wherever it landed', () => {
    const cells = ['CL-1', 'Иванов, Иван', '4111111111111111', 'extra'];
    const masked = maskCardColumn(cells, 2, 3);
    expect(masked).toEqual(['CL-1', 'Иванов, Иван', '411111******1111', 'extra']);
    const shifted = maskCardColumn(['CL-1', 'Иванов', 'Иван', '4111111111111111'], 2, 3);
    expect(shifted[3]).toBe('411111******1111');
    // A row of the right width is masked in its card column only, as before.
    expect(maskCardColumn(['CL-1', '4111111111111111', 'x'], 2, 3)).toEqual([
      'CL-1',
      '4111111111111111',
      'x',
    ]);
  });
});

describe('output encoding', () => {
  it('says when windows-1251 cannot represent a character, and only then', () => {
    expect(encodeCsvRecordChecked(['Müller', 'Hans'], cp1251).lossy).toBe(true);
    expect(encodeCsvRecordChecked(['Мюллер', 'Ханс', '№ 5'], cp1251).lossy).toBe(false);
    expect(encodeCsvRecordChecked(['Müller'], utf8).lossy).toBe(false);
  });

  it('property: lossy exactly when the written bytes do not read back as the text', () => {
    const semicolonUtf8: CsvFormat = { ...utf8, delimiter: ';' };
    fc.assert(
      // Graphemes: well-formed text, as decoded input always is (no lone surrogates).
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 4 }), (cells) => {
        const { bytes, lossy } = encodeCsvRecordChecked(cells, cp1251);
        const text = encodeCsvRecordChecked(cells, semicolonUtf8).bytes.toString('utf8');
        expect(lossy).toBe(iconv.decode(bytes, 'windows-1251') !== text);
      }),
      { numRuns: 300 },
    );
  });

  it('property: Russian text and ASCII are never lossy in windows-1251', () => {
    const letters = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ №«»—';
    const unit = fc.oneof(fc.constantFrom(...letters), fc.string({ unit: 'grapheme-ascii', maxLength: 1 }));
    fc.assert(
      fc.property(fc.array(fc.string({ unit }), { minLength: 1, maxLength: 4 }), (cells) => {
        expect(encodeCsvRecordChecked(cells, cp1251).lossy).toBe(false);
      }),
    );
  });

  it('withReason adds to kyc_reasons, after the verdict column', () => {
    expect(withReason(['a', 'CLEAR', '', 'x'], 1, 'KYC_ERR_ROW_OUTPUT_LOSSY')).toEqual([
      'a',
      'CLEAR',
      'KYC_ERR_ROW_OUTPUT_LOSSY',
      'x',
    ]);
    expect(withReason(['a', 'REVIEW', 'FA_POSSIBLE'], 1, 'X')[2]).toBe('FA_POSSIBLE; X');
  });
});
