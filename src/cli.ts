import { Command, CommanderError } from 'commander';
import { EXIT, isKycError } from './errors.js';
import { VERSION } from './version.js';
import { registerCommands } from './commands/index.js';

const program = new Command('kyc-screen')
  .description('Batch KYC screening: foreign agents, sanctions, bankruptcy and debtors, over BullMQ')
  .version(VERSION)
  .showHelpAfterError()
  .exitOverride();

registerCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
  } else if (isKycError(error)) {
    process.stderr.write(`${error.toString()}\n`);
    process.exitCode = error.exitCode;
  } else {
    process.stderr.write(
      `KYC_ERR_INTERNAL: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = EXIT.INTERNAL;
  }
}
