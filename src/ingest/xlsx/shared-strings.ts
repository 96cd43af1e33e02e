import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { unescapeOoxml, xmlReader } from './xml.js';
import { inflatedTooLarge } from './zip-archive.js';

/** The workbook's shared strings by index: most text cells hold only an index into this table. */
export interface SharedStrings {
  readonly count: number;
  at(index: number): string | undefined;
}

export const NO_SHARED_STRINGS: SharedStrings = { count: 0, at: () => undefined };

/**
 * The strings as UTF-8 bytes end to end in one buffer, with where each ends: a table of millions of short
 * strings costs its bytes and four more per string, not a JavaScript string object each.
 */
class StringTable implements SharedStrings {
  private bytes = Buffer.alloc(64 * 1024);
  private used = 0;
  private ends = new Uint32Array(1024);
  count = 0;

  add(text: string): void {
    const length = Buffer.byteLength(text, 'utf8');
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + length));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.bytes.write(text, this.used, 'utf8');
    this.used += length;
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count++] = this.used;
  }

  at(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const start = index === 0 ? 0 : (this.ends[index - 1] ?? 0);
    return this.bytes.toString('utf8', start, this.ends[index]);
  }
}

/**
 * The shared strings part, streamed: parsed as it is inflated, never held as one XML string. A rich-text
 * string is the concatenation of its runs; phonetic guides (`rPh`) are not part of the text. Past
 * `maxBytes` inflated the workbook is refused: a small file can inflate to gigabytes of strings.
 */
export async function readSharedStrings(
  part: string,
  stream: Readable,
  maxBytes: number,
  /** The longest text between two tags (a string longer than a CSV line could hold is refused). */
  maxSpan: number,
): Promise<SharedStrings> {
  const table = new StringTable();
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  const reader = xmlReader(
    part,
    {
      open(name) {
        if (name === 'si') current = [];
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && phonetic === 0) inText = true;
      },
      text(text) {
        if (inText) current?.push(text);
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'si') {
          table.add(unescapeOoxml((current ?? []).join('')));
          current = undefined;
        }
      },
    },
    maxSpan,
  );
  const decoder = new StringDecoder('utf8');
  let inflated = 0;
  try {
    for await (const chunk of stream) {
      inflated += (chunk as Buffer).length;
      if (inflated > maxBytes) throw inflatedTooLarge(part, maxBytes, 'KYC_XLSX_MAX_SHARED_STRINGS_BYTES');
      reader.write(decoder.write(chunk as Buffer));
    }
  } finally {
    stream.destroy();
  }
  reader.write(decoder.end());
  reader.end();
  return table;
}
