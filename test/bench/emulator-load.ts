/**
 * Load benchmark of the emulator: foreign-agent name searches, the pipeline's most frequent call.
 *
 *   npx tsx test/bench/emulator-load.ts [--duration 10] [--warmup 2] [--connections 16] [--pipelining 4]
 *
 * The emulator runs in a child process (pinned to its own core with taskset when available, the driver
 * to another) so that the figure is what one core of emulator serves, not what the driver leaves it.
 * Prints requests/s, latency percentiles and the child's CPU use; writes
 * test/bench/results/emulator-load.json. Target: at least 5 000 requests/s.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { DEMO_API_KEY } from '../../src/config.js';
import { Random } from '../../packages/lookup-emulator/src/random.js';
import { generateRegisters } from '../../packages/lookup-emulator/src/registers/index.js';
import { createEmulator } from '../../packages/lookup-emulator/src/server.js';
import { packageRoot } from '../../src/version.js';

const TARGET_RPS = 5_000;
const SEED = 42;
const SEARCH_PATH = '/lists/search/minjust_foreign_agent';

type ChildMessage = { kind: 'ready'; port: number } | { kind: 'cpu'; usage: NodeJS.CpuUsage };

/** Child mode: serve until told to stop, report CPU use on request. */
async function serve(): Promise<void> {
  const emulator = await createEmulator({ port: 0, seed: SEED });
  const send = (message: ChildMessage) => process.send?.(message);
  process.on('message', (message: unknown) => {
    if (message === 'cpu') send({ kind: 'cpu', usage: process.cpuUsage() });
    if (message === 'stop') void emulator.close().then(() => process.exit(0));
  });
  send({ kind: 'ready', port: emulator.port });
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The query mix: names on the register (hits), namesakes that are not (misses), and surname + given name. */
function queryPaths(count: number): string[] {
  const registers = generateRegisters(SEED);
  const agentNames = registers.foreignAgents.map((r) => r.data.name);
  const otherNames = registers.sanctions
    .map((r) => r.data.name_local)
    .filter((name): name is string => name !== null && !name.includes('«'));
  const rng = new Random(7);
  return Array.from({ length: count }, () => {
    const roll = rng.next();
    let name: string;
    if (roll < 0.6) name = rng.pick(agentNames);
    else if (roll < 0.8) name = rng.pick(otherNames);
    else name = rng.pick(otherNames).split(' ').slice(0, 2).join(' ');
    return `${SEARCH_PATH}?name=${encodeURIComponent(name)}`;
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function request(child: ChildProcess, message: string, kind: ChildMessage['kind']): Promise<ChildMessage> {
  return new Promise((resolve) => {
    const onMessage = (reply: ChildMessage) => {
      if (reply.kind !== kind) return;
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    if (message !== '') child.send(message);
  });
}

async function drive(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '16' },
      pipelining: { type: 'string', default: '4' },
    },
  });
  const durationMs = Number(values.duration) * 1000;
  const warmupMs = Number(values.warmup) * 1000;
  const connections = Number(values.connections);
  const pipelining = Number(values.pipelining);

  const self = fileURLToPath(import.meta.url);
  const pinned = hasTaskset() && cpus().length >= 2;
  const nodeArgs = [...process.execArgv, self, '--serve'];
  const child = pinned
    ? spawn('taskset', ['-c', '1', process.execPath, ...nodeArgs], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
    : spawn(process.execPath, nodeArgs, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  if (pinned) execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });

  const ready = await request(child, '', 'ready');
  if (ready.kind !== 'ready') throw new Error('the emulator child did not start');
  const origin = `http://127.0.0.1:${ready.port}`;
  const paths = queryPaths(5_000);
  const pool = new Pool(origin, { connections, pipelining, keepAliveTimeout: 60_000 });
  const headers = { 'x-api-key': DEMO_API_KEY };

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let measuring = false;
  let next = 0;
  let stopAt = performance.now() + warmupMs;

  async function worker(): Promise<void> {
    while (performance.now() < stopAt) {
      const path = paths[next++ % paths.length] as string;
      const started = performance.now();
      const { statusCode, body } = await pool.request({ path, method: 'GET', headers });
      await body.text();
      if (measuring) {
        latencies.push(performance.now() - started);
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      }
    }
  }

  const inFlight = connections * pipelining;
  process.stdout.write(
    `warming up ${warmupMs / 1000} s, ${connections} connections × pipelining ${pipelining}\n`,
  );
  await Promise.all(Array.from({ length: inFlight }, worker));

  measuring = true;
  const cpuBefore = await request(child, 'cpu', 'cpu');
  const started = performance.now();
  stopAt = started + durationMs;
  await Promise.all(Array.from({ length: inFlight }, worker));
  const elapsedMs = performance.now() - started;
  const cpuAfter = await request(child, 'cpu', 'cpu');

  child.send('stop');
  await pool.close();

  const sorted = Float64Array.from(latencies).sort();
  const cpuMs =
    cpuAfter.kind === 'cpu' && cpuBefore.kind === 'cpu'
      ? (cpuAfter.usage.user - cpuBefore.usage.user + cpuAfter.usage.system - cpuBefore.usage.system) / 1000
      : 0;
  const requests = latencies.length;
  const rps = requests / (elapsedMs / 1000);
  const result = {
    scenario:
      'GET /lists/search/minjust_foreign_agent?name=… (60 % hits, 20 % misses, 20 % surname + given name)',
    requests,
    seconds: Math.round(elapsedMs) / 1000,
    requestsPerSecond: Math.round(rps),
    latencyMs: {
      p50: Math.round(percentile(sorted, 50) * 100) / 100,
      p90: Math.round(percentile(sorted, 90) * 100) / 100,
      p99: Math.round(percentile(sorted, 99) * 100) / 100,
      max: Math.round((sorted[sorted.length - 1] ?? 0) * 100) / 100,
    },
    statuses: Object.fromEntries(statuses),
    emulatorCpuPercent: Math.round((cpuMs / elapsedMs) * 1000) / 10,
    // What one fully busy emulator core would serve: the driver, not the emulator, is usually the limit.
    requestsPerEmulatorCpuSecond: cpuMs > 0 ? Math.round(requests / (cpuMs / 1000)) : null,
    target: TARGET_RPS,
    meetsTarget: rps >= TARGET_RPS,
    settings: { connections, pipelining, warmupSeconds: warmupMs / 1000, pinnedWithTaskset: pinned },
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
    at: new Date().toISOString(),
  };
  const dir = join(packageRoot(), 'test', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'emulator-load.json'), JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(
    `${result.requestsPerSecond} req/s over ${result.seconds} s (target ${TARGET_RPS}: ${result.meetsTarget ? 'met' : 'MISSED'})\n` +
      `latency p50 ${result.latencyMs.p50} ms, p90 ${result.latencyMs.p90} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms\n` +
      `emulator CPU ${result.emulatorCpuPercent} % of one core (≈ ${result.requestsPerEmulatorCpuSecond} req per emulator CPU-second); statuses ${JSON.stringify(result.statuses)}\n` +
      `written to test/bench/results/emulator-load.json\n`,
  );
}

if (process.argv.includes('--serve')) await serve();
else await drive();
