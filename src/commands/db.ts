import type { Command } from 'commander';
import { environment } from '../settings/environment.js';
import { loadConfig } from '../config.js';
import { Desk } from '../desk/desk.js';
import { databaseUrlOf } from '../desk/db/open.js';
import { openEmbedded } from '../desk/db/embedded.js';
import { openPostgres } from '../desk/db/postgres.js';
import { migrate } from '../desk/db/migrate.js';
import type { Database } from '../desk/db/database.js';

/**
 * The review desk's database for the commands that need nothing else (`db migrate`, `whitelist import`,
 * `whitelist export`): `DATABASE_URL`, or the embedded one of the state directory.
 */
export async function withDesk<T>(
  stateDir: string | undefined,
  work: (desk: Desk) => Promise<T>,
): Promise<T> {
  const config = loadConfig(environment(), stateDir ? { stateDir } : {});
  const desk = await Desk.open({ databaseUrl: databaseUrlOf(environment()), stateDir: config.stateDir });
  try {
    return await work(desk);
  } finally {
    await desk.close();
  }
}

async function openUnmigrated(stateDir: string | undefined): Promise<Database> {
  const config = loadConfig(environment(), stateDir ? { stateDir } : {});
  const url = databaseUrlOf(environment());
  return url ? openPostgres(url) : openEmbedded(config.stateDir);
}

/** `kyc-screen db migrate`: applies the migrations the database lacks (start-up does the same). */
export function registerDbCommand(program: Command): void {
  const db = program
    .command('db')
    .description('the review desk database (DATABASE_URL, or embedded in the state directory)');
  db.command('migrate')
    .description('apply the migrations the database lacks and say which (serve and run also do at start-up)')
    .option(
      '--state-dir <dir>',
      'the state directory of the embedded database (default: KYC_STATE_DIR or .state)',
    )
    .action(async (options: { stateDir?: string }) => {
      const database = await openUnmigrated(options.stateDir);
      try {
        const applied = await migrate(database);
        const where = database.kind === 'postgres' ? database.where : `embedded, ${database.where}`;
        process.stdout.write(
          applied.length === 0
            ? `The database is up to date (${where}).\n`
            : `Applied migration${applied.length === 1 ? '' : 's'} ${applied.join(', ')} (${where}).\n`,
        );
      } finally {
        await database.close();
      }
    });
}
