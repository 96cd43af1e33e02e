import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/export/manifest.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { readRunRequest } from '../../../src/runs/request-store.js';
import { cli, exited } from '../../helpers/cli-process.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { until } from '../../helpers/until.js';
import { CLIENTS, clientsCsv } from './helpers.js';

let redis: Redis;
const prefix = uniquePrefix();
const outDir = join(mkdtempSync(join(tmpdir(), 'kyc-resume-settings-')), 'out');
const runId = 'r_resume_settings';
const input = clientsCsv(
  Array.from({ length: 8 }, (_, i) => [`CL-${i}`, ...(i % 2 ? CLIENTS.clean1 : CLIENTS.clean2)]),
);

/**
 * `kyc-screen run` in a checkout where `kyc-screen` is not on the PATH (the test's PATH holds node's own
 * directory only): the hints it prints must start `node bin/kyc-screen.js`.
 */
function run(args: string[]): { child: ChildProcess; stderr: () => string } {
  const child = cli(['run', ...args], {
    REDIS_URL: redisUrl(),
    KYC_PREFIX: prefix,
    // The emulator opted into by the environment, so that a resume needs no flag at all.
    KYC_API_URL: 'emulator',
    KYC_RATE: '',
    LOG_LEVEL: 'info',
    PATH: dirname(process.execPath),
  });
  let text = '';
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  return { child, stderr: () => text };
}

/** Starts the command, waits for a notice, interrupts it as Ctrl-C would: exit 130. */
async function interruptAfter(args: string[], notice: string): Promise<string> {
  const { child, stderr } = run(args);
  await until(notice, () => (stderr().includes(notice) ? true : undefined), { context: stderr });
  child.kill('SIGINT');
  expect(await exited(child), stderr()).toBe(130);
  return stderr();
}

beforeAll(() => {
  redis = connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('--resume comes back with the run’s own settings', () => {
  it('resumes at the stored rate without flags, at the operator’s with --rate; hints can be pasted', async () => {
    const first = await interruptAfter(
      ['--rate', '2', '--run-id', runId, '--out-dir', outDir, input],
      `Run ${runId} submitted`,
    );
    expect(first).toContain(`Interrupted. Resume with: node bin/kyc-screen.js run --resume ${runId}`);
    const store = new RunStore(redis, prefix);
    expect((await store.require(runId)).status).not.toBe('done');

    const second = await interruptAfter(['--resume', runId], `Resuming run ${runId}`);
    expect(second).toMatch(new RegExp(`Resuming run ${runId} from row \\d+ at 2 calls/s`, 'u'));
    expect(await readRunRequest(redis, prefix, await store.require(runId))).toMatchObject({ rate: 2 });

    const { child, stderr } = run(['--resume', runId, '--rate', '40']);
    expect(await exited(child), stderr()).toBe(0);
    expect(stderr()).toMatch(new RegExp(`Resuming run ${runId} from row \\d+ at 40 calls/s`, 'u'));
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.config).toMatchObject({ rate: 40 });
    expect(manifest).toMatchObject({ rows: { total: 8 } });
    // The override is the run's setting from now on: a later resume comes back with it.
    expect(await readRunRequest(redis, prefix, await store.require(runId))).toMatchObject({ rate: 40 });
  });
});
