import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeClientsFile } from '../bench/lib/clients-file.js';

/** A generated client file of `rows` rows in a temp dir (persons and organizations, valid INNs). */
export async function generatedClients(rows: number, repeatShare = 0): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'kyc-gen-')), `clients-${rows}.csv`);
  await writeClientsFile(path, { rows, repeatShare, seed: rows });
  return path;
}
