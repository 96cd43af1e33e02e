import type { Command } from 'commander';
import { registerDemoCommand } from './demo.js';
import { registerEmulatorCommand } from './emulator.js';
import { registerRunCommand } from './run.js';
import { registerStatusCommand } from './status.js';
import { registerWorkerCommand } from './worker.js';

/** Each subcommand lives in its own module and registers itself here. */
export function registerCommands(program: Command): void {
  registerRunCommand(program);
  registerWorkerCommand(program);
  registerStatusCommand(program);
  registerDemoCommand(program);
  registerEmulatorCommand(program);
}
