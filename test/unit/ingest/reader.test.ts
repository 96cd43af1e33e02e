import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { KycError } from '../../../src/errors.js';
import { openClientFile, readClientStream, type IngestItem } from '../../../src/ingest/index.js';
import { chunked, clientOf, expectKycError, invalidOf, readAll } from './helpers.js';

const RU =
  'ФИО;ИНН;Дата рождения\r\nЖуравлёв Иван Петрович;500100732259;14.03.1975\r\nООО «Полярис»;7707083893;\r\n';
const names = (items: IngestItem[]) =>
  items.map((i) => ('client' in i ? (i.client.name ?? '') : `!${i.invalid.code}`));

async function collect(rows: AsyncIterable<IngestItem>): Promise<IngestItem[]> {
  const out: IngestItem[] = [];
  for await (const item of rows) out.push(item);
  return out;
}

/**
 * Reads until the read fails, up front (a problem within the first 64 KiB, read to sniff) or from the
 * row iterator; returns the rows yielded before and the error.
 */
async function readUntilError(
  input: Buffer,
  options = {},
): Promise<{ before: IngestItem[]; error: KycError }> {
  const before: IngestItem[] = [];
  try {
    const file = await readClientStream(chunked(input, 4096), options);
    for await (const item of file.rows) before.push(item);
  } catch (error) {
    expect(error).toBeInstanceOf(KycError);
    return { before, error: error as KycError };
  }
  throw new Error('no error');
}

/** Rows enough to push what follows past the 64 KiB read up front, so it is found mid-stream. */
const FILLER = 'Иванов Иван,7707083893\n'.repeat(3000);

describe('encodings', () => {
  const expected = ['Журавлёв Иван Петрович', 'ООО "Полярис"'];

  it('UTF-8 without BOM', async () => {
    const { header, items } = await readAll(RU);
    expect(header).toMatchObject({
      encoding: 'utf-8',
      bom: false,
      delimiter: ';',
      columns: ['ФИО', 'ИНН', 'Дата рождения'],
    });
    expect(names(items)).toEqual(expected);
  });
  it('UTF-8 with BOM: the BOM is not part of the first header cell', async () => {
    const { header, items } = await readAll(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(RU)]),
    );
    expect(header).toMatchObject({ encoding: 'utf-8', bom: true, columns: ['ФИО', 'ИНН', 'Дата рождения'] });
    expect(header.mapping.fullName).toBe(0);
    expect(names(items)).toEqual(expected);
  });
  it('Windows-1251, detected', async () => {
    const { header, items } = await readAll(iconv.encode(RU, 'windows-1251'));
    expect(header).toMatchObject({ encoding: 'windows-1251', bom: false });
    expect(names(items)).toEqual(expected);
  });
  it('UTF-16LE with BOM', async () => {
    const { header, items } = await readAll(
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(RU, 'utf-16le')]),
    );
    expect(header).toMatchObject({ encoding: 'utf-16le', bom: true, delimiter: ';' });
    expect(names(items)).toEqual(expected);
  });
  it('any chunking, even one byte at a time, gives the same rows', async () => {
    for (const bytes of [
      Buffer.from(RU),
      iconv.encode(RU, 'windows-1251'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(RU, 'utf-16le')]),
    ]) {
      for (const size of [1, 2, 3, 5])
        expect(names((await readAll(bytes, {}, size)).items)).toEqual(expected);
    }
  });
  it('a Windows-1251 file that starts in plain ASCII fails mid-file with advice, and reads with the option', async () => {
    const text = 'name;inn\r\n' + 'John Smith;7707083893\r\n'.repeat(4000) + 'Журавлёв Иван;500100732259\r\n';
    const bytes = iconv.encode(text, 'windows-1251');
    const { before, error } = await readUntilError(bytes);
    expect(error.code).toBe('KYC_ERR_INPUT_ENCODING');
    expect(error.message).toMatch(/windows-1251/);
    expect(error.message).toMatch(/line 4002/);
    expect(before.length).toBeLessThan(4001);
    const { items, header } = await readAll(bytes, { encoding: 'windows-1251' });
    expect(header.encoding).toBe('windows-1251');
    expect(clientOf(items[4000]).name).toBe('Журавлёв Иван');
  });
  it('an unsupported encoding option is refused', async () => {
    await expectKycError(readAll(RU, { encoding: 'koi8-r' as 'utf-8' }), 'KYC_ERR_INPUT_OPTIONS');
  });
});

describe('delimiters and quoting', () => {
  it.each([',', ';', '\t', '|'])('sniffs %j from the header', async (d) => {
    const text = ['ФИО', 'ИНН', 'branch'].join(d) + '\n' + ['Иванов Иван', '7707083893', 'A'].join(d) + '\n';
    const { header, items } = await readAll(text);
    expect(header.delimiter).toBe(d);
    expect(items[0]?.cells).toEqual(['Иванов Иван', '7707083893', 'A']);
  });
  it('the delimiter option overrides, by character or name', async () => {
    const text = 'ФИО|ИНН;КПП\nИванов|7707083893;1\n';
    await expectKycError(readAll(text), 'KYC_ERR_INPUT_NO_KEY_COLUMN');
    const forced = await readAll(text, { delimiter: '|' });
    expect(forced.header.columns).toEqual(['ФИО', 'ИНН;КПП']);
    expect(forced.items[0]?.cells).toEqual(['Иванов', '7707083893;1']);
    expect((await readAll('a\tФИО\n1\tИванов\n', { delimiter: 'tab' })).header.delimiter).toBe('\t');
    await expectKycError(readAll(text, { delimiter: ';;' }), 'KYC_ERR_INPUT_OPTIONS');
    await expectKycError(readAll(text, { delimiter: '"' }), 'KYC_ERR_INPUT_OPTIONS');
  });
  it('quoted fields with delimiters, doubled quotes and line breaks', async () => {
    const text =
      'ФИО;Адрес;Примечание\n"Иванов; Иван";"г. Москва,\r\nул. Ленина";"сказал ""да"""\nПетров;x;y\n';
    const { items } = await readAll(text);
    expect(items.map((i) => i.row)).toEqual([1, 2]);
    expect(items[0]?.cells).toEqual(['Иванов; Иван', 'г. Москва,\r\nул. Ленина', 'сказал "да"']);
    expect(clientOf(items[0]).address).toBe('г. Москва, ул. Ленина');
  });
  it('quotes inside unquoted fields are kept (1C and Excel write ООО "Ромашка" unquoted)', async () => {
    const { items } = await readAll('ФИО;ИНН\nООО "Ромашка";7707083893\n');
    expect(items[0]?.cells).toEqual(['ООО "Ромашка"', '7707083893']);
  });
});

describe('line endings and blank lines', () => {
  it('LF, CRLF, CR and a mix of them', async () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const { items } = await readAll(['ФИО,ИНН', 'А Б,7707083893', 'В Г,'].join(eol) + eol);
      expect(names(items)).toEqual(['А Б', 'В Г']);
    }
    const { items } = await readAll('ФИО,ИНН\r\nА Б,7707083893\nВ Г,\rД Е,\r\n');
    expect(names(items)).toEqual(['А Б', 'В Г', 'Д Е']);
  });
  it('no final line break', async () => {
    expect(names((await readAll('ФИО\nА Б')).items)).toEqual(['А Б']);
  });
  it('blank lines, whitespace-only lines and empty Excel rows (;;;) are not rows', async () => {
    const text = '\n\nФИО;ИНН;X\n\nА Б;;\n   \n;;\n ; ;\nВ Г;;\n\n\n;;\r\n\r\n';
    const { items } = await readAll(text);
    expect(items.map((i) => [i.row, ...i.cells])).toEqual([
      [1, 'А Б', '', ''],
      [2, 'В Г', '', ''],
    ]);
  });
  it('a header alone is refused: nothing to screen is not an empty success', async () => {
    await expectKycError(readAll('ФИО;ИНН\r\n\r\n'), 'KYC_ERR_INPUT_NO_ROWS');
  });
});

describe('headers', () => {
  it('Russian and English aliases, separate name parts, unknown columns passed through', async () => {
    const { header, items } = await readAll(
      'Фамилия;Имя;Отчество;Дата рождения;ИНН;Филиал\nСелезнёв;Пётр;Ильич;01.02.1970;500100732259;СПб-2\n',
    );
    expect(header.mapping).toEqual({ surname: 0, given: 1, patronymic: 2, birthDate: 3, inn: 4 });
    expect(items[0]?.cells[5]).toBe('СПб-2');
    expect(clientOf(items[0])).toMatchObject({ name: 'Селезнёв Пётр Ильич', birthDate: '1970-02-01' });
  });
  it('the columns option maps what the aliases would not', async () => {
    const { header, items } = await readAll('Контрагент;Налоговый номер\nИванов Иван;7707083893\n', {
      columns: { fullName: 'Контрагент', inn: 'налоговый номер' },
    });
    expect(header.mapping).toEqual({ fullName: 0, inn: 1 });
    expect(clientOf(items[0]).inn).toBe('7707083893');
    await expectKycError(readAll('ФИО\nИванов\n', { columns: { inn: 'ИНН' } }), 'KYC_ERR_INPUT_COLUMNS');
  });
});

describe('file-level problems stop the read with one KYC_ERR_INPUT_* error (exit code 3)', () => {
  it.each([
    ['empty', Buffer.alloc(0), 'KYC_ERR_INPUT_EMPTY'],
    ['only a BOM', Buffer.from([0xef, 0xbb, 0xbf]), 'KYC_ERR_INPUT_EMPTY'],
    ['only blank lines', Buffer.from('\r\n\r\n  \r\n'), 'KYC_ERR_INPUT_EMPTY'],
    ['only empty Excel rows', Buffer.from(';;;\r\n;;;\r\n'), 'KYC_ERR_INPUT_EMPTY'],
    [
      'no header line',
      Buffer.from('Иванов Иван;7707083893\r\nПетров Пётр;500100732259\r\n'),
      'KYC_ERR_INPUT_NO_HEADER',
    ],
    [
      'no name or identifier column',
      Buffer.from('Код;Филиал;Менеджер\r\n1;A;B\r\n'),
      'KYC_ERR_INPUT_NO_KEY_COLUMN',
    ],
    ['binary', Buffer.from([0x00, 0x01, 0x02, 0x03, 0x41, 0x42, 0x0a]), 'KYC_ERR_INPUT_BINARY'],
    ['an xlsx workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 'KYC_ERR_INPUT_BINARY'],
    ['unbalanced quote', Buffer.from('ФИО;ИНН\nИванов;1\n"Петров;2\nСидоров;3\n'), 'KYC_ERR_INPUT_PARSE'],
  ])('%s → %s', async (_what, bytes, code) => {
    let error: KycError;
    try {
      const file = await readClientStream(chunked(bytes), {});
      await collect(file.rows);
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(KycError);
      error = e as KycError;
    }
    expect(error.code).toBe(code);
    expect(error.exitCode).toBe(3);
  });

  it('unbalanced quotes name the line where the quoted field opened', async () => {
    const text = 'ФИО;ИНН\nИванов;1\n\n"Петров;2\nСидоров;3\nКузнецов;4\n';
    const { error } = await readUntilError(Buffer.from(text));
    expect(error.code).toBe('KYC_ERR_INPUT_PARSE');
    expect(error.message).toMatch(/record starting at line 4 .*\(line 6\)/);
  });

  it('a field over the size limit, found mid-file, stops the iterator after the rows before it', async () => {
    const big = 'x'.repeat(2000);
    const text =
      'ФИО;Примечание\n' + 'Иванов Иван;ok\n'.repeat(3) + `Петров Пётр;"${big}"\n` + 'Сидоров;ok\n';
    const { before, error } = await readUntilError(Buffer.from(text), { maxFieldBytes: 1000 });
    expect(before).toHaveLength(3);
    expect(error.code).toBe('KYC_ERR_INPUT_FIELD_TOO_LONG');
    expect(error.message).toMatch(
      /column 2 \("Примечание"\) of the record ending on line 5 is 2000 bytes; the limit is 1000/,
    );
  });

  it('the field limit counts UTF-8 bytes, and the default is 64 KiB', async () => {
    const cyrillic = 'Ж'.repeat(600); // 1200 bytes
    await expectKycError(
      readUntilError(Buffer.from(`ФИО\n${cyrillic}\n`), { maxFieldBytes: 1000 }).then((r) => {
        throw r.error;
      }),
      'KYC_ERR_INPUT_FIELD_TOO_LONG',
    );
    const ok = await readAll(`ФИО\n${'ж'.repeat(30_000)}\n`);
    expect(ok.items).toHaveLength(1);
    const { error } = await readUntilError(Buffer.from(`ФИО\n${'ж'.repeat(33_000)}\n`));
    expect(error.code).toBe('KYC_ERR_INPUT_FIELD_TOO_LONG');
  });

  it('a line over the length limit, up front or mid-file', async () => {
    const early = 'ФИО,ИНН\n' + 'Иванов Иван,7707083893\n'.repeat(10) + 'a'.repeat(5000) + '\n';
    await expectKycError(readAll(early, { maxLineBytes: 4096 }), 'KYC_ERR_INPUT_LINE_TOO_LONG');
    const late = 'ФИО,ИНН\n' + FILLER + 'a'.repeat(5000) + '\n';
    const { before, error } = await readUntilError(Buffer.from(late), { maxLineBytes: 4096 });
    expect(error.code).toBe('KYC_ERR_INPUT_LINE_TOO_LONG');
    expect(error.message).toMatch(/line 3002 is longer than 4096 bytes/);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThanOrEqual(3000);
  });

  it('a quoted field running over many lines is stopped at the length limit, with a hint', async () => {
    const text = 'ФИО;ИНН\nИванов;1\n"Петров;2\n' + 'Сидоров;3\n'.repeat(20_000);
    const { error } = await readUntilError(Buffer.from(text), { maxLineBytes: 4096, maxFieldBytes: 1 << 20 });
    expect(error.code).toBe('KYC_ERR_INPUT_LINE_TOO_LONG');
    expect(error.message).toMatch(/record starting at line 3 .*unbalanced quote/);
  });

  it('a header cell over the field limit fails up front', async () => {
    await expectKycError(
      readAll(`ФИО,${'x'.repeat(100)}\n`, { maxFieldBytes: 50 }),
      'KYC_ERR_INPUT_FIELD_TOO_LONG',
    );
  });

  it('invalid limits and dates in the options are refused', async () => {
    await expectKycError(readAll(RU, { maxFieldBytes: 0 }), 'KYC_ERR_INPUT_OPTIONS');
    await expectKycError(readAll(RU, { maxLineBytes: 1.5 }), 'KYC_ERR_INPUT_OPTIONS');
    await expectKycError(readAll(RU, { today: '2025-02-30' }), 'KYC_ERR_INPUT_OPTIONS');
    await expectKycError(readAll(RU, { startRow: 0 }), 'KYC_ERR_INPUT_OPTIONS');
  });
});

describe('row numbering, resume and consumption', () => {
  it('rows are numbered per record, a quoted multi-line field being one row', async () => {
    const { items } = await readAll('ФИО;Адрес\nА Б;"1\n2\n3"\n\nВ Г;x\n');
    expect(items.map((i) => i.row)).toEqual([1, 2]);
  });
  it('startRow skips earlier rows without validating them, and keeps the numbering', async () => {
    const text =
      'ФИО;ИНН\n' +
      Array.from({ length: 10 }, (_, i) => `Клиент ${i + 1};${i === 2 ? 'плохой' : ''}`).join('\n') +
      '\n';
    const { items } = await readAll(text, { startRow: 7 });
    expect(items.map((i) => i.row)).toEqual([7, 8, 9, 10]);
    expect(clientOf(items[0]).name).toBe('Клиент 7');
    const all = await readAll(text, { startRow: 1 });
    expect(all.items).toHaveLength(10);
    expect((await readAll(text, { startRow: 11 })).items).toEqual([]);
  });
  it('the rows can be iterated only once', async () => {
    const file = await readClientStream(chunked(Buffer.from(RU)));
    await collect(file.rows);
    expect(() => file.rows[Symbol.asyncIterator]()).toThrow(KycError);
  });
  it('reads only as fast as rows are pulled (bounded read-ahead)', async () => {
    let pulled = 0;
    async function* source(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('ФИО;ИНН;Адрес\n');
      for (let i = 0; i < 100_000; i++) {
        const chunk = Buffer.from(`Иванов Иван;7707083893;г. Москва, ул. Ленина, д. ${i}\n`.repeat(20));
        pulled += chunk.length;
        yield chunk;
      }
    }
    const file = await readClientStream(source());
    const iterator = file.rows[Symbol.asyncIterator]();
    for (let i = 0; i < 5; i++) await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const afterFive = pulled;
    // The source has 200 MB to give; the stages buffer a few hundred KB at most.
    expect(afterFive).toBeLessThan(1024 * 1024);
    for (let i = 0; i < 10_000; i++) await iterator.next();
    expect(pulled).toBeGreaterThan(afterFive);
    expect(pulled).toBeLessThan(afterFive + 3 * 1024 * 1024);
    await iterator.return?.();
  });
  it('stopping early closes the input stream', async () => {
    const stream = Readable.from([Buffer.from(RU.repeat(1)), Buffer.from('Б В;;\r\n'.repeat(100_000))], {
      objectMode: false,
    });
    const file = await readClientStream(stream);
    for await (const item of file.rows) {
      expect(item.row).toBe(1);
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.destroyed).toBe(true);
  });
  it('giving up on the rows without pulling any closes the input too', async () => {
    const stream = Readable.from([Buffer.from(RU), Buffer.from('Б В;;\r\n'.repeat(100_000))], {
      objectMode: false,
    });
    const file = await readClientStream(stream);
    await file.rows[Symbol.asyncIterator]().return?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.destroyed).toBe(true);
  });
  it('a large file streams through completely', async () => {
    const rows = 50_000;
    async function* source(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('client_id,full_name,inn\n');
      for (let i = 1; i <= rows; i += 100) {
        let block = '';
        for (let j = i; j < i + 100; j++) block += `C${j},Клиент Номер ${j},7707083893\n`;
        yield Buffer.from(block);
      }
    }
    const file = await readClientStream(source());
    let count = 0;
    let last = 0;
    for await (const item of file.rows) {
      count++;
      expect(item.row).toBe(last + 1);
      last = item.row;
    }
    expect(count).toBe(rows);
  });
});

describe('openClientFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kyc-ingest-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a file from disk', async () => {
    const path = join(dir, 'clients.csv');
    await writeFile(path, iconv.encode(RU, 'windows-1251'));
    const file = await openClientFile(path);
    expect(file.header.encoding).toBe('windows-1251');
    expect(names(await collect(file.rows))).toEqual(['Журавлёв Иван Петрович', 'ООО "Полярис"']);
  });
  it('a missing file, a directory and an empty file', async () => {
    const missing = await expectKycError(openClientFile(join(dir, 'nope.csv')), 'KYC_ERR_INPUT_NOT_FOUND');
    expect(missing.message).toMatch(/ENOENT/);
    expect(missing.exitCode).toBe(3);
    await expectKycError(openClientFile(dir), 'KYC_ERR_INPUT_NOT_FOUND');
    const empty = join(dir, 'empty.csv');
    await writeFile(empty, '');
    await expectKycError(openClientFile(empty), 'KYC_ERR_INPUT_EMPTY');
  });
  it('INVALID rows and clients come out in file order', async () => {
    const path = join(dir, 'mixed.csv');
    await writeFile(path, 'ФИО,ИНН\nА Б,7707083893\n-,\nВ Г,7707083894\n');
    const items = await collect((await openClientFile(path)).rows);
    expect(items.map((i) => i.row)).toEqual([1, 2, 3]);
    expect(invalidOf(items[1]).code).toBe('KYC_ERR_ROW_NO_NAME_OR_ID');
    expect(clientOf(items[2]).warnings.map((w) => w.code)).toEqual(['KYC_ERR_ROW_INN_CHECKSUM']);
  });
});
