import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fileContainsAny,
  formatSums,
  parseSums,
  sha256OfFile,
} from '../../../src/reporting/audit/sha256sums.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('SHA256SUMS', () => {
  it('writes sha256sum text mode, sorted by name, and reads it back (binary-mode marks too)', () => {
    const text = formatSums([
      { name: 'verdicts.csv', sha256: B },
      { name: 'config.json', sha256: A },
    ]);
    expect(text).toBe(`${A}  config.json\n${B}  verdicts.csv\n`);
    expect(parseSums(text)).toEqual([
      { name: 'config.json', sha256: A },
      { name: 'verdicts.csv', sha256: B },
    ]);
    expect(parseSums(`${A} *evidence.jsonl\r\n`)).toEqual([{ name: 'evidence.jsonl', sha256: A }]);
  });

  it.each([
    [`${A}  ../etc/passwd\n`],
    [`${A}  sub/file\n`],
    ['nothing here\n'],
    [''],
    [`${A.slice(1)}  x\n`],
  ])('refuses %j with KYC_ERR_AUDIT_SUMS_MALFORMED', (text) => {
    expect(() => parseSums(text)).toThrow(expect.objectContaining({ code: 'KYC_ERR_AUDIT_SUMS_MALFORMED' }));
  });

  it('hashes files and finds a secret even across read chunks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-sums-'));
    const path = join(dir, 'f.txt');
    writeFileSync(path, 'abc');
    expect(await sha256OfFile(path)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const secret = '00000000-0000-4000-8000-000000000000';
    const big = join(dir, 'big.txt');
    // The default read chunk is 64 KiB: put the secret across the first boundary.
    writeFileSync(big, 'x'.repeat(65_536 - 10) + secret + 'y'.repeat(100));
    expect(await fileContainsAny(big, [secret])).toBe(true);
    expect(await fileContainsAny(big, ['not-there'])).toBe(false);
    expect(await fileContainsAny(big, [])).toBe(false);
  });
});
