import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';

/** What `npm ci && npm run demo` gives a newcomer: the outputs, a Russian report, and where the desk is. */
describe('kyc-screen demo', () => {
  it('screens the sample, writes a Russian report.html and says where the review desk is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-demo-'));
    const outDir = join(dir, 'out');
    const child = cli(['demo', '--out-dir', outDir], {
      REDIS_URL: '',
      KYC_API_URL: '',
      KYC_LANG: '',
      DATABASE_URL: '',
      KYC_STATE_DIR: join(dir, 'state'),
    });
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    const stderr = stderrOf(child);
    expect(await exited(child), stderr()).toBe(0);
    for (const file of [
      'verdicts.csv',
      'evidence.jsonl',
      'evidence.bodies.jsonl',
      'manifest.json',
      'report.html',
    ])
      expect(existsSync(join(outDir, file)), file).toBe(true);
    const report = readFileSync(join(outDir, 'report.html'), 'utf8');
    expect(report).toMatch(/<html lang="ru"/u);
    expect(report).toMatch(/[А-Яа-яЁё]{4,}/u);
    expect(stdout).toContain('Review desk: http://127.0.0.1:3000/desk');
    // The alerts the run opened at the desk are in the report, not "no desk record" on every row.
    expect(report).not.toContain('data-desk="none"');
    expect(report).toMatch(/<li data-alert="\d+" data-sighting="[a-z_]+"/u);
  }, 180_000);
});
