import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { KycError, type ErrorCode } from '../../../src/errors.js';
import { incompleteUtf8Tail, inspectHead, sniffDelimiter } from '../../../src/ingest/sniff.js';

function refused(head: Buffer, code: ErrorCode, forced?: 'utf-8' | 'windows-1251' | 'utf-16le'): string {
  try {
    inspectHead(head, forced, true);
  } catch (error) {
    expect(error).toBeInstanceOf(KycError);
    expect((error as KycError).code).toBe(code);
    expect((error as KycError).exitCode).toBe(3);
    return (error as KycError).message;
  }
  throw new Error('accepted');
}

const text = 'ФИО;ИНН\r\nЖуравлёв Иван Петрович;500100732259\r\n';

describe('encoding detection', () => {
  it('UTF-8 without BOM', () => {
    expect(inspectHead(Buffer.from(text), undefined, true)).toMatchObject({
      encoding: 'utf-8',
      bom: false,
      text,
    });
  });
  it('UTF-8 with BOM', () => {
    const head = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(inspectHead(head, undefined, true)).toMatchObject({
      encoding: 'utf-8',
      bom: true,
      bomLength: 3,
      text,
    });
  });
  it('Windows-1251 when the bytes are not UTF-8 and look Cyrillic', () => {
    expect(inspectHead(iconv.encode(text, 'windows-1251'), undefined, true)).toMatchObject({
      encoding: 'windows-1251',
      bom: false,
      text,
    });
  });
  it('UTF-16LE with BOM (Excel "Unicode text")', () => {
    const head = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    expect(inspectHead(head, undefined, true)).toMatchObject({
      encoding: 'utf-16le',
      bom: true,
      bomLength: 2,
      text,
    });
  });
  it('the encoding option overrides detection', () => {
    const latin = Buffer.from('name;inn\r\nJohn;7707083893\r\n');
    expect(inspectHead(latin, 'windows-1251', true).encoding).toBe('windows-1251');
    const sixteen = iconv.encode(text, 'utf-16le');
    expect(inspectHead(sixteen, 'utf-16le', true)).toMatchObject({ encoding: 'utf-16le', bom: false, text });
  });
  it('a BOM contradicting the option is an error', () => {
    const head = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    expect(refused(head, 'KYC_ERR_INPUT_ENCODING', 'utf-8')).toMatch(/byte order mark/);
  });
  it('an all-ASCII window is UTF-8 without evidence; Cyrillic UTF-8 is with evidence', () => {
    expect(inspectHead(Buffer.from('name,inn\n'), undefined, true).utf8Evidence).toBe(false);
    expect(inspectHead(Buffer.from(text), undefined, true).utf8Evidence).toBe(true);
  });
  it('a UTF-8 character cut at the end of an incomplete window is not held against the file', () => {
    const bytes = Buffer.from(text);
    const cut = bytes.subarray(0, 5); // "ФИ" and the first byte of "О"
    expect(incompleteUtf8Tail(cut)).toBe(1);
    expect(inspectHead(cut, undefined, false)).toMatchObject({ encoding: 'utf-8', text: 'ФИ' });
  });
  it('UTF-16 big-endian, UTF-32 and UTF-16LE without BOM are refused with advice', () => {
    expect(
      refused(
        Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')]),
        'KYC_ERR_INPUT_ENCODING',
      ),
    ).toMatch(/big-endian/);
    expect(refused(Buffer.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]), 'KYC_ERR_INPUT_ENCODING')).toMatch(
      /UTF-32/,
    );
    expect(refused(iconv.encode(text, 'utf-16le'), 'KYC_ERR_INPUT_ENCODING')).toMatch(
      /without a byte order mark/,
    );
  });
  it('bytes that are neither UTF-8 nor Cyrillic Windows-1251 are refused', () => {
    // CP866 (DOS) puts Cyrillic at 0x80–0xAF: not Windows-1251-looking.
    expect(refused(iconv.encode(text, 'cp866'), 'KYC_ERR_INPUT_ENCODING')).toMatch(
      /neither UTF-8 nor Windows-1251/,
    );
  });
});

describe('binary content', () => {
  it('NUL bytes', () => {
    expect(refused(Buffer.from('name,inn\n\0\0\0\0', 'latin1'), 'KYC_ERR_INPUT_BINARY')).toMatch(/NUL/);
  });
  it('control characters', () => {
    const bytes = Buffer.alloc(200, 0x41);
    for (let i = 0; i < 200; i += 20) bytes[i] = 0x07;
    expect(refused(bytes, 'KYC_ERR_INPUT_BINARY')).toMatch(/control characters/);
  });
  it('a stray control character is tolerated', () => {
    expect(
      inspectHead(Buffer.from('name,inn\nИванов\x0b,7707083893\n' + 'x'.repeat(500)), undefined, true)
        .encoding,
    ).toBe('utf-8');
  });
  it('an Excel workbook, an old .xls, a PDF and a gzip are named', () => {
    expect(refused(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]), 'KYC_ERR_INPUT_BINARY')).toMatch(
      /xlsx/,
    );
    expect(
      refused(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'KYC_ERR_INPUT_BINARY'),
    ).toMatch(/\.xls/);
    expect(refused(Buffer.from('%PDF-1.7\n'), 'KYC_ERR_INPUT_BINARY')).toMatch(/PDF/);
    expect(refused(Buffer.from([0x1f, 0x8b, 8, 0]), 'KYC_ERR_INPUT_BINARY')).toMatch(/gzip/);
  });
  it('UTF-16 text is judged after decoding (its zero bytes are not binary)', () => {
    const head = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('a\0b\n', 'utf-16le')]);
    expect(refused(head, 'KYC_ERR_INPUT_BINARY')).toMatch(/NUL/);
  });
});

describe('delimiter sniffing', () => {
  it.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\r\n1;2;3\r\n', ';'],
    ['a\tb\tc\n1\t2\t3\n', '\t'],
    ['a|b|c\n1|2|3\n', '|'],
    ['"Фамилия, имя";ИНН;"a;b"\n', ';'],
    ['"x\ny,z";a;b\n', ';'],
    ['\n\n  \nФИО;ИНН\n', ';'],
  ])('%j → %j', (sample, delimiter) => expect(sniffDelimiter(sample)).toBe(delimiter));

  it('ties go to the count the data lines repeat, then to ;', () => {
    expect(sniffDelimiter('Фамилия, имя;ИНН\nИванов Иван;7707083893\n')).toBe(';');
    expect(sniffDelimiter('Фамилия; имя,ИНН\nИванов Иван,7707083893\n')).toBe(',');
    expect(sniffDelimiter('a;b,c\n')).toBe(';');
  });

  it('a one-column header takes a delimiter the data lines do not contain', () => {
    expect(sniffDelimiter('ФИО\nИванов, Иван\nПетров, Пётр\n')).toBe(';');
    expect(sniffDelimiter('ФИО\nИванов Иван\n')).toBe(',');
    expect(sniffDelimiter('')).toBe(',');
  });
});
