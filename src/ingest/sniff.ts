/**
 * Looks at the first bytes of a file (SNIFF_BYTES) to decide how to read the rest: binary or text,
 * which encoding, which delimiter. Nothing here reads beyond the window it is given.
 */
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { KycError } from '../errors.js';
import type { IngestEncoding } from './types.js';

export interface HeadInspection {
  readonly encoding: IngestEncoding;
  readonly bom: boolean;
  /** Bytes of the byte order mark to skip before decoding. */
  readonly bomLength: number;
  /** The window decoded, without the BOM and without a character cut in half at its end. */
  readonly text: string;
  /**
   * True when UTF-8 was chosen on evidence (multibyte sequences in the window), false when the window
   * was plain ASCII and UTF-8 only a default: then a later invalid byte most likely means Windows-1251.
   */
  readonly utf8Evidence: boolean;
}

const BOM_UTF8 = [0xef, 0xbb, 0xbf];
const BOM_UTF16LE = [0xff, 0xfe];

function startsWith(buf: Buffer, prefix: readonly number[]): boolean {
  return buf.length >= prefix.length && prefix.every((b, i) => buf[i] === b);
}

/** Files people export by mistake instead of CSV, recognised by their first bytes. */
const SIGNATURES: readonly { bytes: readonly number[]; what: string }[] = [
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    what: 'a ZIP archive but not an Excel workbook (.xlsx): unpack it first',
  },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    what: 'an old Excel workbook (.xls) or an encrypted one: save it as .xlsx without a password, or as CSV',
  },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], what: 'a PDF document' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive: unpack it first' },
];

/**
 * Number of bytes at the end of `buf` that start a UTF-8 sequence the buffer does not finish; those
 * belong to the next chunk and must not be judged (or decoded) yet.
 */
export function incompleteUtf8Tail(buf: Uint8Array): number {
  const len = buf.length;
  for (let back = 1; back <= Math.min(3, len); back++) {
    const b = buf[len - back] ?? 0;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/** C0 controls other than tab, line feed and carriage return: text exports do not contain them. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

/** More than 1 % control characters (and at least a few) is binary; a stray one is tolerated. */
const CONTROL_RATIO = 0.01;
const CONTROL_MIN = 4;

function binaryReason(text: string): string | undefined {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return `it contains NUL bytes (at character ${i + 1})`;
    if (isControl(code)) controls++;
  }
  if (controls >= CONTROL_MIN && controls > text.length * CONTROL_RATIO) {
    return `${controls} control characters in the first ${text.length} characters`;
  }
  return undefined;
}

/** UTF-16LE without a BOM: ASCII and Cyrillic code units have a zero or a 0x04 high byte. */
function looksLikeUtf16LeWithoutBom(head: Buffer): boolean {
  const pairs = Math.min(head.length, 4096) >> 1;
  if (pairs < 2) return false;
  let zeroHigh = 0;
  for (let i = 0; i < pairs; i++) {
    const high = head[2 * i + 1];
    if (high === 0x00 || high === 0x04) zeroHigh++;
  }
  return zeroHigh > pairs * 0.6;
}

/**
 * Windows-1251 puts Cyrillic letters at 0xC0–0xFF (Ё 0xA8, ё 0xB8). Real exports also carry «» № and
 * dashes, so most, not all, high bytes must be letters. CP866 and random bytes fail this.
 */
function looksLikeWindows1251(head: Buffer): boolean {
  let high = 0;
  let letters = 0;
  for (let i = 0; i < head.length; i++) {
    const b = head[i] ?? 0;
    if (b < 0x80) continue;
    high++;
    if (b >= 0xc0 || b === 0xa8 || b === 0xb8) letters++;
  }
  return high > 0 && letters >= high * 0.6;
}

type Bom = { encoding: IngestEncoding; length: number } | undefined;

function bomOf(head: Buffer): Bom {
  if (startsWith(head, BOM_UTF8)) return { encoding: 'utf-8', length: 3 };
  if (startsWith(head, [0xff, 0xfe, 0x00, 0x00])) {
    throw new KycError('KYC_ERR_INPUT_ENCODING', 'the file is UTF-32; save it as UTF-8');
  }
  if (startsWith(head, BOM_UTF16LE)) return { encoding: 'utf-16le', length: 2 };
  if (startsWith(head, [0xfe, 0xff]) || startsWith(head, [0x00, 0x00, 0xfe, 0xff])) {
    throw new KycError('KYC_ERR_INPUT_ENCODING', 'the file is big-endian UTF-16/UTF-32; save it as UTF-8');
  }
  return undefined;
}

function chooseEncoding(
  head: Buffer,
  bom: Bom,
  forced: IngestEncoding | undefined,
  complete: boolean,
): { encoding: IngestEncoding; bomLength: number; utf8Evidence: boolean } {
  if (forced !== undefined) return { encoding: forced, bomLength: bom?.length ?? 0, utf8Evidence: true };
  if (bom !== undefined) return { encoding: bom.encoding, bomLength: bom.length, utf8Evidence: true };
  const judged = complete ? head : head.subarray(0, head.length - incompleteUtf8Tail(head));
  if (isUtf8(judged)) {
    return { encoding: 'utf-8', bomLength: 0, utf8Evidence: judged.some((b) => b >= 0x80) };
  }
  if (looksLikeWindows1251(head)) return { encoding: 'windows-1251', bomLength: 0, utf8Evidence: false };
  throw new KycError(
    'KYC_ERR_INPUT_ENCODING',
    'the file is neither UTF-8 nor Windows-1251 (Cyrillic); pass the encoding explicitly or save it as UTF-8',
  );
}

/**
 * In the 8-bit encodings a NUL or control byte is the same byte in UTF-8 and Windows-1251, so binary
 * content is recognised before the encoding is guessed (random bytes would otherwise read as an
 * encoding problem). UTF-16 is full of zero bytes and is judged after decoding instead.
 */
function refuseBinaryBytes(head: Buffer, bom: Bom, forced: IngestEncoding | undefined): void {
  const sixteen = (forced ?? bom?.encoding) === 'utf-16le';
  if (sixteen) return;
  if (forced === undefined && head.includes(0) && looksLikeUtf16LeWithoutBom(head)) {
    throw new KycError(
      'KYC_ERR_INPUT_ENCODING',
      'the file looks like UTF-16LE without a byte order mark; give the encoding: --encoding utf-16le',
    );
  }
  const reason = binaryReason(head.toString('latin1'));
  if (reason !== undefined) throw new KycError('KYC_ERR_INPUT_BINARY', reason);
}

function decodeWindow(window: Buffer, encoding: IngestEncoding, complete: boolean): string {
  let end = window.length;
  if (!complete) {
    if (encoding === 'utf-8') end -= incompleteUtf8Tail(window);
    else if (encoding === 'utf-16le') end -= end % 2;
  }
  return iconv.decode(window.subarray(0, end), encoding, { stripBOM: false });
}

/**
 * Decides encoding and BOM from the first bytes, and refuses binary files. `complete` says the window
 * is the whole file (so a sequence cut at its end is really cut, not continued in the next chunk).
 */
export function inspectHead(
  head: Buffer,
  forced: IngestEncoding | undefined,
  complete: boolean,
): HeadInspection {
  for (const signature of SIGNATURES) {
    if (startsWith(head, signature.bytes)) {
      throw new KycError('KYC_ERR_INPUT_BINARY', `the file is ${signature.what}`);
    }
  }
  // First, so that UTF-32, big-endian and contradicted files get their own message, not "NUL bytes".
  const bom = bomOf(head);
  if (forced !== undefined && bom !== undefined && bom.encoding !== forced) {
    throw new KycError(
      'KYC_ERR_INPUT_ENCODING',
      `the encoding option says ${forced} but the file starts with a ${bom.encoding} byte order mark`,
    );
  }
  refuseBinaryBytes(head, bom, forced);
  const choice = chooseEncoding(head, bom, forced, complete);
  const text = decodeWindow(head.subarray(choice.bomLength), choice.encoding, complete);
  const reason = binaryReason(text);
  if (reason !== undefined) throw new KycError('KYC_ERR_INPUT_BINARY', reason);
  return {
    encoding: choice.encoding,
    bom: choice.bomLength > 0,
    bomLength: choice.bomLength,
    text,
    utf8Evidence: choice.utf8Evidence,
  };
}

/** Candidate delimiters, in the order that breaks ties: `;` is what Russian Excel writes. */
const CANDIDATES = [';', ',', '\t', '|'] as const;
/** With a one-column header, the first candidate absent from the data is as good as no delimiter. */
const SINGLE_COLUMN_ORDER = [',', ';', '\t', '|'] as const;
const SAMPLE_LINES = 20;

type Counts = Record<(typeof CANDIDATES)[number], number>;

/** Counts candidates outside double quotes, line by line, skipping blank lines; quoted line breaks do not end a line. */
function countLines(text: string, maxLines: number): Counts[] {
  const lines: Counts[] = [];
  let counts: Counts = { ';': 0, ',': 0, '\t': 0, '|': 0 };
  let blank = true;
  let quoted = false;
  for (let i = 0; i < text.length && lines.length < maxLines; i++) {
    const ch = text[i] ?? '';
    if (ch === '"') {
      quoted = !quoted;
      blank = false;
    } else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (!blank) lines.push(counts);
      counts = { ';': 0, ',': 0, '\t': 0, '|': 0 };
      blank = true;
    } else if (!quoted && (ch === ';' || ch === ',' || ch === '\t' || ch === '|')) {
      counts[ch]++;
      blank = false;
    } else if (ch.trim() !== '') {
      blank = false;
    }
  }
  if (!blank && lines.length < maxLines) lines.push(counts);
  return lines;
}

/**
 * The delimiter is the candidate found most often in the header line outside quotes. Ties go to the
 * candidate whose count the following lines repeat most often, then to the order above.
 */
export function sniffDelimiter(text: string): string {
  const [header, ...data] = countLines(text, SAMPLE_LINES + 1);
  if (header === undefined) return ',';
  const max = Math.max(...CANDIDATES.map((c) => header[c]));
  if (max === 0) return SINGLE_COLUMN_ORDER.find((c) => data.every((line) => line[c] === 0)) ?? ',';
  const tied = CANDIDATES.filter((c) => header[c] === max);
  if (tied.length === 1) return tied[0] ?? ',';
  const agreement = (c: (typeof CANDIDATES)[number]) => data.filter((line) => line[c] === max).length;
  return tied.reduce((best, c) => (agreement(c) > agreement(best) ? c : best));
}
