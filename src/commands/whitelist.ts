import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { KycError } from '../errors.js';
import type { WhitelistEntry } from '../verdict/whitelist-entry.js';
import { appendWhitelistEntry } from '../whitelist/file.js';
import { entryFromVerdict } from '../whitelist/from-verdict.js';
import { verdictFileFormat } from '../ingest/verdict-file.js';
import { positiveInt } from './shared-options.js';
import { registerWhitelistDeskCommands } from './whitelist-desk.js';

export interface WhitelistAddOptions {
  verdicts: string;
  row: number;
  register?: string;
  recordId?: string;
  reviewer: string;
  comment?: string;
  whitelist: string;
  columns?: string;
}

/** Appends the reviewed match of one verdict row to the whitelist file; returns the entry written. */
export async function whitelistAddAction(options: WhitelistAddOptions): Promise<WhitelistEntry> {
  if (options.reviewer.trim() === '')
    throw new KycError('KYC_ERR_USAGE', '--reviewer must name the reviewer');
  const entry = await entryFromVerdict({
    verdicts: resolve(options.verdicts),
    row: options.row,
    register: options.register,
    recordId: options.recordId,
    reviewer: options.reviewer,
    comment: options.comment,
    columns: options.columns,
  });
  const format = await verdictFileFormat(resolve(options.verdicts), { columns: options.columns });
  // The run's verdicts and evidence are never the whitelist, whatever their names.
  const verdicts = resolve(options.verdicts);
  await appendWhitelistEntry(resolve(options.whitelist), entry, format, {
    protect: [
      verdicts,
      join(dirname(verdicts), 'evidence.jsonl'),
      join(dirname(verdicts), 'evidence.bodies.jsonl'),
    ],
  });
  return entry;
}

/** `kyc-screen whitelist add`: record a reviewed false positive from a verdict row. */
export function registerWhitelistCommand(program: Command): void {
  const whitelist = program
    .command('whitelist')
    .description('reviewed false positives: their matches are SUPPRESSED in runs given --whitelist');
  whitelist
    .command('add')
    .description(
      'append the match of one verdict row (record id and content hash from the evidence.jsonl beside it)',
    )
    .requiredOption('--verdicts <file>', 'verdicts.csv of a finished run (evidence.jsonl must be beside it)')
    .requiredOption('--row <n>', 'data row number (1 = the first row after the header)', positiveInt('--row'))
    .option('--register <name>', 'the register of the match, when the row has several (e.g. sanctions)')
    .option('--record-id <id>', 'the record id of the match, when the row has several')
    .requiredOption('--reviewer <name>', 'who reviewed the match')
    .option('--comment <text>', 'why it is a false positive')
    .requiredOption('--whitelist <file>', 'the whitelist CSV to append to (created when missing)')
    .option('--columns <map>', 'the header mapping the run was made with (--columns of run), if any')
    .action(async (options: WhitelistAddOptions) => {
      const entry = await whitelistAddAction(options);
      process.stdout.write(
        `Whitelisted for ${entry.clientKey}: ${entry.register} ${entry.recordId} (sha256 ${entry.recordHash.slice(0, 12)}…), ` +
          `reviewed by ${entry.reviewer} on ${entry.date}. It reopens by itself when the record changes.\n`,
      );
    });
  registerWhitelistDeskCommands(whitelist);
}
