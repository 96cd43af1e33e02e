/**
 * Acceptance 1: any table of strings, written as CSV by csv-stringify with any supported delimiter and
 * line ending, in any supported encoding, reads back identically (header cells and row cells).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { stringify } from 'csv-stringify/sync';
import type { IngestOptions } from '../../../src/ingest/index.js';
import { expectKycError, readAll } from './helpers.js';

type Encoding = 'utf-8' | 'utf-8-bom' | 'windows-1251' | 'utf-16le-bom';
const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The characters that stress a CSV reader, plus ё and the typographic quotes of Russian texts. */
const SPECIAL = [
  ',',
  ';',
  '\t',
  '|',
  '"',
  "'",
  '\n',
  '\r',
  '\r\n',
  ' ',
  '\u00a0',
  'ё',
  'Ё',
  '«',
  '»',
  '—',
  '№',
];
const CYRILLIC = Array.from({ length: 64 }, (_, i) => String.fromCharCode(0x410 + i));
const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

/** Any Unicode text without control characters (other than tab and line breaks) or a BOM. */
const anyChar = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 3, arbitrary: fc.constantFrom(...CYRILLIC) },
  { weight: 3, arbitrary: fc.constantFrom(...ASCII) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0xa0, max: 0x10ffff })
      .filter((cp) => (cp < 0xd800 || cp > 0xdfff) && cp !== 0xfeff && (cp < 0xfff0 || cp > 0xffff))
      .map((cp) => String.fromCodePoint(cp)),
  },
);
/** What Windows-1251 can encode. */
const cp1251Char = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 4, arbitrary: fc.constantFrom(...CYRILLIC) },
  { weight: 3, arbitrary: fc.constantFrom(...ASCII) },
);
/** Letters and ASCII only, so that a random table still looks like Cyrillic text to the detector. */
const cp1251Letters = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(',', ';', '\t', '|', '"', '\n', '\r', ' ', 'ё', 'Ё') },
  { weight: 4, arbitrary: fc.constantFrom(...CYRILLIC) },
  { weight: 2, arbitrary: fc.constantFrom(...ASCII) },
);

function tables(char: fc.Arbitrary<string>) {
  const cell = fc.string({ unit: char, maxLength: 12 });
  return fc
    .record({
      extra: fc.array(cell, { maxLength: 5 }),
      keyAt: fc.nat(),
      rows: fc.nat(8),
    })
    .chain(({ extra, keyAt, rows }) => {
      // A name column, so the file has a key column; the rest of the header is arbitrary.
      const header = [...extra];
      header.splice(keyAt % (extra.length + 1), 0, 'ФИО');
      return fc.record({
        header: fc.constant(header),
        rows: fc.array(fc.array(cell, { minLength: header.length, maxLength: header.length }), {
          minLength: rows,
          maxLength: rows,
        }),
      });
    });
}

function encode(text: string, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'utf-8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    case 'windows-1251':
      return iconv.encode(text, 'windows-1251');
    case 'utf-16le-bom':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
  }
}

/** Rows whose cells are all blank are not rows (an empty Excel line): the reader skips them. */
const notBlank = (row: readonly string[]) => row.some((cell) => cell.trim() !== '');

async function roundTrip(
  table: { header: string[]; rows: string[][] },
  delimiter: string,
  crlf: boolean,
  encoding: Encoding,
  chunk: number,
  options: IngestOptions,
  quoteHeader: boolean,
): Promise<void> {
  const write = (records: string[][], quoted: boolean) =>
    stringify(records, {
      delimiter,
      record_delimiter: crlf ? 'windows' : 'unix',
      // RFC 4180: a field with a line break is quoted, whatever the record delimiter.
      quoted_match: /[\r\n]/,
      quoted,
    });
  const text = write([table.header], quoteHeader) + write(table.rows, false);
  const expected = table.rows.filter(notBlank);
  if (expected.length === 0) {
    // A header with no client rows after it is refused, not read as an empty run.
    await expectKycError(readAll(encode(text, encoding), options, chunk), 'KYC_ERR_INPUT_NO_ROWS');
    return;
  }
  const { header, items } = await readAll(encode(text, encoding), options, chunk);
  expect(header.columns).toEqual(table.header);
  expect(items.map((item) => item.cells)).toEqual(expected);
  expect(items.map((item) => item.row)).toEqual(expected.map((_, i) => i + 1));
}

const settings = fc.record({
  delimiter: fc.constantFrom(...DELIMITERS),
  crlf: fc.boolean(),
  chunk: fc.integer({ min: 1, max: 97 }),
});

describe('CSV round trip (property)', () => {
  for (const encoding of ['utf-8', 'utf-8-bom', 'utf-16le-bom'] as const) {
    it(`${encoding}: delimiter given, encoding detected`, async () => {
      await fc.assert(
        fc.asyncProperty(tables(anyChar), settings, async (table, s) =>
          roundTrip(table, s.delimiter, s.crlf, encoding, s.chunk, { delimiter: s.delimiter }, false),
        ),
        { numRuns: 150 },
      );
    });
    it(`${encoding}: delimiter sniffed from a quoted header, encoding detected`, async () => {
      await fc.assert(
        fc.asyncProperty(tables(anyChar), settings, async (table, s) =>
          roundTrip(table, s.delimiter, s.crlf, encoding, s.chunk, {}, true),
        ),
        { numRuns: 100 },
      );
    });
  }

  it('windows-1251: any encodable text, encoding and delimiter given', async () => {
    await fc.assert(
      fc.asyncProperty(tables(cp1251Char), settings, async (table, s) =>
        roundTrip(
          table,
          s.delimiter,
          s.crlf,
          'windows-1251',
          s.chunk,
          { delimiter: s.delimiter, encoding: 'windows-1251' },
          false,
        ),
      ),
      { numRuns: 150 },
    );
  });

  it('windows-1251: Cyrillic text, encoding detected and delimiter sniffed', async () => {
    await fc.assert(
      fc.asyncProperty(tables(cp1251Letters), settings, async (table, s) =>
        roundTrip(table, s.delimiter, s.crlf, 'windows-1251', s.chunk, {}, true),
      ),
      { numRuns: 100 },
    );
  });
});
