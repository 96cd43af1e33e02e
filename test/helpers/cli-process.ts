import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEMO_API_KEY } from '../../src/config.js';

/** `kyc-screen …` as a separate OS process (TypeScript through tsx), so that it can be killed like in production. */
export function cli(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    env: { ...process.env, KYC_API_KEY: DEMO_API_KEY, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Collects a child's stderr (the tail) for failure messages. */
export function stderrOf(child: ChildProcess): () => string {
  let text = '';
  child.stderr?.on('data', (d: Buffer) => (text = (text + d.toString()).slice(-4000)));
  return () => text;
}

/** Whether soak sizes were asked for (`npm run soak`). */
export const SOAK = process.env.KYC_SOAK === '1';

/** A verdict file with the check timestamps blanked: the one thing that legitimately differs between runs. */
export function maskedVerdicts(path: string): string {
  return readFileSync(path, 'utf8').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<checked_at>');
}
