import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The header and the first `rows` physical lines of a UTF-8 sample without multi-line cells, in a temp file. */
export function sampleSlice(rows: number, from = 'samples/clients.csv'): string {
  const lines = readFileSync(from, 'utf8').split('\n');
  const path = join(mkdtempSync(join(tmpdir(), 'kyc-slice-')), 'clients.csv');
  writeFileSync(path, lines.slice(0, rows + 1).join('\n') + '\n');
  return path;
}
