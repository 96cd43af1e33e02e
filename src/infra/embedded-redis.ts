import { spawn, type ChildProcess } from 'node:child_process';
import { environment } from '../settings/environment.js';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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
  /** True when an instance already running for this state directory was joined rather than started. */
  readonly adopted: boolean;
  /**
   * Lets go of the instance: it is stopped when no other live process holds it (a persistent one), or at
   * once (a throwaway one). Never signals a process that is not this state directory's redis-server.
   */
  stop(): Promise<void>;
}

export const INSTALL_HINT =
  'Install Redis 6.2 or newer: `apt-get install -y redis-server` (Debian/Ubuntu), `brew install redis` (macOS), ' +
  'or point REDIS_URL at an existing Redis.';

export function findRedisServer(env: NodeJS.ProcessEnv = environment()): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'redis-server');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Sends PING over a raw socket (after AUTH when a password is given): no client library needed to know
 * whether a port is a live Redis. A Redis that asks for a password it was not given is live too.
 */
export function ping(port: number, timeoutMs = 500, password?: string): Promise<boolean> {
  return new Promise((resolvePing) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolvePing(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    let answer = '';
    socket.on('connect', () =>
      socket.write(`${password === undefined ? '' : `AUTH ${password}\r\n`}PING\r\n`),
    );
    socket.on('data', (data) => {
      answer += data.toString();
      if (answer.includes('+PONG') || answer.startsWith('-NOAUTH')) done(true);
      else if (answer.startsWith('-')) done(false);
    });
  });
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilReady(
  port: number,
  child: ChildProcess,
  logPath: string,
  password: string,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await ping(port, 500, password)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  const log = existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n').slice(-5).join('\n') : '';
  child.kill('SIGKILL');
  throw new KycError(
    'KYC_ERR_REDIS_START',
    `no answer on port ${port}${log ? `; its log ends:\n${log}` : ''}`,
  );
}

/** What `redis.json` in the state directory says of the running instance. */
interface StateFile {
  readonly pid: number;
  readonly port: number;
}

function readStateFile(path: string): StateFile | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<StateFile>;
    const { pid, port } = parsed;
    if (!Number.isSafeInteger(pid) || !Number.isSafeInteger(port)) return undefined;
    if ((pid ?? 0) <= 1 || (port ?? 0) <= 0 || (port ?? 0) > 65535) return undefined;
    return { pid: pid ?? 0, port: port ?? 0 };
  } catch {
    return undefined;
  }
}

/** The command line of a process, where the OS shows it (/proc); undefined elsewhere or when it is gone. */
function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return undefined;
  }
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return resolve(a) === resolve(b);
  }
}

/**
 * Whether `pid` is the redis-server serving `dir` on `port`: its command line names redis-server (where
 * /proc exists), and the server answering on the port reports that process id and that data directory.
 * A state file naming any other process (stale, or crafted) must never get it signalled or adopted.
 */
export async function isOurRedis(
  pid: number,
  port: number,
  dir: string,
  password?: string,
): Promise<boolean> {
  if (!pidAlive(pid)) return false;
  if (existsSync('/proc/self')) {
    const cmdline = commandLine(pid);
    if (!cmdline?.includes('redis-server')) return false;
  }
  const client = new Redis({
    host: '127.0.0.1',
    port,
    ...(password === undefined ? {} : { password }),
    lazyConnect: true,
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const info = await client.info('server');
    const servedBy = Number(/process_id:(\d+)/.exec(info)?.[1]);
    const [, servedDir] = await client.config('GET', 'dir');
    return servedBy === pid && servedDir !== undefined && samePath(servedDir, dir);
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * The processes using a persistent instance, one file each under `holders/` (`<pid>-<random>`): the last
 * live holder to let go stops the server, so a `run` never stops the Redis a `worker` or `dashboard` of the
 * same state directory still uses, and the other way round.
 */
class Holders {
  private readonly dir: string;
  constructor(stateDir: string) {
    this.dir = join(stateDir, 'holders');
  }

  add(): string {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const id = `${process.pid}-${randomUUID().slice(0, 8)}`;
    writeFileSync(join(this.dir, id), '', { mode: 0o600 });
    return id;
  }

  remove(id: string): void {
    rmSync(join(this.dir, id), { force: true });
  }

  /** Holders whose process is alive; files of dead ones are cleared on the way. */
  live(): string[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    return names.filter((name) => {
      const pid = Number(name.split('-')[0]);
      if (Number.isSafeInteger(pid) && pid > 0 && pidAlive(pid)) return true;
      rmSync(join(this.dir, name), { force: true });
      return false;
    });
  }

  clear(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Starts `redis-server` from PATH on a free loopback port, with `noeviction` (BullMQ loses jobs under any
 * eviction policy). With `persist`, an instance already serving this state directory (started by a worker,
 * a dashboard, or a run that was killed) is joined rather than started twice on the same AOF, which would
 * corrupt it; the last process to let go of it stops it.
 */
export async function startEmbeddedRedis(options: EmbeddedRedisOptions): Promise<EmbeddedRedis> {
  const binary = findRedisServer();
  if (!binary) throw new KycError('KYC_ERR_REDIS_MISSING', INSTALL_HINT);
  const dir = resolve(options.dir);
  // The AOF holds client data while a run is in progress: 0600 files in a 0700 directory.
  makePrivateDir(dir);
  const stateFile = join(dir, 'redis.json');
  const holders = new Holders(dir);
  const password = statePassword(dir);
  const urlOf = (port: number) => `redis://:${password}@127.0.0.1:${port}`;

  if (options.persist && existsSync(stateFile)) {
    const previous = readStateFile(stateFile);
    if (previous && (await isOurRedis(previous.pid, previous.port, dir, password))) {
      const held = holders.add();
      return {
        url: urlOf(previous.port),
        port: previous.port,
        adopted: true,
        stop: () => release(holders, held, previous, dir, stateFile, password),
      };
    }
    // Stale (its server is gone) or not ours: never adopted, never signalled.
    rmSync(stateFile, { force: true });
    holders.clear();
  }

  const port = options.port ?? (await freePort());
  const logPath = join(dir, 'redis.log');
  // The password reaches the server through a 0600 file, never its command line (which `ps` shows).
  const configPath = join(dir, 'redis.conf');
  withPrivateUmask(() => writeFileSync(configPath, `requirepass ${password}\n`, { mode: 0o600 }));
  const args = [
    configPath,
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
  await waitUntilReady(port, child, logPath, password);
  const pid = child.pid ?? 0;
  if (!options.persist) {
    return { url: urlOf(port), port, adopted: false, stop: () => stopChild(child) };
  }
  writeFileSync(stateFile, JSON.stringify({ pid, port }), { mode: 0o600 });
  const held = holders.add();
  return {
    url: urlOf(port),
    port,
    adopted: false,
    stop: () => release(holders, held, { pid, port }, dir, stateFile, password),
  };
}

/**
 * The state directory's Redis password (`password`, 0600, made once): every process of the directory reads
 * it, so any local user who is not the owner cannot read the clients of a run in progress over the port.
 */
export function statePassword(dir: string): string {
  const path = join(dir, 'password');
  // Written whole under another name, then linked into place: a process starting at the same moment reads
  // either no file or the whole password, and the first one linked wins.
  const draft = `${path}.${process.pid}.${randomUUID().slice(0, 8)}`;
  writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const password = readFileSync(path, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(password))
    throw new KycError('KYC_ERR_REDIS_START', `${path} is not a password this program wrote`);
  return password;
}

async function release(
  holders: Holders,
  held: string,
  server: StateFile,
  dir: string,
  stateFile: string,
  password: string,
): Promise<void> {
  holders.remove(held);
  if (holders.live().length > 0) return;
  // Checked again right before the signal: the server may have gone and its pid been reused since.
  if (!(await isOurRedis(server.pid, server.port, dir, password))) {
    if (readStateFile(stateFile)?.pid === server.pid) rmSync(stateFile, { force: true });
    return;
  }
  await terminate(server.pid);
  rmSync(stateFile, { force: true });
  holders.clear();
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = new Promise((r) => setTimeout(r, 5_000).unref());
  await Promise.race([exited, timer]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function terminate(pid: number): Promise<void> {
  // SIGTERM makes redis-server flush the AOF and exit cleanly.
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && pidAlive(pid)) await new Promise((r) => setTimeout(r, 25));
  if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
}
