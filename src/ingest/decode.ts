/**
 * The byte stage: guards that run on raw chunks before decoding (line length, UTF-8 validity), and the
 * iconv-lite decoder. Both keep only a few bytes of state between chunks, whatever the file size.
 */
import { isUtf8 } from 'node:buffer';
import { Transform } from 'node:stream';
import iconv from 'iconv-lite';
import { KycError } from '../errors.js';
import { incompleteUtf8Tail } from './sniff.js';
import type { IngestEncoding } from './types.js';

const LF = 0x0a;
const CR = 0x0d;

export interface RawGuardOptions {
  readonly encoding: IngestEncoding;
  readonly maxLineBytes: number;
  /** Check that UTF-8 input stays valid UTF-8 (it is off for the other encodings). */
  readonly validateUtf8: boolean;
  /** Whether UTF-8 was chosen on evidence or as the default for an all-ASCII window (changes the advice). */
  readonly utf8Evidence: boolean;
  /** Bytes before the first chunk the guard sees (the BOM), so offsets in messages are file offsets. */
  readonly startOffset: number;
}

/**
 * Watches raw chunks: a physical line longer than the limit (in the file's own bytes) and, for UTF-8,
 * an invalid byte sequence. Either stops the read with a file-level error naming the line.
 */
export class RawGuard {
  /** Bytes seen so far, for offsets in messages and the parity of UTF-16 code units. */
  private offset: number;
  /** Bytes since the last line break. */
  private lineLength = 0;
  /** Line breaks seen so far; the current line is `lines + 1`. */
  private lines = 0;
  /** The previous chunk ended with a CR whose LF, if any, starts the next chunk. */
  private pendingCr = false;
  /** The start of a UTF-8 sequence that the previous chunk did not finish. */
  private carry: Buffer = Buffer.alloc(0);

  constructor(private readonly options: RawGuardOptions) {
    this.offset = options.startOffset;
  }

  /** The 1-based physical line the guard has reached. */
  get line(): number {
    return this.lines + 1;
  }

  push(chunk: Buffer): void {
    if (this.options.validateUtf8) this.checkUtf8(chunk);
    this.checkLines(chunk);
    this.offset += chunk.length;
  }

  /** At the end of input a final CR is a line break, and a partial UTF-8 sequence a truncated character. */
  end(): void {
    if (this.pendingCr) {
      this.pendingCr = false;
      this.lines++;
    }
    if (this.carry.length > 0) this.invalidUtf8(this.offset - this.carry.length, Buffer.alloc(0), 0);
  }

  /**
   * Next position of a line-break byte (LF or CR) in `chunk[from, to)`. In UTF-16LE the byte must be a
   * whole code unit: low byte at an even file offset and a zero high byte (Њ, U+040A, is no line feed).
   */
  private find(chunk: Buffer, byte: number, from: number, to: number): number {
    let i = chunk.indexOf(byte, from);
    if (this.options.encoding === 'utf-16le') {
      while (
        i >= 0 &&
        i < to &&
        ((this.offset + i) % 2 !== 0 || (i + 1 < chunk.length && chunk[i + 1] !== 0))
      ) {
        i = chunk.indexOf(byte, i + 1);
      }
    }
    return i >= 0 && i < to ? i : -1;
  }

  private checkLines(chunk: Buffer): void {
    let start = 0;
    if (this.pendingCr) {
      // The previous chunk ended with CR: a line break of its own unless this chunk goes on with its LF.
      this.pendingCr = false;
      if (chunk[0] !== LF) this.lines++;
    }
    for (;;) {
      const lf = this.find(chunk, LF, start, chunk.length);
      if (lf < 0) {
        this.lineLength = this.tail(chunk, start);
        return;
      }
      if (this.lineLength + (lf - start) > this.options.maxLineBytes) this.checkPieces(chunk, start, lf);
      this.lines++;
      this.lineLength = 0;
      start = lf + 1;
    }
  }

  /**
   * After the last LF of a chunk: a line that goes on in the next chunk — unless CRs end it, as in old
   * Mac exports, which have no LF at all. Returns the length of the line still open.
   */
  private tail(chunk: Buffer, start: number): number {
    let run = this.lineLength;
    let from = start;
    for (;;) {
      const cr = this.find(chunk, CR, from, chunk.length);
      if (cr < 0) {
        run += chunk.length - from;
        if (run > this.options.maxLineBytes) this.tooLong();
        return run;
      }
      run += cr - from;
      if (run > this.options.maxLineBytes) this.tooLong();
      if (cr === chunk.length - 1) {
        this.pendingCr = true;
        return 0;
      }
      this.lines++;
      run = 0;
      from = cr + 1;
    }
  }

  /**
   * An LF-terminated segment over the limit passes only if CRs split it into lines within the limit (a
   * file mixing CR-only and LF line ends). Rare, so only then is it searched for CRs.
   */
  private checkPieces(chunk: Buffer, start: number, lf: number): void {
    let run = this.lineLength;
    let from = start;
    for (;;) {
      const cr = this.find(chunk, CR, from, lf);
      const stop = cr < 0 ? lf : cr;
      run += stop - from;
      if (run > this.options.maxLineBytes) this.tooLong();
      if (cr < 0) return;
      if (cr !== lf - 1) this.lines++;
      run = 0;
      from = cr + 1;
    }
  }

  private tooLong(): never {
    throw new KycError(
      'KYC_ERR_INPUT_LINE_TOO_LONG',
      `line ${this.line} is longer than ${this.options.maxLineBytes} bytes ` +
        '(a wrong delimiter or line ending, or not a CSV file)',
    );
  }

  private checkUtf8(chunk: Buffer): void {
    let body = chunk;
    if (this.carry.length > 0) {
      // Finish the character the previous chunk started, using as few bytes of this one as it needs.
      const lead = this.carry[0] ?? 0;
      const need = (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2) - this.carry.length;
      const joined = Buffer.concat([this.carry, chunk.subarray(0, need)]);
      if (joined.length < this.carry.length + need) {
        this.carry = joined;
        return;
      }
      if (!isUtf8(joined)) this.invalidUtf8(this.offset - this.carry.length, chunk, 0);
      body = chunk.subarray(need);
      this.carry = Buffer.alloc(0);
    }
    const tail = incompleteUtf8Tail(body);
    const whole = tail === 0 ? body : body.subarray(0, body.length - tail);
    if (!isUtf8(whole)) {
      const at = chunk.length - body.length + firstInvalidUtf8(whole);
      this.invalidUtf8(this.offset + at, chunk, at);
    }
    if (tail > 0) this.carry = Buffer.from(body.subarray(body.length - tail));
  }

  /** `chunk` is the chunk being checked (lines are counted up to the start of it); `at` is the position in it. */
  private invalidUtf8(offset: number, chunk: Buffer, at: number): never {
    let line = this.line;
    for (let i = chunk.indexOf(LF); i >= 0 && i < at; i = chunk.indexOf(LF, i + 1)) line++;
    const advice = this.options.utf8Evidence
      ? 'the file is damaged or mixes encodings'
      : 'the first part of the file was plain ASCII, so UTF-8 was assumed; if it is a Windows-1251 export, ' +
        'pass the encoding windows-1251';
    throw new KycError('KYC_ERR_INPUT_ENCODING', `invalid UTF-8 at byte ${offset} (line ${line}): ${advice}`);
  }
}

/**
 * Offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629: no overlongs,
 * no surrogates, nothing above U+10FFFF). Runs only once a chunk is known to be invalid.
 */
export function firstInvalidUtf8(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i] ?? 0;
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b < 0x80) need = 0;
    else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return buf.length;
}

/**
 * The decoder of the encodings other than UTF-8, handing the parser UTF-8 bytes and telling `count` how
 * many bytes of the file each step took and gave (the reader scales positions back to the file by them).
 */
export function createDecoder(
  encoding: IngestEncoding,
  count: (raw: number, decoded: number) => void,
): Transform {
  // The BOM is cut off before decoding, so that a cell starting with U+FEFF is kept as written.
  const decode = iconv.getDecoder(encoding, { stripBOM: false });
  const step = (raw: number, text: string | undefined): Buffer => {
    const bytes = Buffer.from(text ?? '', 'utf8');
    count(raw, bytes.length);
    return bytes;
  };
  return new Transform({
    transform: (chunk: Buffer, _encoding, done) => done(null, step(chunk.length, decode.write(chunk))),
    flush: (done) => done(null, step(0, decode.end())),
  });
}
