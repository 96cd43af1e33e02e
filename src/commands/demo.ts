import type { Command } from 'commander';
import { setting } from '../settings/environment.js';
import { join } from 'node:path';
import { packageRoot } from '../version.js';
import { writeRunReport } from '../reporting/report/write-report.js';
import { runAction } from './run.js';
import { deskRecordOfRun } from './run-desk-record.js';
import { DEFAULT_WORKER_SETTINGS } from '../workers/workers.js';

/**
 * `kyc-screen demo` (`npm run demo`): screens samples/clients.csv end to end on this machine, with the
 * embedded Redis and the built-in emulator unless REDIS_URL / KYC_API_URL say otherwise.
 */
export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('screen samples/clients.csv end to end and print where the outputs are')
    .option(
      '--out-dir <dir>',
      'where to write the outputs; a demo replaces the outputs of the previous one there',
      join('out', 'demo'),
    )
    .action(async (options: { outDir: string }) => {
      const input = join(packageRoot(), 'samples', 'clients.csv');
      const code = await runAction(input, {
        outDir: options.outDir,
        // Each demo replaces the previous demo's files; a real run refuses existing outputs.
        overwrite: true,
        concurrency: DEFAULT_WORKER_SETTINGS.checksConcurrency,
        window: 1000,
        priority: 'high',
        workers: true,
        attempts: DEFAULT_WORKER_SETTINGS.attempts,
        progress: true,
        // The demo is the one command that opts into the emulator by itself (loudly announced).
        emulator: !setting('KYC_API_URL'),
      });
      // The report shows what the run recorded at the desk, as `report html` of the same run would.
      const report =
        code === 0 || code === 4
          ? await writeRunReport({
              target: options.outDir,
              overwrite: true,
              desk: await deskRecordOfRun(options.outDir, {}),
            })
          : undefined;
      process.stdout.write(
        `\nOutputs are in ${options.outDir}/ (verdicts.csv, evidence.jsonl and its evidence.bodies.jsonl, manifest.json)` +
          (report ? `; open ${report} in a browser for the report.\n` : '.\n') +
          // The run recorded its alerts at the desk of this state directory (embedded PostgreSQL).
          `Review desk: http://127.0.0.1:3000/desk once the dashboard runs: ` +
          `KYC_API_TOKENS=<name:sha256:analyst+approver,…> node bin/kyc-screen.js dashboard (docs/review-desk.md).\n`,
      );
      process.exitCode = code === 4 ? 0 : code;
    });
}
