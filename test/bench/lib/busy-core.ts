import { spawn } from 'node:child_process';

/**
 * Another process keeping one core busy for as long as it runs, as a noisy neighbour on a shared host does:
 * timers fire late and the pipeline's processes get the other core in turns.
 */
export function busyCore(): { stop(): Promise<void> } {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return {
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
