import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { DEMO_API_KEY } from '../../../src/config.js';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/infra/embedded-redis.js';
import { freePort } from '../../../src/infra/free-port.js';
import { packageRoot } from '../../../src/version.js';

/**
 * The processes of a pipeline benchmark, each a real OS process as in production: a fresh redis-server,
 * the emulator (`kyc-screen emulator`), and `kyc-screen run` / `kyc-screen worker`. Peak memory is the
 * kernel's high-water mark (VmHWM) of each process, sampled until it exits.
 */
export const CLI = join(packageRoot(), 'bin', 'kyc-screen.js');

/** The highest figure a reading gave, sampled until stopped: a process that exited keeps its last one. */
export interface MaxSampler {
  max(): number;
  stop(): void;
}

function sampleMax(read: () => number, everyMs: number): MaxSampler {
  let max = 0;
  const sample = () => {
    max = Math.max(max, read());
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    max: () => max,
    stop: () => {
      sample();
      clearInterval(timer);
    },
  };
}

function vmHwmKiB(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Peak RSS of a process in MiB (the kernel's high-water mark, VmHWM). */
export function watchPeak(pid: number, everyMs = 100): MaxSampler {
  return sampleMax(() => vmHwmKiB(pid) / 1024, everyMs);
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command name: state is field 3, utime 14 and stime 15 (proc(5)).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds a process has used. */
export function watchCpu(pid: number, everyMs = 50): MaxSampler {
  return sampleMax(() => cpuSecondsOf(pid), everyMs);
}

export interface BenchRedis {
  readonly url: string;
  readonly pid: number;
  usedMemoryPeakMiB(): Promise<number>;
  /** CPU seconds the server has used so far (INFO cpu). */
  cpuSeconds(): Promise<number>;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<BenchRedis> {
  const redis: EmbeddedRedis = await startEmbeddedRedis({
    dir: mkdtempSync(join(tmpdir(), 'kyc-bench-redis-')),
    persist: false,
  });
  const client = new Redis(redis.url);
  const pid = Number((/process_id:(\d+)/.exec(await client.info('server')) ?? [])[1]);
  return {
    url: redis.url,
    pid,
    async usedMemoryPeakMiB() {
      const info = await client.info('memory');
      return Number((/used_memory_peak:(\d+)/.exec(info) ?? [])[1]) / 1024 / 1024;
    },
    async cpuSeconds() {
      const info = await client.info('cpu');
      const field = (name: string) => Number((new RegExp(`${name}:([\\d.]+)`).exec(info) ?? [])[1] ?? 0);
      return field('used_cpu_user') + field('used_cpu_sys');
    },
    async stop() {
      await client.quit();
      await redis.stop();
    },
  };
}

export interface BenchEmulator {
  readonly url: string;
  readonly child: ChildProcess;
  /** Requests answered so far by status, from the emulator's stats endpoint. */
  stats(): Promise<{ total: number; byStatus: Record<string, number>; byRoute: Record<string, number> }>;
  stop(): Promise<void>;
}

export async function startEmulator(args: string[] = []): Promise<BenchEmulator> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [CLI, 'emulator', '--port', String(port), '--keys', DEMO_API_KEY, ...args],
    {
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/__emulator/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('emulator did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    async stats() {
      const body = (await (await fetch(`${url}/__emulator/stats`)).json()) as {
        total: number;
        byRoute: Record<string, number>;
      };
      const byStatus: Record<string, number> = {};
      for (const [route, n] of Object.entries(body.byRoute)) {
        const status = route.slice(route.lastIndexOf(' ') + 1);
        byStatus[status] = (byStatus[status] ?? 0) + n;
      }
      return { total: body.total, byStatus, byRoute: body.byRoute };
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export interface CliResult {
  readonly code: number | null;
  readonly seconds: number;
  readonly peakMiB: number;
  /** CPU seconds the CLI process used. */
  readonly cpuSeconds: number;
  readonly stderr: string;
}

/** Runs the CLI (`cli`: another build's bin/kyc-screen.js) to its end, measuring wall time and peak RSS. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, cli = CLI): Promise<CliResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, KYC_API_KEY: DEMO_API_KEY, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const peak = watchPeak(child.pid ?? 0);
  const cpu = watchCpu(child.pid ?? 0);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      peak.stop();
      cpu.stop();
      resolve({
        code,
        seconds: (performance.now() - started) / 1000,
        peakMiB: peak.max(),
        cpuSeconds: cpu.max(),
        stderr,
      });
    });
  });
}

/** A long-running CLI process (a worker), with its peak RSS watched until it is stopped. */
export function startCli(
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; peak: MaxSampler; stop(): Promise<void> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, KYC_API_KEY: DEMO_API_KEY, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  const peak = watchPeak(child.pid ?? 0);
  return {
    child,
    peak,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      peak.stop();
    },
  };
}
