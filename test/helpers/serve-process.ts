import { createHash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { freePort } from '../../src/infra/free-port.js';
import { cli, exited, stderrOf } from './cli-process.js';

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

/** Stops a serve started for a test file: SIGTERM, and it must exit 0 (a clean shutdown). */
export async function stopServe(server: ChildProcess): Promise<void> {
  server.kill('SIGTERM');
  expect(await exited(server)).toBe(0);
}

/** The API's documented error body: this status, this code, a message, and the response's request id. */
export async function expectErrorBody(response: Response, status: number, code: string): Promise<void> {
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'request_id']);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.request_id).toBe(response.headers.get('x-request-id'));
}
