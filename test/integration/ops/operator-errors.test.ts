import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors.js';
import { RunStore, type RunSettings } from '../../../src/run/state/run-store.js';
import { cli, exited } from '../../helpers/cli-process.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';

/** A command's exit code and output; killed (and so failing) if it has not ended within `limitMs`. */
async function outcome(args: string[], env: NodeJS.ProcessEnv, limitMs = 80_000) {
  const child = cli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const code = await exited(child);
  clearTimeout(killer);
  const lines = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
  return { code, stdout, lines };
}

// Credentials in the URL, to see that they never reach the terminal.
// A Lookup Service is named (run and worker refuse to start without one, before Redis is asked); Redis is
// what fails first.
// Writable output paths: a command proves them writable before it asks Redis.
const SCRATCH = mkdtempSync(join(tmpdir(), 'kyc-operator-errors-'));
const UNREACHABLE = { REDIS_URL: 'redis://ops:s3cr3t-pw@127.0.0.1:1', KYC_API_URL: 'http://127.0.0.1:9' };

// Concurrent: each spends its time waiting for an answer that does not come.
describe.concurrent('a command whose Redis does not answer', () => {
  it.each([
    [['status']],
    [['status', 'some-run']],
    [['schedule', 'list']],
    [['schedule', 'remove', 'nightly']],
    [['report', 'audit', 'some-run', '--out', join(SCRATCH, 'audit')]],
    [['dashboard', '--port', '0']],
    [['worker']],
    [['run', 'samples/clients-bad.csv', '--out', join(SCRATCH, 'run', 'verdicts.csv')]],
  ])(
    'kyc-screen %j ends with one KYC_ERR_REDIS_CONNECT line naming the host, not the password, and exit 6',
    async (args) => {
      const { code, lines } = await outcome(args, UNREACHABLE);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^KYC_ERR_REDIS_CONNECT: .*127\.0\.0\.1:1 did not answer within 10 s/);
      expect(lines[0]).not.toContain('s3cr3t-pw');
      expect(code).toBe(EXIT.REDIS);
    },
    120_000,
  );
});

describe('kyc-screen status', () => {
  let redis: Redis;
  const prefix = uniquePrefix();
  const env = () => ({ REDIS_URL: redisUrl(), KYC_PREFIX: prefix });
  const settings = (id: string, createdAt: string): RunSettings => ({
    id,
    input: `/data/${id}.csv`,
    inputSha256: 'x',
    inputBytes: 1,
    out: `/out/${id}/verdicts.csv`,
    evidence: `/out/${id}/evidence.jsonl`,
    manifest: `/out/${id}/manifest.json`,
    priority: 'normal',
    window: 100,
    checks: ['foreign_agent'],
    createdAt,
    config: {},
  });

  beforeAll(async () => {
    redis = connect();
    const store = new RunStore(redis, prefix);
    await store.create(settings('nightly-ok', '2026-11-23T22:00:00.000Z'));
    await store.update('nightly-ok', { status: 'done', totalRows: 5 });
    await store.create(settings('nightly-bad', '2026-11-23T23:00:00.000Z'));
    await store.update('nightly-bad', {
      status: 'failed',
      error: 'KycError: KYC_ERR_OUTPUT_EXISTS: /out/nightly-bad/verdicts.csv exists\n    at stack frame',
    });
  });
  afterAll(async () => {
    await redis.quit();
  });

  it("lists runs under a header and shows a failed run's reason without --json", async () => {
    const { code, stdout, lines } = await outcome(['status'], env());
    expect(code).toBe(EXIT.OK);
    expect(lines).toEqual([]);
    const out = stdout.trimEnd().split('\n');
    expect(out[0]).toMatch(/^RUN ID\s+STATUS\s+ROWS\s+PRIORITY\s+CREATED \(UTC\)\s+INPUT$/);
    expect(stdout).toMatch(
      /nightly-bad\s+failed\s+0\/\?\s+normal\s+2026-11-23 23:00:00\s+\/data\/nightly-bad\.csv/,
    );
    expect(stdout).toContain(
      '  failed: KycError: KYC_ERR_OUTPUT_EXISTS: /out/nightly-bad/verdicts.csv exists\n',
    );
    expect(stdout).toMatch(/nightly-ok\s+done\s+0\/5/);
    expect(stdout).not.toContain('stack frame');
  }, 120_000);

  it("shows a failed run's reason under its summary", async () => {
    const { code, stdout } = await outcome(['status', 'nightly-bad'], env());
    expect(code).toBe(EXIT.OK);
    expect(stdout).toMatch(/^status\s+failed$/m);
    expect(stdout).toMatch(
      /^failed: KycError: KYC_ERR_OUTPUT_EXISTS: \/out\/nightly-bad\/verdicts\.csv exists$/m,
    );
  }, 120_000);
});

describe('kyc-screen dashboard on a taken port', () => {
  let busy: Server;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => busy.close(() => resolve()));
  });

  it('prints one KYC_ERR_LISTEN line (no EPIPE traces) and exits 2', async () => {
    const port = (busy.address() as AddressInfo).port;
    const { code, lines } = await outcome(['dashboard', '--port', String(port)], {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^KYC_ERR_LISTEN: .*127\\.0\\.0\\.1:${port}`));
    expect(code).toBe(EXIT.USAGE);
  }, 120_000);
});
