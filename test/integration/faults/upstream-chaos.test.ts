import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { freePort } from '../../../src/infra/free-port.js';
import { SOAK, cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { generatedClients } from '../../helpers/generated-clients.js';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';

const ROWS = SOAK ? 5_000 : 300;
const ATTEMPTS = 3;

interface Evidence {
  row: number;
  verdict: string;
  reasons: string[];
  checks: Record<string, { status: string; error?: { code: string; message: string } }>;
}

async function startEmulatorProcess(port: number, args: string[]): Promise<ChildProcess> {
  const child = cli(['emulator', '--port', String(port), '--keys', DEMO_API_KEY, ...args]);
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/__emulator/health`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('emulator did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('upstream chaos: 10 % 503, 429 storms, stalls beyond the timeout, malformed JSON, emulator restart', () => {
  let reference: TestPipeline;
  let emulator: ChildProcess | undefined;
  beforeAll(async () => {
    reference = await startTestPipeline();
  });
  afterAll(async () => {
    emulator?.kill('SIGKILL');
    await reference.close();
  });

  it(
    'never clears a client falsely, marks every failed check INCOMPLETE with its reason, bounds retries',
    async () => {
      const file = await generatedClients(ROWS, 0.1);
      const port = await freePort();
      // The key's real quota (40/s, burst 5) is far below what the pipeline is told (300/s): 429 storms.
      const faults = ['--rate', '40', '--burst', '5', '--fail-rate', '0.1', '--malformed-rate', '0.03'];
      const stalls = ['--stall-rate', '0.02', '--stall-ms', '2500'];
      emulator = await startEmulatorProcess(port, [...faults, ...stalls]);
      const outDir = mkdtempSync(join(tmpdir(), 'kyc-chaos-'));
      const run = cli(['run', file, '--out-dir', outDir, '--attempts', String(ATTEMPTS), '--no-progress'], {
        REDIS_URL: redisUrl(),
        KYC_PREFIX: uniquePrefix(),
        KYC_API_URL: `http://127.0.0.1:${port}`,
        KYC_RATE: '300',
        KYC_REQUEST_TIMEOUT_MS: '1000',
      });
      const runErr = stderrOf(run);
      // Restart the service in the middle of the run (once it has served a few hundred calls, however slowly
      // the machine starts the CLI): every call in between fails to connect.
      for (let served = 0; served < 300;) {
        await new Promise((r) => setTimeout(r, 200));
        const stats = await fetch(`http://127.0.0.1:${port}/__emulator/stats`).then(
          (r) => r.json() as Promise<{ total: number }>,
          () => ({ total: 0 }),
        );
        served = stats.total;
      }
      const old = emulator;
      old.kill('SIGKILL');
      await exited(old);
      await new Promise((r) => setTimeout(r, 1_500));
      emulator = await startEmulatorProcess(port, [...faults, ...stalls]);
      const code = await exited(run);
      // 0: all clear of failures; 4: finished with INCOMPLETE rows. Anything else is a crash.
      expect([0, 4], runErr()).toContain(code);

      const evidence = readEvidenceLines<Evidence>(join(outDir, 'evidence.jsonl'));
      expect(evidence.map((e) => e.row)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
      for (const e of evidence) {
        const failed = Object.entries(e.checks).filter(([, c]) => c.status === 'ERROR');
        if (failed.length === 0) continue;
        expect(['INCOMPLETE', 'HIT']).toContain(e.verdict);
        for (const [kind, check] of failed) {
          expect(e.reasons).toContain(`${kind.toUpperCase()}_ERROR`);
          // 429s are waited out, never a reason for a failed check.
          expect(check.error?.code).toMatch(/^KYC_ERR_(UPSTREAM_(SERVER|TIMEOUT|NETWORK|MALFORMED)|CHECK_)/);
        }
      }
      const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
      expect(manifest.upstream.rate_limited_429).toBeGreaterThan(0);
      // Bounded: at most ATTEMPTS − 1 retries per check job.
      expect(manifest.upstream.retries).toBeLessThanOrEqual(ROWS * 4 * (ATTEMPTS - 1));

      // No false CLEAR: every client the chaotic run clears, a calm run clears too.
      const clean = await reference.submit(file);
      const { run: cleanRun } = await reference.finish(clean, 240_000);
      const verdicts = (path: string) => {
        const [header = [], ...rows] = parse(readFileSync(path), { bom: true });
        return rows.map((r) => r[header.indexOf('kyc_verdict')]);
      };
      const chaotic = verdicts(join(outDir, 'verdicts.csv'));
      const calm = verdicts(cleanRun.out);
      chaotic.forEach((v, i) => {
        if (v === 'CLEAR') expect(calm[i], `row ${i + 1}`).toBe('CLEAR');
      });
    },
    (SOAK ? 1_800 : 300) * 1000,
  );
});
