import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';

/** The first rows of the sample, written with `:` between the columns (a delimiter nobody detects). */
function colonSeparated(rows: number): string {
  const records: string[][] = parse(readFileSync('samples/clients.csv'), { bom: true, to_line: rows + 1 });
  const path = join(mkdtempSync(join(tmpdir(), 'kyc-colon-')), 'clients.csv');
  writeFileSync(path, stringify(records, { delimiter: ':', quoted: true }));
  return path;
}

describe('run --delimiter', () => {
  it('reads a file the detector refuses, with the delimiter the refusal names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-delimiter-'));
    const input = colonSeparated(3);
    const env = { REDIS_URL: redisUrl(), KYC_PREFIX: uniquePrefix(), KYC_STATE_DIR: join(dir, 'state') };

    const refused = cli(['run', input, '--emulator', '--out-dir', join(dir, 'a'), '--no-progress'], env);
    const refusal = stderrOf(refused);
    expect(await exited(refused), refusal()).toBe(3);
    expect(refusal()).toContain('KYC_ERR_INPUT_DELIMITER');
    expect(refusal()).toContain("--delimiter ':'");

    const out = join(dir, 'b');
    const child = cli(
      ['run', input, '--delimiter', ':', '--emulator', '--out-dir', out, '--no-progress'],
      env,
    );
    const stderr = stderrOf(child);
    expect([0, 4], stderr()).toContain(await exited(child));
    const verdicts: string[][] = parse(readFileSync(join(out, 'verdicts.csv')), {
      bom: true,
      delimiter: ':',
    });
    expect(verdicts).toHaveLength(4);
    expect(verdicts[0]).toContain('kyc_verdict');
  }, 180_000);

  it('refuses a delimiter of more than one character before anything is queued', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-delimiter-'));
    const env = { REDIS_URL: redisUrl(), KYC_PREFIX: uniquePrefix(), KYC_STATE_DIR: join(dir, 'state') };
    const child = cli(['run', colonSeparated(1), '--delimiter', '::', '--emulator'], env);
    const stderr = stderrOf(child);
    expect(await exited(child)).not.toBe(0);
    expect(stderr()).toContain('delimiter must be one character');
  }, 60_000);
});
