import { KycError } from '../../errors.js';
import type { Database } from './database.js';
import { openEmbedded } from './embedded.js';
import { migrate } from './migrate.js';
import { openPostgres } from './postgres.js';

export interface DatabaseSettings {
  /** `DATABASE_URL`: a PostgreSQL server; undefined → the embedded database of the state directory. */
  readonly databaseUrl?: string | undefined;
  readonly stateDir: string;
  /**
   * The embedded database's engine stops after this long without a statement (src/desk/db/embedded.ts);
   * a server's connection is kept.
   */
  readonly idleCloseMs?: number;
}

const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/u;

/** `DATABASE_URL` of the environment, checked: an empty value is unset, anything but a postgres URL refused. */
export function databaseUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_URL?.trim();
  if (!url) return undefined;
  if (!POSTGRES_URL.test(url))
    throw new KycError('KYC_ERR_CONFIG_INVALID', 'DATABASE_URL must start with postgres:// or postgresql://');
  return url;
}

/**
 * The desk's database, opened and migrated to this version (migrations run at every start-up: of the
 * process for a server, of the engine for the embedded database, which starts at its first statement).
 */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  if (!settings.databaseUrl)
    return openEmbedded(settings.stateDir, {
      prepare: async (db) => void (await migrate(db)),
      ...(settings.idleCloseMs === undefined ? {} : { idleCloseMs: settings.idleCloseMs }),
    });
  const db = await openPostgres(settings.databaseUrl);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
