import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, exited } from '../../helpers/cli-process.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

interface LogRecord {
  level: number;
  msg: string;
  notice?: boolean;
  [field: string]: unknown;
}

/** Every line of a stderr without a terminal, parsed: a line that is not JSON fails the test. */
function records(stderr: string): LogRecord[] {
  return stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('npm warn'))
    .map((line) => {
      try {
        return JSON.parse(line) as LogRecord;
      } catch {
        throw new Error(`not a JSON log line on stderr: ${line}`);
      }
    });
}

function collect(child: ReturnType<typeof cli>) {
  const out = { stdout: '', stderr: '' };
  child.stdout?.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out.stderr += d.toString()));
  return out;
}

// As cron or a container runs it: no terminal on stderr.
const env = () => ({ REDIS_URL: redisUrl(), KYC_PREFIX: uniquePrefix(), LOG_LEVEL: 'info', KYC_RATE: '200' });

describe('logs without a terminal', () => {
  it('run: stderr is JSON log lines only, notices among them, and the summary is one record of fields', async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'kyc-cron-logs-')), 'out');
    const child = cli(['run', sampleSlice(6), '--emulator', '--out-dir', outDir], env());
    const out = collect(child);
    expect([0, 4], out.stderr).toContain(await exited(child));

    const logged = records(out.stderr);
    for (const record of logged) expect(record.msg).not.toContain('\n');
    const emulator = logged.find((r) => r.notice && r.msg.includes('BUILT-IN EMULATOR'));
    expect(emulator?.level).toBe(40);
    expect(emulator?.msg).not.toContain('!!!');
    expect(logged.some((r) => r.notice && /^Run \S+ submitted/.test(r.msg))).toBe(true);

    const summary = logged.find((r) => r.msg === 'run summary');
    expect(summary).toMatchObject({ status: 'done', rows: 6, emulator: true });
    const verdicts = summary?.verdicts as Record<string, number>;
    expect(Object.values(verdicts).reduce((a, b) => a + b, 0)).toBe(6);
    expect(summary?.outputs).toMatchObject({ verdicts: join(outDir, 'verdicts.csv') });
    // The table for a person is on stdout, the results' side.
    expect(out.stdout).toMatch(/^status\s+done$/m);
    expect(out.stdout).toMatch(/^rows\s+6$/m);
  }, 180_000);

  it('worker: its start, its notices and its draining are JSON log lines too', async () => {
    const child = cli(['worker', '--emulator'], env());
    const out = collect(child);
    const deadline = Date.now() + 90_000;
    while (!out.stderr.includes('"worker started"')) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`worker did not start: ${out.stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGTERM');
    expect(await exited(child), out.stderr).toBe(0);
    const logged = records(out.stderr);
    expect(logged.map((r) => r.msg)).toEqual(
      expect.arrayContaining(['worker started', 'Draining: finishing jobs in progress…', 'worker stopped']),
    );
    expect(logged.some((r) => r.level === 40 && r.msg.includes('BUILT-IN EMULATOR'))).toBe(true);
    expect(out.stdout).toBe('');
  }, 120_000);
});
