import pg from 'pg';
import { KycError } from '../../errors.js';
import { maskUrlCredentials } from '../../url-mask.js';
import type { Database, Queryable, Row, SqlValue } from './database.js';

/** A PostgreSQL server through a small pool (`DATABASE_URL`). */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 5, connectionTimeoutMillis: 10_000 });
  // An idle connection the server closes must not crash the process: the pool replaces it.
  pool.on('error', () => undefined);
  const where = maskUrlCredentials(url);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new KycError('KYC_ERR_DB_CONNECT', `${where}: ${(error as Error).message}`, { cause: error });
  }
  const on = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
      const result = await client.query<T>(sql, params as SqlValue[]);
      return result.rows;
    },
  });
  return {
    kind: 'postgres',
    where,
    ...on(pool),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await work(on(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
