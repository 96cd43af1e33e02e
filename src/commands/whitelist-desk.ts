import { resolve } from 'node:path';
import { environment } from '../settings/environment.js';
import type { Command } from 'commander';
import { deskPersonNamed, loadApiTokens } from '../api/tokens.js';
import { KycError } from '../errors.js';
import {
  exportWhitelist,
  importWhitelist,
  whitelistBytes,
  writeWhitelistFile,
} from '../desk/whitelist-io.js';
import { readWhitelist } from '../whitelist/file.js';
import { withDesk } from './db.js';

/** `whitelist import` and `whitelist export`: the CSV whitelist and the review desk, both ways. */
export function registerWhitelistDeskCommands(whitelist: Command): void {
  whitelist
    .command('import')
    .description('turn a whitelist file into approved false-positive decisions of the review desk')
    .argument('<file>', 'the whitelist CSV (the columns of whitelist add)')
    .requiredOption('--approver <name>', 'who approves the imported decisions (not a reviewer of the file)')
    .option(
      '--state-dir <dir>',
      'the state directory of the embedded database (default: KYC_STATE_DIR or .state)',
    )
    .action(async (file: string, options: { approver: string; stateDir?: string }) => {
      const named = options.approver.trim();
      if (named === '') throw new KycError('KYC_ERR_USAGE', '--approver must name the approver');
      // The approver is a person of the API's tokens with the approver role, as at the desk.
      const person = deskPersonNamed(loadApiTokens(environment()), named);
      if (!person)
        throw new KycError(
          'KYC_ERR_DESK_APPROVER_UNKNOWN',
          `--approver ${named} names no entry of KYC_API_TOKENS with a desk role (or it has expired)`,
        );
      const approver = person.name;
      const parsed = await readWhitelist(resolve(file));
      const result = await withDesk(options.stateDir, (desk) => importWhitelist(desk.db, parsed, person));
      process.stdout.write(
        `Imported ${result.imported} decision${result.imported === 1 ? '' : 's'} approved by ${approver}` +
          (result.unchanged > 0 ? `; ${result.unchanged} already in force` : '') +
          '. Later runs suppress them while the records are unchanged.\n',
      );
    });
  whitelist
    .command('export')
    .description("write the review desk's false positives in force as a whitelist file")
    .requiredOption('--out <file>', 'the whitelist CSV to write')
    .option('--overwrite', 'replace the file when it exists')
    .option(
      '--state-dir <dir>',
      'the state directory of the embedded database (default: KYC_STATE_DIR or .state)',
    )
    .action(async (options: { out: string; overwrite?: boolean; stateDir?: string }) => {
      const entries = await withDesk(options.stateDir, (desk) => exportWhitelist(desk.db));
      await writeWhitelistFile(resolve(options.out), whitelistBytes(entries), options.overwrite === true);
      process.stdout.write(
        `Wrote ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} to ${options.out}.\n`,
      );
    });
}
