import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { KycError } from '../../../src/errors.js';
import { RawGuard, firstInvalidUtf8, type RawGuardOptions } from '../../../src/ingest/decode.js';

const base: RawGuardOptions = {
  encoding: 'utf-8',
  maxLineBytes: 10,
  validateUtf8: true,
  utf8Evidence: true,
  startOffset: 0,
};

function feed(chunks: readonly Buffer[], options: Partial<RawGuardOptions> = {}): RawGuard {
  const guard = new RawGuard({ ...base, ...options });
  for (const chunk of chunks) guard.push(chunk);
  guard.end();
  return guard;
}

function thrown(fn: () => unknown): KycError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(KycError);
    return error as KycError;
  }
  throw new Error('nothing thrown');
}

describe('line length', () => {
  it('lines up to the limit pass, in any chunking', () => {
    const text = Buffer.from('0123456789\nabc\r\n0123456789\n');
    for (let size = 1; size <= text.length; size++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.subarray(i, i + size));
      expect(feed(chunks, { maxLineBytes: 11 }).line).toBe(4);
    }
  });
  it('a longer line fails with its number, even when it arrives in pieces', () => {
    const error = thrown(() => feed([Buffer.from('short\nshort\n01234'), Buffer.from('56789X\n')]));
    expect(error.code).toBe('KYC_ERR_INPUT_LINE_TOO_LONG');
    expect(error.message).toMatch(/line 3 is longer than 10 bytes/);
  });
  it('old Mac CR-only line endings count as line breaks', () => {
    expect(() => feed([Buffer.from('0123456789\r0123456789\r0123456789\r')])).not.toThrow();
    expect(thrown(() => feed([Buffer.from('0123456789\r0123456789X\r')])).code).toBe(
      'KYC_ERR_INPUT_LINE_TOO_LONG',
    );
  });
  it('a CR-only file far longer than the limit passes in any chunking, and its lines are counted', () => {
    const good = Buffer.from('0123456789\r'.repeat(50));
    const bad = Buffer.concat([good, Buffer.from('0123456789X\r')]);
    const split = (bytes: Buffer, size: number): Buffer[] => {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      return chunks;
    };
    for (const size of [1, 3, 7, 64, bad.length]) {
      expect(feed(split(good, size)).line).toBe(51);
      expect(thrown(() => feed(split(bad, size))).message).toMatch(/line 51 /);
    }
  });
  it('a CRLF split between chunks is one line break (and not part of the line length)', () => {
    const text = Buffer.from('0123456789X\r\n'.repeat(30) + '0123456789XY\r\n');
    for (const size of [1, 11, 12, 13]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.subarray(i, i + size));
      expect(thrown(() => feed(chunks, { maxLineBytes: 11 })).message).toMatch(/line 31 /);
    }
  });
  it('in UTF-16LE only a whole 0x000A code unit breaks a line', () => {
    // "Њ" is U+040A: its low byte is 0x0A but it is no line break.
    const text = iconv.encode('ЊЊЊЊЊЊЊЊ\nab\n', 'utf-16le');
    expect(() => feed([text], { encoding: 'utf-16le', validateUtf8: false, maxLineBytes: 16 })).not.toThrow();
    expect(
      thrown(() => feed([text], { encoding: 'utf-16le', validateUtf8: false, maxLineBytes: 15 })).code,
    ).toBe('KYC_ERR_INPUT_LINE_TOO_LONG');
  });
});

describe('UTF-8 validity', () => {
  it('valid text passes however the chunks cut its characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 1, max: 7 }), (text, size) => {
        const bytes = Buffer.from(text.replace(/[\r\n]/g, ''));
        const chunks: Buffer[] = [];
        for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
        expect(() => feed(chunks, { maxLineBytes: 1 << 20 })).not.toThrow();
      }),
    );
  });
  it('an invalid byte fails with its offset and line', () => {
    const bytes = Buffer.concat([Buffer.from('ФИО\nИванов\n'), Buffer.from([0xc8, 0xe2]), Buffer.from('\n')]);
    const error = thrown(() => feed([bytes], { maxLineBytes: 100 }));
    expect(error.code).toBe('KYC_ERR_INPUT_ENCODING');
    expect(error.message).toMatch(/invalid UTF-8 at byte 20 \(line 3\)/);
  });
  it('after an all-ASCII start the advice is to pass windows-1251', () => {
    const bytes = Buffer.concat([Buffer.from('name\n'), iconv.encode('Иванов\n', 'windows-1251')]);
    expect(thrown(() => feed([bytes], { utf8Evidence: false, maxLineBytes: 100 })).message).toMatch(
      /windows-1251/,
    );
  });
  it('a character cut off by the end of the file is invalid', () => {
    const bytes = Buffer.from('ФИО').subarray(0, 5);
    expect(thrown(() => feed([bytes], { maxLineBytes: 100 })).code).toBe('KYC_ERR_INPUT_ENCODING');
  });
  it('firstInvalidUtf8 finds the first bad sequence (RFC 3629)', () => {
    expect(firstInvalidUtf8(Buffer.from('abc'))).toBe(3);
    expect(firstInvalidUtf8(Buffer.from([0x41, 0xc0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0x41, 0xed, 0xa0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0xe0, 0x80, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.concat([Buffer.from('Ж'), Buffer.from([0xd0])]))).toBe(2);
  });
});
