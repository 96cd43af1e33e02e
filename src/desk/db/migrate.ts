import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KycError } from '../../errors.js';
import { packageRoot } from '../../version.js';
import type { Database } from './database.js';

/**
 * Versioned migrations: `migrations/NNNN_name.sql`, applied in order, each once, each in one transaction
 * with the row that records it in `desk_migrations`. A migration once released is never edited: a change
 * is a new file. Two processes migrating at once: the second one's insert of the same version fails, its
 * transaction rolls back, and it finds the version applied.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/u;

export function migrationsDir(): string {
  return join(packageRoot(), 'migrations');
}

export async function readMigrations(dir = migrationsDir()): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort();
  const out: Migration[] = [];
  for (const name of names) {
    const match = FILE.exec(name);
    if (!match) throw new KycError('KYC_ERR_DB_MIGRATION', `${name} is not named NNNN_name.sql`);
    const version = Number(match[1]);
    if (out.some((m) => m.version === version))
      throw new KycError('KYC_ERR_DB_MIGRATION', `version ${version} is given twice`);
    out.push({ version, name: match[2] ?? name, sql: await readFile(join(dir, name), 'utf8') });
  }
  return out;
}

async function appliedVersions(db: Database): Promise<Set<number>> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS desk_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const rows = await db.query<{ version: number }>('SELECT version::int AS version FROM desk_migrations');
  return new Set(rows.map((r) => Number(r.version)));
}

/** Applies the migrations not yet applied; returns the versions applied now (none: up to date). */
export async function migrate(db: Database, migrations?: readonly Migration[]): Promise<number[]> {
  const all = migrations ?? (await readMigrations());
  const applied = await appliedVersions(db);
  const known = new Set(all.map((m) => m.version));
  const unknown = [...applied].filter((v) => !known.has(v));
  if (unknown.length > 0)
    throw new KycError(
      'KYC_ERR_DB_MIGRATION',
      `the database has version ${Math.max(...unknown)}, which this kyc-screen does not know: it is older than the database`,
    );
  const done: number[] = [];
  for (const migration of all) {
    if (applied.has(migration.version)) continue;
    // One simple-protocol string is one transaction on both drivers: the migration and its record together.
    const record = `INSERT INTO desk_migrations (version, name) VALUES (${migration.version}, '${migration.name}')`;
    try {
      await db.exec(`${migration.sql}\n;\n${record};`);
    } catch (error) {
      if ((await appliedVersions(db)).has(migration.version)) continue;
      throw new KycError(
        'KYC_ERR_DB_MIGRATION',
        `${String(migration.version).padStart(4, '0')}_${migration.name}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    done.push(migration.version);
  }
  return done;
}
