import { createHash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../../src/infra/free-port.js';
import { cli, stderrOf } from './cli-process.js';

/** `kyc-screen serve --emulator` as a process on a free port, answering once this resolves. */
export interface ServeProcess {
  readonly child: ChildProcess;
  readonly base: string;
  readonly stderr: () => string;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export async function startServe(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  port?: number,
): Promise<ServeProcess> {
  const listenOn = port ?? (await freePort());
  const child = cli(['serve', '--emulator', '--port', String(listenOn), ...args], env);
  const stderr = stderrOf(child);
  const base = `http://127.0.0.1:${listenOn}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode}: ${stderr()}`);
    try {
      if ((await fetch(`${base}/v1/openapi.json`)).ok) return { child, base, stderr };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`serve did not answer: ${stderr()}`);
}
