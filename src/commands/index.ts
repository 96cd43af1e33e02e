import type { Command } from 'commander';
import { registerDashboardCommand } from './dashboard.js';
import { registerDbCommand } from './db.js';
import { registerDemoCommand } from './demo.js';
import { registerDictionariesCommand } from './dictionaries.js';
import { registerDoctorCommand } from './doctor.js';
import { registerEmulatorCommand } from './emulator.js';
import { registerReportCommand } from './report.js';
import { registerRunCommand } from './run.js';
import { registerScheduleCommand } from './schedule.js';
import { registerServeCommand } from './serve.js';
import { registerStatusCommand } from './status.js';
import { registerWhitelistCommand } from './whitelist.js';
import { registerWorkerCommand } from './worker.js';

/** Each subcommand lives in its own module and registers itself here. */
export function registerCommands(program: Command): void {
  registerRunCommand(program);
  registerWorkerCommand(program);
  registerStatusCommand(program);
  registerDemoCommand(program);
  registerEmulatorCommand(program);
  registerScheduleCommand(program);
  registerReportCommand(program);
  registerWhitelistCommand(program);
  registerDashboardCommand(program);
  registerServeCommand(program);
  registerDictionariesCommand(program);
  registerDoctorCommand(program);
  registerDbCommand(program);
}
