import { createReadStream } from 'node:fs';
import { KycError } from '../../errors.js';
import { fileDigest } from '../../infra/file-digest.js';

/** The checksum file of an audit package, in the format `sha256sum` writes and `sha256sum -c` reads. */
export const SUMS_FILE = 'SHA256SUMS';

export interface FileSum {
  readonly name: string;
  readonly sha256: string;
}

export async function sha256OfFile(path: string): Promise<string> {
  return (await fileDigest(path)).sha256;
}

/** `<64 hex>  <name>` per line (two spaces: text mode), sorted by name, LF line ends. */
export function formatSums(sums: readonly FileSum[]): string {
  return sums
    .slice()
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((s) => `${s.sha256}  ${s.name}\n`)
    .join('');
}

const LINE = /^([0-9a-f]{64}) [ *](.+)$/u;

/** Parses SHA256SUMS; names must be plain file names of the package (no directories). */
export function parseSums(text: string): FileSum[] {
  const sums: FileSum[] = [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((line, i) => {
    const match = LINE.exec(line.replace(/\r$/u, ''));
    const name = match?.[2];
    if (!match?.[1] || !name || name.includes('/') || name.includes('\\') || name === '..' || name === '.')
      throw new KycError(
        'KYC_ERR_AUDIT_SUMS_MALFORMED',
        `line ${i + 1}: ${JSON.stringify(line.slice(0, 120))}`,
      );
    sums.push({ name, sha256: match[1] });
  });
  if (sums.length === 0) throw new KycError('KYC_ERR_AUDIT_SUMS_MALFORMED', 'no entries');
  return sums;
}

/** Whether a file contains any of the given strings (streamed; a match across chunk boundaries counts). */
export async function fileContainsAny(path: string, needles: readonly string[]): Promise<boolean> {
  const wanted = needles.filter((n) => n.length > 0).map((n) => Buffer.from(n, 'utf8'));
  if (wanted.length === 0) return false;
  const keep = Math.max(...wanted.map((w) => w.length)) - 1;
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(path)) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    if (wanted.some((w) => window.includes(w))) return true;
    tail = window.subarray(Math.max(0, window.length - keep));
  }
  return false;
}
