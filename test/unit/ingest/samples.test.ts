/**
 * Acceptance 2: every row of every sample comes out exactly once, in order, as a client or an INVALID
 * with a code. Records are counted (and split into cells) by an independent RFC 4180 reader below, not
 * by the code under test. Also: the planted clients, the clean clients and the documented codes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import type { Client } from '../../../src/domain/client.js';
import { openClientFile, type IngestHeader, type IngestItem } from '../../../src/ingest/index.js';
import { buildSamples } from '../../../packages/lookup-emulator/scripts/samples/generate-samples.js';

const SAMPLES = join(import.meta.dirname, '..', '..', '..', 'samples');

interface PlantedFile {
  reservedSurnames: [string, string][];
  reservedOrganizationWords: string[];
  planted: { id: string; client: { name: string; birthDate?: string; inn?: string; entityType: string } }[];
}
const plantedText = readFileSync(
  new URL('../../../packages/lookup-emulator/data/planted.json', import.meta.url),
  'utf8',
);
const planted = JSON.parse(plantedText) as PlantedFile;
/** Everything the planted records and their clients carry (cleanIdentifiers are meant for reuse). */
const plantedRecordsText = JSON.stringify(planted.planted);

/** A minimal strict RFC 4180 reader: records as arrays of fields. */
function rfc4180(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i++;
      } else {
        field += ch;
        i++;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
      i++;
    } else if (ch === delimiter) {
      record.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  // Blank lines and all-blank records are not rows (the documented rule).
  return records.filter((r) => r.some((f) => f.trim() !== ''));
}

async function read(file: string): Promise<{ header: IngestHeader; items: IngestItem[] }> {
  const opened = await openClientFile(join(SAMPLES, file));
  const items: IngestItem[] = [];
  for await (const item of opened.rows) items.push(item);
  return { header: opened.header, items };
}

const SAMPLE_FILES = [
  { file: 'clients.csv', encoding: 'utf-8', delimiter: ',' },
  { file: 'clients-cp1251.csv', encoding: 'windows-1251', delimiter: ';' },
  { file: 'clients-bad.csv', encoding: 'utf-8', delimiter: ',' },
] as const;

describe.each(SAMPLE_FILES)('$file', ({ file, encoding, delimiter }) => {
  it('every record comes out exactly once, in order, as a client or an INVALID with a code', async () => {
    const bytes = readFileSync(join(SAMPLES, file));
    const records = rfc4180(iconv.decode(bytes, encoding), delimiter);
    const { header, items } = await read(file);
    expect(header.encoding).toBe(encoding);
    expect(header.delimiter).toBe(delimiter);
    expect(header.columns).toEqual(records[0]);
    expect(items).toHaveLength(records.length - 1);
    items.forEach((item, i) => {
      expect(item.row).toBe(i + 1);
      expect(item.cells).toEqual(records[i + 1]);
      if ('client' in item) expect(item.client.row).toBe(item.row);
      else expect(item.invalid.code).toMatch(/^KYC_ERR_ROW_/);
    });
  });
});

describe('clients.csv and clients-cp1251.csv: planted and clean clients', () => {
  const reservedSurnames = new Set(planted.reservedSurnames.flat());
  const plantedNames = new Set(planted.planted.map((p) => p.client.name));

  /** What is left of an organization name once the reserved words, legal forms and punctuation are gone. */
  function leftover(name: string): string {
    let rest = name;
    for (const word of [...planted.reservedOrganizationWords].sort((a, b) => b.length - a.length)) {
      rest = rest.split(word).join(' ');
    }
    const forms = new Set(['ООО', 'АО', 'ПАО', 'ЗАО', 'АНО']);
    return rest
      .replace(/["«»,]/g, ' ')
      .split(' ')
      .filter((token) => token !== '' && !forms.has(token))
      .join(' ');
  }

  it.each(['clients.csv', 'clients-cp1251.csv'])(
    '%s holds every planted client exactly as planted',
    async (file) => {
      const { items } = await read(file);
      const clients = items.flatMap((i) => ('client' in i ? [i.client] : []));
      for (const p of planted.planted) {
        const matches = clients.filter((c) => c.name === p.client.name);
        expect(matches, p.id).toHaveLength(1);
        const c = matches[0] as Client;
        expect(c.birthDate, p.id).toBe(p.client.birthDate);
        expect(c.inn, p.id).toBe(p.client.inn);
        expect(c.entityType, p.id).toBe(p.client.entityType);
        expect(c.entityTypeSource, p.id).toBe('column');
        expect(c.warnings, p.id).toEqual([]);
      }
    },
  );

  it.each(['clients.csv', 'clients-cp1251.csv'])(
    '%s: clean clients use only reserved names and unplanted identifiers',
    async (file) => {
      const { items } = await read(file);
      let persons = 0;
      let organizations = 0;
      for (const item of items) {
        if (!('client' in item)) continue;
        const c = item.client;
        if (c.name !== undefined && plantedNames.has(c.name)) continue;
        for (const id of [c.inn, c.ogrn, c.ogrnip, c.snils]) {
          if (id !== undefined) expect(plantedRecordsText.includes(id), `${id} is planted`).toBe(false);
        }
        if (c.name === undefined) continue;
        if (c.entityType === 'organization') {
          organizations++;
          expect(leftover(c.name), c.name).toBe('');
        } else {
          persons++;
          const words = c.name.replace(/^ИП /, '').split(' ');
          expect(words).toHaveLength(3);
          expect(reservedSurnames.has(words[0] ?? ''), c.name).toBe(true);
          // The surname's gender form matches the patronymic's.
          const female = (words[2] ?? '').endsWith('на');
          const pair = planted.reservedSurnames.find((p) => p.includes(words[0] ?? ''));
          expect(pair?.[female ? 1 : 0], c.name).toBe(words[0]);
        }
      }
      expect(persons).toBeGreaterThan(50);
      expect(organizations).toBeGreaterThan(10);
    },
  );

  it('clients.csv: about 200 rows, warnings and INVALID rows as documented, branch passed through', async () => {
    const { header, items } = await read('clients.csv');
    expect(items).toHaveLength(200);
    expect(header.columns).toContain('branch');
    const branch = header.columns.indexOf('branch');
    expect(Object.values(header.mapping)).not.toContain(branch);
    expect(
      items
        .filter((i) => i.cells.length === header.columns.length)
        .every((i) => /^[A-Z]{3}-\d\d$/.test(i.cells[branch] ?? '')),
    ).toBe(true);
    const warnings = items.flatMap((i) => ('client' in i ? i.client.warnings.map((w) => w.code) : []));
    expect(warnings.sort()).toEqual([
      'KYC_ERR_ROW_BIRTH_DATE',
      'KYC_ERR_ROW_INN_CHECKSUM',
      'KYC_ERR_ROW_INN_REPAIRED',
      'KYC_ERR_ROW_OGRN_CHECKSUM',
      'KYC_ERR_ROW_SNILS_CHECKSUM',
    ]);
    const invalid = items.flatMap((i) => ('invalid' in i ? [i.invalid.code] : []));
    expect(invalid.sort()).toEqual([
      'KYC_ERR_ROW_COLUMN_COUNT',
      'KYC_ERR_ROW_NO_NAME_OR_ID',
      'KYC_ERR_ROW_NO_NAME_OR_ID',
    ]);
  });
});

describe('clients-bad.csv: one row for every kind of bad row', () => {
  const EXPECTED: Record<string, { code: string; invalid?: true }> = {
    'BAD-INN-FORMAT': { code: 'KYC_ERR_ROW_INN_FORMAT' },
    'BAD-INN-LENGTH': { code: 'KYC_ERR_ROW_INN_FORMAT' },
    'BAD-INN-SCIENTIFIC': { code: 'KYC_ERR_ROW_INN_FORMAT' },
    'BAD-INN-CHECKSUM': { code: 'KYC_ERR_ROW_INN_CHECKSUM' },
    'BAD-INN-LEADING-ZERO-9': { code: 'KYC_ERR_ROW_INN_LEADING_ZERO' },
    'BAD-INN-LEADING-ZERO-11': { code: 'KYC_ERR_ROW_INN_REPAIRED' },
    'BAD-OGRN-FORMAT': { code: 'KYC_ERR_ROW_OGRN_FORMAT' },
    'BAD-OGRN-CHECKSUM': { code: 'KYC_ERR_ROW_OGRN_CHECKSUM' },
    'BAD-OGRNIP-FORMAT': { code: 'KYC_ERR_ROW_OGRNIP_FORMAT' },
    'BAD-OGRNIP-CHECKSUM': { code: 'KYC_ERR_ROW_OGRNIP_CHECKSUM' },
    'BAD-SNILS-FORMAT': { code: 'KYC_ERR_ROW_SNILS_FORMAT' },
    'BAD-SNILS-CHECKSUM': { code: 'KYC_ERR_ROW_SNILS_CHECKSUM' },
    'BAD-SNILS-LEADING-ZERO': { code: 'KYC_ERR_ROW_SNILS_LEADING_ZERO' },
    'BAD-BIRTH-DATE-FEB-31': { code: 'KYC_ERR_ROW_BIRTH_DATE' },
    'BAD-BIRTH-DATE-MONTH-13': { code: 'KYC_ERR_ROW_BIRTH_DATE' },
    'BAD-BIRTH-DATE-FUTURE': { code: 'KYC_ERR_ROW_BIRTH_DATE' },
    'BAD-BIRTH-DATE-1899': { code: 'KYC_ERR_ROW_BIRTH_DATE' },
    'BAD-BIRTH-DATE-TEXT': { code: 'KYC_ERR_ROW_BIRTH_DATE' },
    'BAD-BIRTH-DATE-YEAR-ONLY': { code: 'KYC_ERR_ROW_BIRTH_DATE' },
    'BAD-ENTITY-TYPE': { code: 'KYC_ERR_ROW_ENTITY_TYPE' },
    'BAD-EMAIL': { code: 'KYC_ERR_ROW_EMAIL_FORMAT' },
    'BAD-CARD-LUHN': { code: 'KYC_ERR_ROW_CARD_FORMAT' },
    'BAD-CARD-MASKED': { code: 'KYC_ERR_ROW_CARD_FORMAT' },
    'BAD-CADASTRAL': { code: 'KYC_ERR_ROW_CADASTRAL_FORMAT' },
    'BAD-BIK': { code: 'KYC_ERR_ROW_BIK_FORMAT' },
    'BAD-NO-NAME-NO-ID': { code: 'KYC_ERR_ROW_NO_NAME_OR_ID', invalid: true },
    'BAD-NO-NAME-BAD-ID': { code: 'KYC_ERR_ROW_NO_NAME_OR_ID', invalid: true },
    'BAD-COLUMN-COUNT-SHORT': { code: 'KYC_ERR_ROW_COLUMN_COUNT', invalid: true },
    'BAD-COLUMN-COUNT-LONG': { code: 'KYC_ERR_ROW_COLUMN_COUNT', invalid: true },
    'BAD-NAME-OBFUSCATED': { code: 'KYC_ERR_ROW_NAME_OBFUSCATED' },
    'BAD-INN-PASSPORT': { code: 'KYC_ERR_ROW_INN_PASSPORT' },
  };

  it('each row gives its documented code, and nothing else', async () => {
    const { items } = await read('clients-bad.csv');
    expect(items.map((i) => i.cells[0])).toEqual(Object.keys(EXPECTED));
    for (const item of items) {
      const expected = EXPECTED[item.cells[0] ?? ''];
      if (expected === undefined) throw new Error(`unexpected row ${item.cells[0]}`);
      if (expected.invalid) {
        expect('invalid' in item && item.invalid.code, item.cells[0]).toBe(expected.code);
      } else {
        expect('client' in item && item.client.warnings.map((w) => w.code), item.cells[0]).toEqual([
          expected.code,
        ]);
        expect('client' in item && item.client.name, item.cells[0]).toBeTruthy();
      }
    }
  });

  it('covers every row-level code of the catalog', async () => {
    const { CATALOG } = await import('../../../src/errors.js');
    // KYC_ERR_ROW_OUTPUT_LOSSY is raised by the writer (an output encoding that cannot hold a character), not
    // by reading: no input file can carry it; test/integration/ops/output-content.test.ts covers it.
    const rowCodes = Object.keys(CATALOG).filter(
      (code) => code.startsWith('KYC_ERR_ROW_') && code !== 'KYC_ERR_ROW_OUTPUT_LOSSY',
    );
    expect(new Set(Object.values(EXPECTED).map((e) => e.code))).toEqual(new Set(rowCodes));
  });
});

describe('the generator', () => {
  it('reproduces the committed samples byte for byte', () => {
    const samples = buildSamples();
    expect(samples.clientsCsv).toBe(readFileSync(join(SAMPLES, 'clients.csv'), 'utf8'));
    expect(samples.clientsCp1251.equals(readFileSync(join(SAMPLES, 'clients-cp1251.csv')))).toBe(true);
    expect(samples.clientsBad).toBe(readFileSync(join(SAMPLES, 'clients-bad.csv'), 'utf8'));
    expect(samples.readme).toBe(readFileSync(join(SAMPLES, 'README.md'), 'utf8'));
  });
  it('writes Windows-1251 with CRLF line endings', () => {
    const bytes = readFileSync(join(SAMPLES, 'clients-cp1251.csv'));
    const lf = [...bytes.entries()].filter(([, b]) => b === 0x0a).map(([i]) => i);
    expect(lf.length).toBeGreaterThan(100);
    expect(lf.every((i) => bytes[i - 1] === 0x0d)).toBe(true);
  });
});
