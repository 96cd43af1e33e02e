import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { EMULATOR_CELL, EMULATOR_COLUMN } from '../../../src/export/verdict-row.js';
import { freePort } from '../../../src/infra/free-port.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { runsIndexKey } from '../../../src/run/state/topology.js';
import { UpstreamState } from '../../../src/upstream/state.js';
import { cli, exited } from '../../helpers/cli-process.js';
import { faultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { sampleSlice as sampleSliceOf } from '../../helpers/sample-slice.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';

/** A CLI process with its whole stdout and stderr, and how long it took. */
async function runCli(args: string[], env: NodeJS.ProcessEnv) {
  const started = Date.now();
  const child = cli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await exited(child);
  return { code, stdout, stderr, seconds: (Date.now() - started) / 1000 };
}

function verdictRows(path: string): string[] {
  return readFileSync(path, 'utf8').trimEnd().split('\r\n').slice(1);
}

describe('failing fast on the upstream', () => {
  const redis = connect();
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY] });
  });
  afterAll(async () => {
    await emulator.close();
    await redis.quit();
  });

  const envFor = (prefix: string, apiUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    REDIS_URL: redisUrl(),
    KYC_PREFIX: prefix,
    KYC_API_URL: apiUrl,
    KYC_RATE: '200',
    ...extra,
  });

  it('without KYC_API_URL, run, worker and schedule add refuse (exit 2) and name both ways out', async () => {
    const env = { REDIS_URL: redisUrl(), KYC_PREFIX: uniquePrefix(), KYC_API_URL: '' };
    for (const args of [
      ['run', 'samples/clients.csv', '--no-progress'],
      ['worker'],
      ['schedule', 'add', '--cron', '0 2 * * *', '--input', 'samples/clients.csv', '--out-dir', tmpdir()],
    ]) {
      const { code, stderr } = await runCli(args, env);
      expect(code, `${args[0]}: ${stderr}`).toBe(2);
      expect(stderr).toContain('KYC_ERR_CONFIG_NO_UPSTREAM');
      expect(stderr).toContain('--emulator');
      expect(stderr).toContain('KYC_API_URL=emulator');
    }
  }, 180_000);

  it('a wrong key stops run with exit 5 within seconds, one line naming the key, a handful of calls', async () => {
    emulator.resetStats();
    const prefix = uniquePrefix();
    const wrongKey = randomUUID();
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-wrong-key-'));
    const result = await runCli(
      ['run', 'samples/clients.csv', '--out-dir', outDir, '--no-progress'],
      envFor(prefix, emulator.url, { KYC_API_KEY: wrongKey }),
    );
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toMatch(/^KYC_ERR_UPSTREAM_AUTH: .*KYC_API_KEY/m);
    expect(result.stderr + result.stdout).not.toContain(wrongKey);
    expect(emulator.stats().total).toBeLessThanOrEqual(3);
    // Nothing was queued: the run never existed.
    expect(await redis.zcard(runsIndexKey(prefix))).toBe(0);
    expect(result.seconds).toBeLessThan(30);
  }, 120_000);

  it('an unreachable URL stops run with its own code and exit 5, without per-row retries', async () => {
    const prefix = uniquePrefix();
    const port = await freePort();
    const result = await runCli(
      ['run', 'samples/clients.csv', '--out-dir', mkdtempSync(join(tmpdir(), 'kyc-dead-')), '--no-progress'],
      envFor(prefix, `http://127.0.0.1:${port}`),
    );
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toMatch(/^KYC_ERR_UPSTREAM_UNREACHABLE: .*KYC_API_URL/m);
    expect(await redis.zcard(runsIndexKey(prefix))).toBe(0);
    expect(result.seconds).toBeLessThan(30);
  }, 120_000);

  describe('a key revoked in the middle of a run', () => {
    let proxy: FaultProxy;
    beforeAll(async () => {
      proxy = await faultProxy(emulator.url);
    });
    afterAll(() => proxy.close());

    it('opens the breaker: no INCOMPLETE rows, few calls, exit 5, resumable after the fix', async () => {
      const prefix = uniquePrefix();
      const input = await generatedClients(600);
      const outDir = mkdtempSync(join(tmpdir(), 'kyc-revoked-'));
      const REVOKE_AFTER = 300;
      let refusedFrom = 0;
      proxy.setInject(({ n }) => {
        if (n <= REVOKE_AFTER) return undefined;
        refusedFrom ||= n;
        return { status: 401, body: '{"error":{"code":"UNAUTHORIZED"}}' };
      });
      const env = envFor(prefix, proxy.url, { KYC_RATE: '100' });
      const first = await runCli(
        ['run', input, '--run-id', 'revoked_1', '--out-dir', outDir, '--window', '200', '--no-progress'],
        env,
      );
      expect(first.code, first.stderr).toBe(5);
      expect(first.stderr).toContain('KYC_ERR_UPSTREAM_AUTH');
      expect(first.stderr).toContain('kyc-screen run --resume revoked_1');
      const refusedCalls = proxy.seen() - refusedFrom + 1;
      // Only the calls in flight when the key went bad, and one probe: never the rest of the portfolio.
      expect(refusedCalls).toBeLessThanOrEqual(50);

      const store = new RunStore(redis, prefix);
      const failed = await store.require('revoked_1');
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/^KYC_ERR_UPSTREAM_AUTH/);
      const counters = await store.counters('revoked_1');
      expect(counters['verdict:INCOMPLETE'] ?? 0).toBe(0);
      expect(await new UpstreamState(redis, prefix).breaker()).toMatchObject({
        code: 'KYC_ERR_UPSTREAM_AUTH',
        runId: 'revoked_1',
      });
      const status = await runCli(['status', 'revoked_1'], env);
      expect(status.stdout + status.stderr).toContain('KYC_ERR_UPSTREAM_AUTH');

      // The key is fixed: the resumed run preflights, closes the breaker and finishes every row.
      proxy.setInject(undefined);
      const second = await runCli(['run', '--resume', 'revoked_1', '--no-progress'], env);
      expect(second.code, second.stderr).toBe(0);
      const rows = verdictRows(join(outDir, 'verdicts.csv'));
      expect(rows).toHaveLength(600);
      expect(rows.filter((r) => r.includes('INCOMPLETE'))).toHaveLength(0);
      expect(await new UpstreamState(redis, prefix).breaker()).toBeUndefined();
    }, 240_000);
  });

  describe('a key accepted on the dictionary route only', () => {
    let proxy: FaultProxy;
    beforeAll(async () => {
      proxy = await faultProxy(emulator.url);
    });
    afterAll(() => proxy.close());

    it('stops the run with exit 5 after a few refused screening calls: the probe repeats a refused call', async () => {
      const prefix = uniquePrefix();
      const outDir = mkdtempSync(join(tmpdir(), 'kyc-route-key-'));
      let refused = 0;
      // The preflight's route (and the breaker's old probe) takes the key; every screening route refuses it.
      proxy.setInject(({ url }) => {
        if (url.split('?')[0] === '/reg2/dictionary') return undefined;
        refused++;
        return { status: 401, body: '{"error":{"code":"UNAUTHORIZED"}}' };
      });
      const result = await runCli(
        ['run', sampleSliceOf(20), '--run-id', 'route_key_1', '--out-dir', outDir, '--no-progress'],
        envFor(prefix, proxy.url),
      );
      expect(result.code, result.stderr).toBe(5);
      expect(result.stderr).toContain('KYC_ERR_UPSTREAM_AUTH');
      // Each screening operation counts its own refusals in a row (up to 5 each), then the calls in flight
      // at R = 200 when the breaker opened, and one probe: not every row's attempts (20 rows × 3 screening
      // checks × 4 attempts = 240). A loaded machine has more calls in flight: 32 and 34 were seen there.
      expect(refused).toBeLessThanOrEqual(45);
      expect(result.seconds).toBeLessThan(60);
      expect(await new UpstreamState(redis, prefix).breaker()).toMatchObject({
        code: 'KYC_ERR_UPSTREAM_AUTH',
      });
    }, 180_000);
  });

  describe('a network blip', () => {
    let proxy: FaultProxy;
    beforeAll(async () => {
      proxy = await faultProxy(emulator.url);
    });
    afterAll(() => proxy.close());

    it('holds the calls while the service is probed, then goes on: the run finishes, no row INCOMPLETE', async () => {
      const prefix = uniquePrefix();
      const dir = mkdtempSync(join(tmpdir(), 'kyc-blip-'));
      const logFile = join(dir, 'run.log');
      // Three seconds without the service, from the 60th request on: every connection is reset.
      // At least eight resets in a row (more than the threshold, whatever the machine's speed) and 3 s.
      let blipUntil = 0;
      let dropped = 0;
      proxy.setInject(({ n }) => {
        if (n === 60) blipUntil = Date.now() + 3_000;
        if (n < 60 || (dropped >= 8 && Date.now() >= blipUntil)) return undefined;
        dropped++;
        return { drop: true };
      });
      const result = await runCli(
        ['run', 'samples/clients.csv', '--out-dir', dir, '--log-file', logFile, '--no-progress'],
        envFor(prefix, proxy.url, { LOG_LEVEL: 'info' }),
      );
      expect(result.code, result.stderr).toBe(0);
      expect(proxy.injected()).toBeGreaterThanOrEqual(8);
      const rows = verdictRows(join(dir, 'verdicts.csv'));
      expect(rows).toHaveLength(200);
      expect(rows.filter((r) => r.includes('INCOMPLETE'))).toHaveLength(0);
      expect(readFileSync(logFile, 'utf8')).toContain('answers the same call again: going on');
    }, 180_000);
  });

  describe('a Retry-After of a day', () => {
    let proxy: FaultProxy;
    beforeAll(async () => {
      proxy = await faultProxy(emulator.url);
    });
    afterAll(() => proxy.close());

    it('pauses the checks at most the profile cap, says so with the end time, and the run finishes', async () => {
      const prefix = uniquePrefix();
      const dir = mkdtempSync(join(tmpdir(), 'kyc-retry-after-'));
      const profile = join(dir, 'profile.json');
      writeFileSync(profile, JSON.stringify({ maxRetryAfterMs: 6_000 }));
      const logFile = join(dir, 'run.log');
      let sent = false;
      proxy.setInject(({ n }) => {
        if (n < 40 || sent) return undefined;
        sent = true;
        return {
          status: 429,
          headers: { 'retry-after': '86400' },
          body: '{"error":{"code":"RATE_LIMITED"}}',
        };
      });
      const state = new UpstreamState(redis, prefix);
      const pauses: Awaited<ReturnType<UpstreamState['pause']>>[] = [];
      const watching = setInterval(() => void state.pause().then((p) => p && pauses.push(p)), 200);
      const result = await runCli(
        ['run', 'samples/clients.csv', '--run-id', 'retry_after_1', '--out-dir', dir, '--log-file', logFile],
        envFor(prefix, proxy.url, { KYC_UPSTREAM_PROFILE: profile, LOG_LEVEL: 'info' }),
      );
      clearInterval(watching);
      expect(result.code, result.stderr).toBe(0);
      expect(sent).toBe(true);
      // Paused, not stalled for a day: the whole run is a few seconds past the cap.
      expect(result.seconds).toBeLessThan(90);
      const log = readFileSync(logFile, 'utf8');
      expect(log).toMatch(/429 with Retry-After 86400 s, capped to 6 s: calls paused until \d{4}-\d\d-\d\dT/);
      // The shared record that status and the dashboard show, with the run whose answer caused it.
      expect(pauses.length).toBeGreaterThan(0);
      expect(pauses[0]).toMatchObject({
        cause: '429 Retry-After',
        askedMs: 86_400_000,
        appliedMs: 6_000,
        runId: 'retry_after_1',
      });
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
      expect((manifest.config as Record<string, unknown>).maxRetryAfterMs).toBe(6_000);
      expect(manifest.upstream.rate_limited_429).toBe(1);
    }, 180_000);
  });

  it('a run against the emulator is marked in every output: manifest, every verdict row, every evidence line', async () => {
    const prefix = uniquePrefix();
    const dir = mkdtempSync(join(tmpdir(), 'kyc-marked-'));
    const env = { REDIS_URL: redisUrl(), KYC_PREFIX: prefix, KYC_RATE: '200', KYC_API_URL: '' };
    const result = await runCli(
      ['run', 'samples/clients.csv', '--emulator', '--run-id', 'marked_1', '--out-dir', dir, '--no-progress'],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('BUILT-IN EMULATOR');
    expect(result.stdout).toContain('EMULATOR');

    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest & {
      emulator?: boolean;
    };
    expect(manifest.emulator).toBe(true);
    const [header = '', ...rows] = readFileSync(join(dir, 'verdicts.csv'), 'utf8').trimEnd().split('\r\n');
    expect(header.endsWith(`,${EMULATOR_COLUMN}`)).toBe(true);
    expect(rows).toHaveLength(200);
    for (const row of rows) expect(row.endsWith(`,${EMULATOR_CELL}`), row).toBe(true);
    const evidence = readFileSync(join(dir, 'evidence.jsonl'), 'utf8').trimEnd().split('\n');
    expect(evidence).toHaveLength(200);
    for (const line of evidence) expect((JSON.parse(line) as { emulator?: boolean }).emulator).toBe(true);

    const status = await runCli(['status'], env);
    expect(status.stdout).toMatch(/marked_1 .* EMULATOR/);
  }, 120_000);
});
