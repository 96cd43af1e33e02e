import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A database of the test's own on the PostgreSQL server of the machine (127.0.0.1:5432, user postgres,
 * trust auth; `DATABASE_URL` names another server): created for the test, and only that one dropped.
 */
export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

function serverUrl(database: string): string {
  const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/${database}`;
  return base.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `kyc_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: serverUrl(name),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl('postgres') });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Where a desk lives in a test: a database on the server, or the embedded one in a fresh state directory. */
export interface TestDeskPlace {
  readonly settings: { databaseUrl?: string; stateDir: string };
  /** The environment a child process (serve, run) needs for the same place. */
  readonly env: Record<string, string>;
  cleanup(): Promise<void>;
}

export type DeskKind = 'postgres' | 'embedded';
export const DESK_KINDS: readonly DeskKind[] = ['postgres', 'embedded'];

export async function testDeskPlace(kind: DeskKind): Promise<TestDeskPlace> {
  const stateDir = await mkdtemp(join(tmpdir(), 'kyc-desk-'));
  if (kind === 'embedded')
    return {
      settings: { stateDir },
      env: { KYC_STATE_DIR: stateDir, DATABASE_URL: '' },
      cleanup: () => rm(stateDir, { recursive: true, force: true }),
    };
  const database = await createTestDatabase();
  return {
    settings: { databaseUrl: database.url, stateDir },
    env: { KYC_STATE_DIR: stateDir, DATABASE_URL: database.url },
    async cleanup() {
      await database.drop();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
