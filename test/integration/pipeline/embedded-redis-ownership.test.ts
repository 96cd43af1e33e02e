import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ping } from '../../../src/infra/embedded-redis.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { connect, redisUrl } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/**
 * The embedded redis-server of a state directory belongs to the processes using it: the last one to let go
 * stops it, a process whose Redis went away exits 6, and a crafted redis.json never gets a process signalled.
 */
// Without a terminal the notices this test reads (embedded Redis started or joined) are info log lines.
const EMBEDDED = { REDIS_URL: '', KYC_API_URL: 'emulator', KYC_RATE: '200', LOG_LEVEL: 'info' };
const started: ChildProcess[] = [];

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function track(child: ChildProcess): ChildProcess {
  started.push(child);
  return child;
}

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stateOf(stateDir: string): { pid: number; port: number } {
  return JSON.parse(readFileSync(join(stateDir, 'redis', 'redis.json'), 'utf8')) as {
    pid: number;
    port: number;
  };
}

async function startWorker(stateDir: string): Promise<{ child: ChildProcess; stderr: () => string }> {
  const child = track(cli(['worker', '--state-dir', stateDir, '--queues', 'checks,verdicts,runs'], EMBEDDED));
  const stderr = stderrOf(child);
  await waitFor('the worker', () => stderr().includes('"msg":"worker started"'));
  return { child, stderr };
}

describe('embedded Redis ownership', () => {
  it('a run joining a worker’s Redis leaves it running; the worker then drains and stops it', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'kyc-own-'));
    const worker = await startWorker(stateDir);
    const redis = stateOf(stateDir);
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-own-out-'));
    const run = track(
      cli(['run', sampleSlice(10), '--no-workers', '--state-dir', stateDir, '--out-dir', outDir], EMBEDDED),
    );
    const runErr = stderrOf(run);
    expect([0, 4], runErr()).toContain(await exited(run));
    // The worker's Redis outlived the run, and the worker is still at work.
    expect(await ping(redis.port)).toBe(true);
    expect(runErr()).toContain('joined');
    expect(worker.child.exitCode).toBeNull();
    // SIGTERM drains the worker; it was the last holder, so its Redis goes with it.
    worker.child.kill('SIGTERM');
    expect(await exited(worker.child), worker.stderr()).toBe(0);
    expect(worker.stderr()).not.toContain('ECONNREFUSED');
    await waitFor('the redis-server to stop', () => !pidAlive(redis.pid), 10_000);
  }, 120_000);

  it('a worker whose embedded Redis went away exits 6 after a bounded wait', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'kyc-own-'));
    const worker = await startWorker(stateDir);
    const redis = stateOf(stateDir);
    const killedAt = Date.now();
    process.kill(redis.pid, 'SIGKILL');
    expect(await exited(worker.child), worker.stderr()).toBe(6);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(worker.stderr()).toContain('KYC_ERR_REDIS_LOST');
  }, 90_000);

  it('a crafted redis.json naming another process and another Redis gets neither signalled nor adopted', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'kyc-own-'));
    const bystander = track(spawn('sleep', ['120'], { stdio: 'ignore' }));
    // The suite's Redis is a real redis-server, but of another data directory.
    const foreignPort = Number(new URL(redisUrl()).port);
    mkdirSync(join(stateDir, 'redis'), { recursive: true });
    writeFileSync(
      join(stateDir, 'redis', 'redis.json'),
      JSON.stringify({ pid: bystander.pid, port: foreignPort }),
    );

    const outDir = mkdtempSync(join(tmpdir(), 'kyc-own-out-'));
    const run = track(
      cli(
        ['run', sampleSlice(5), '--state-dir', stateDir, '--out-dir', outDir, '--run-id', 'crafted_1'],
        EMBEDDED,
      ),
    );
    const runErr = stderrOf(run);
    expect([0, 4], runErr()).toContain(await exited(run));
    expect(runErr()).toContain('Embedded redis-server started');
    expect(bystander.exitCode).toBeNull();
    expect(pidAlive(bystander.pid ?? 0)).toBe(true);
    const suite = connect();
    try {
      expect(await suite.exists('{kyc}:run:crafted_1:meta')).toBe(0);
    } finally {
      await suite.quit();
    }
  }, 90_000);
});
