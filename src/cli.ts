import { Command, CommanderError, Help, type Option } from 'commander';
import { EXIT, isKycError } from './errors.js';
import { encodeFailure } from './failure.js';
import { VERSION } from './version.js';
import { registerCommands } from './commands/index.js';
import { environmentHelp, exitCodeHelp } from './cli-ui/help-topics.js';
import { usageLine } from './cli-ui/usage-error.js';

const program = new Command('kyc-screen')
  .description('Batch KYC screening: foreign agents, sanctions, bankruptcy and debtors, over BullMQ')
  .version(VERSION)
  // Commander's own error text is replaced by one KYC_ERR_USAGE line (below): a cron log or a shell
  // script wants the reason, not sixty lines of help.
  .configureOutput({ outputError: () => undefined })
  .configureHelp({
    optionDescription: (option: Option) => {
      const text = new Help().optionDescription(option);
      return option.mandatory ? `${text} (required)` : text;
    },
  })
  .addHelpText('after', `\n${environmentHelp()}\n\n${exitCodeHelp()}`)
  .exitOverride();

registerCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) process.exitCode = EXIT.OK;
    else {
      process.stderr.write(`${usageLine(program, process.argv.slice(2), error.message)}\n`);
      process.exitCode = EXIT.USAGE;
    }
  } else if (isKycError(error)) {
    process.stderr.write(`${encodeFailure(error)}\n`);
    process.exitCode = error.exitCode;
  } else {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`${encodeFailure({ code: 'KYC_ERR_INTERNAL', message })}\n`);
    process.exitCode = EXIT.INTERNAL;
  }
}
