import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { createConnection } from 'node:net';
import { KycError } from '../errors.js';
import { freePort } from './free-port.js';
import { makePrivateDir, withPrivateUmask } from './private-files.js';

export interface EmbeddedRedisOptions {
  /** Data directory; with `persist` the AOF lives here so a killed run can resume. */
  readonly dir: string;
  /** Append-only file on (state survives a crash) or off (throwaway test instance). */
  readonly persist: boolean;
  /** A fixed port, so that clients find a restarted server at the same address; a free one by default. */
  readonly port?: number;
}

export interface EmbeddedRedis {
  readonly url: string;
  readonly port: number;
  /** True when an instance left running by a crashed process was adopted. */
  readonly adopted: boolean;
  stop(): Promise<void>;
}

export const INSTALL_HINT =
  'Install Redis 6.2 or newer: `apt-get install -y redis-server` (Debian/Ubuntu), `brew install redis` (macOS), ' +
  'or point REDIS_URL at an existing Redis.';

export function findRedisServer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'redis-server');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Sends PING over a raw socket: no client library needed to know whether a port is a live Redis. */
export function ping(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolvePing) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolvePing(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilReady(port: number, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await ping(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  const log = existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n').slice(-5).join('\n') : '';
  child.kill('SIGKILL');
  throw new KycError(
    'KYC_ERR_REDIS_START',
    `no answer on port ${port}${log ? `; its log ends:\n${log}` : ''}`,
  );
}

/**
 * Starts `redis-server` from PATH on a free loopback port, with `noeviction` (BullMQ loses jobs under any
 * eviction policy). With `persist`, an instance left behind by a killed run is adopted rather than started
 * twice on the same AOF, which would corrupt it.
 */
export async function startEmbeddedRedis(options: EmbeddedRedisOptions): Promise<EmbeddedRedis> {
  const binary = findRedisServer();
  if (!binary) throw new KycError('KYC_ERR_REDIS_MISSING', INSTALL_HINT);
  const dir = resolve(options.dir);
  // The AOF holds client data while a run is in progress: 0600 files in a 0700 directory.
  makePrivateDir(dir);
  const stateFile = join(dir, 'redis.json');

  if (options.persist && existsSync(stateFile)) {
    const previous = JSON.parse(readFileSync(stateFile, 'utf8')) as { pid: number; port: number };
    if (pidAlive(previous.pid) && (await ping(previous.port))) {
      return {
        url: `redis://127.0.0.1:${previous.port}`,
        port: previous.port,
        adopted: true,
        stop: () => shutdown(previous.port, previous.pid, stateFile),
      };
    }
    rmSync(stateFile, { force: true });
  }

  const port = options.port ?? (await freePort());
  const logPath = join(dir, 'redis.log');
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    options.persist ? 'yes' : 'no',
    '--appendfsync',
    'everysec',
    '--maxmemory-policy',
    'noeviction',
    '--logfile',
    logPath,
    '--daemonize',
    'no',
  ];
  const child = withPrivateUmask(() => spawn(binary, args, { stdio: 'ignore', detached: options.persist }));
  child.on('error', () => undefined);
  // A persistent instance outlives a crash of this process on purpose (resume adopts it); a throwaway
  // one must die with it.
  if (options.persist) child.unref();
  await waitUntilReady(port, child, logPath);
  if (options.persist) writeFileSync(stateFile, JSON.stringify({ pid: child.pid, port }), { mode: 0o600 });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    adopted: false,
    stop: () => shutdown(port, child.pid ?? 0, options.persist ? stateFile : undefined),
  };
}

async function shutdown(port: number, pid: number, stateFile: string | undefined): Promise<void> {
  // SIGTERM makes redis-server flush the AOF and exit cleanly.
  if (pid > 0 && pidAlive(pid)) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && pid > 0 && pidAlive(pid)) await new Promise((r) => setTimeout(r, 25));
  if (pid > 0 && pidAlive(pid)) process.kill(pid, 'SIGKILL');
  if (stateFile) rmSync(stateFile, { force: true });
  void port;
}
