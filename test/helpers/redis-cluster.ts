import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findRedisServer, ping } from '../../src/infra/embedded-redis.js';
import { freePort } from '../../src/infra/free-port.js';

const run = promisify(execFile);

/** A real local Redis Cluster of three masters (no replicas) on free loopback ports, in a temp directory. */
export interface LocalCluster {
  readonly ports: readonly number[];
  /** `redis+cluster://127.0.0.1:p1,127.0.0.1:p2`: two seed nodes; the third is discovered. */
  readonly url: string;
  stop(): Promise<void>;
}

export async function startLocalCluster(): Promise<LocalCluster> {
  const binary = findRedisServer();
  if (!binary) throw new Error('redis-server is not on PATH');
  const dir = mkdtempSync(join(tmpdir(), 'kyc-cluster-'));
  const ports: number[] = [];
  const children: ChildProcess[] = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    ports.push(port);
    children.push(
      spawn(
        binary,
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--appendonly',
          'no',
          '--save',
          '',
          '--maxmemory-policy',
          'noeviction',
        ],
        { stdio: 'ignore' },
      ),
    );
  }
  for (const port of ports) while (!(await ping(port))) await new Promise((r) => setTimeout(r, 50));
  await run('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-yes']);
  // Every node must agree that all slots are served before a client may rely on it.
  for (const port of ports) {
    for (;;) {
      const { stdout } = await run('redis-cli', ['-p', String(port), 'cluster', 'info']);
      if (stdout.includes('cluster_state:ok')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    ports,
    url: `redis+cluster://127.0.0.1:${ports[0]},127.0.0.1:${ports[1]}`,
    async stop() {
      for (const child of children) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
