import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { WhitelistEntry } from '../../../src/verdict/whitelist-entry.js';
import { appendWhitelistEntry, parseWhitelist, readWhitelist } from '../../../src/whitelist/file.js';

const HASH = '0123456789abcdef'.repeat(4);
const entry: WhitelistEntry = {
  clientKey: 'id:CL-0002',
  register: 'minjust_foreign_agent',
  recordId: 'FA-0001',
  recordHash: HASH,
  reviewer: 'Иванова А.',
  date: '2025-01-10',
  comment: 'тёзка, другой год рождения',
};
const dir = () => mkdtempSync(join(tmpdir(), 'kyc-wl-'));

describe('whitelist file', () => {
  it('creates a file with a header, appends, and reads every entry back', async () => {
    const path = join(dir(), 'whitelist.csv');
    await appendWhitelistEntry(path, entry);
    await appendWhitelistEntry(path, { ...entry, clientKey: 'inn:7701234560', comment: '' });
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString('utf8')).toContain(
      'client_key,register,record_id,record_hash,reviewer,date,comment\r\n',
    );
    const file = await readWhitelist(path);
    expect(file.entries).toEqual([entry, { ...entry, clientKey: 'inn:7701234560', comment: '' }]);
    expect(file.bytes.equals(bytes)).toBe(true);
  });

  it('creates a new file in the format of the verdicts it came from (Windows-1251, ;)', async () => {
    const path = join(dir(), 'whitelist.csv');
    await appendWhitelistEntry(path, entry, { encoding: 'windows-1251', bom: false, delimiter: ';' });
    const text = iconv.decode(readFileSync(path), 'windows-1251');
    expect(text).toMatch(/^client_key;register;record_id;record_hash;reviewer;date;comment\r\n/);
    const file = await readWhitelist(path);
    expect(file.format).toEqual({ encoding: 'windows-1251', bom: false, delimiter: ';' });
    expect(file.entries).toEqual([entry]);
  });

  it('reads an Excel-saved Windows-1251 file with ; and other header spellings, and appends in kind', async () => {
    const path = join(dir(), 'wl.csv');
    const text =
      'Client Key;Register;Record ID;Record Hash;Reviewer;Date;Comment;extra\r\n' +
      `id:CL-9;sanctions;sanctions:1a2b;${HASH.toUpperCase()};Петров;2024-12-31;ok;x`;
    writeFileSync(path, iconv.encode(text, 'windows-1251'));
    const file = await readWhitelist(path);
    expect(file.format).toEqual({ encoding: 'windows-1251', bom: false, delimiter: ';' });
    expect(file.entries[0]).toMatchObject({ clientKey: 'id:CL-9', recordHash: HASH, reviewer: 'Петров' });
    await appendWhitelistEntry(path, entry);
    const again = await readWhitelist(path);
    expect(again.entries).toHaveLength(2);
    expect(again.entries[1]).toEqual(entry);
  });

  it.each([
    ['client_key,register,record_id,record_hash,reviewer,date\n', 'no comment column'],
    [
      `client_key,register,record_id,record_hash,reviewer,date,comment\nCL-1,r,x,${HASH},a,2025-01-01,\n`,
      'client_key must start',
    ],
    [
      'client_key,register,record_id,record_hash,reviewer,date,comment\nid:1,r,x,abc,a,2025-01-01,\n',
      'record_hash',
    ],
    [
      `client_key,register,record_id,record_hash,reviewer,date,comment\nid:1,r,x,${HASH},,2025-01-01,\n`,
      'reviewer',
    ],
    [
      `client_key,register,record_id,record_hash,reviewer,date,comment\nid:1,r,x,${HASH},a,2025-02-30,\n`,
      'date',
    ],
    ['', 'empty'],
  ])('refuses a malformed file with KYC_ERR_WHITELIST_FILE (%#)', (text, why) => {
    expect(() => parseWhitelist('wl.csv', Buffer.from(text))).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_WHITELIST_FILE', message: expect.stringContaining(why) }),
    );
  });

  it('a missing file is KYC_ERR_WHITELIST_FILE', async () => {
    await expect(readWhitelist(join(dir(), 'none.csv'))).rejects.toMatchObject({
      code: 'KYC_ERR_WHITELIST_FILE',
    });
  });
});
