/**
 * The one query interface of the review desk's database. Two implementations run the same SQL: a
 * PostgreSQL server (`DATABASE_URL`, src/desk/db/postgres.ts) and the embedded PostgreSQL of the state
 * directory (PGlite, src/desk/db/embedded.ts). Parameters are `$1`, `$2`, …; rows come back as plain
 * objects. Both drivers answer numbers for integer and float columns only when the SQL casts counts to
 * `int` (a server's bigint arrives as a string), so queries cast every count and every id they read.
 */
export type SqlValue = string | number | boolean | null | Date;

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
}

export interface Database extends Queryable {
  /** `postgres` for a server, `embedded` for the database in the state directory. */
  readonly kind: 'postgres' | 'embedded';
  /** Where it lives, fit for a log line: the server's URL without its password, or the directory. */
  readonly where: string;
  /** Several statements separated by `;`, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Gets ready for the next statement now (the embedded engine starts and migrates, and stays up until
   * that statement has run, however long it comes after); absent: nothing to get ready.
   */
  warm?(): Promise<void>;
  close(): Promise<void>;
}
