import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readClientStream } from '../../../src/ingest/index.js';
import { chunked } from './helpers.js';

/**
 * What the rows handed out took of the file, for the run's progress: every row counted from the top of the
 * file (a resume's skipped rows too), in the file's own bytes whatever its encoding, and nothing that was
 * only read ahead.
 */

const ROWS = 2_000;
const text =
  'client_id;full_name;birth_date;inn\r\n' +
  Array.from(
    { length: ROWS },
    (_, i) =>
      `CL-${i};${i % 7 === 0 ? 'Константинопольский-Щербаков Александр' : 'Ким Ли'} ${i};1980-01-02;\r\n`,
  ).join('');

async function consumedAt(bytes: Buffer, stopAt: number, startRow = 1) {
  const file = await readClientStream(chunked(bytes, 4096), { startRow });
  const consumed = file.consumed;
  if (!consumed) throw new Error('a CSV stream says what its rows took');
  let row = 0;
  for await (const item of file.rows) {
    row = item.row;
    if (row >= stopAt) break;
  }
  return { row, ...consumed() };
}

describe('the bytes the rows took', () => {
  for (const encoding of ['utf-8', 'windows-1251', 'utf-16le'] as const) {
    // UTF-16 is recognised by its byte order mark, which counts among the bytes taken.
    const bom = encoding === 'utf-16le' ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0);
    const encode = (t: string) =>
      Buffer.concat([bom, encoding === 'utf-8' ? Buffer.from(t, 'utf8') : iconv.encode(t, encoding)]);
    const bytes = encode(text);
    const through = (n: number) =>
      encode(
        text
          .split('\r\n')
          .slice(0, n + 1)
          .join('\r\n') + '\r\n',
      ).length;

    it(`are the file's own ${encoding} bytes, the read-ahead left out, a resume's skipped rows in`, async () => {
      const whole = await consumedAt(bytes, ROWS);
      expect(whole.rows).toBe(ROWS);
      expect(Math.abs(whole.bytes - bytes.length)).toBeLessThanOrEqual(bytes.length * 0.01);
      const half = await consumedAt(bytes, 1_000);
      expect(half.rows).toBeGreaterThanOrEqual(1_000);
      expect(Math.abs(half.bytes - through(half.rows)) / through(half.rows)).toBeLessThan(0.02);
      const resumed = await consumedAt(bytes, 1_200, 1_001);
      expect(resumed.row).toBe(1_200);
      expect(Math.abs(resumed.bytes - through(resumed.rows)) / through(resumed.rows)).toBeLessThan(0.02);
    });
  }
});
