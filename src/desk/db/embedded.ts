import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { KycError } from '../../errors.js';
import { ensurePrivateDir, makePrivateDir } from '../../infra/private-files.js';
import type { Database, Queryable, Row, SqlValue } from './database.js';

/**
 * The embedded PostgreSQL (PGlite) in `<state dir>/desk-db`: the desk of one machine and of the demo,
 * with nothing to install. Its files are one process's at a time, so a lock file beside them holds the
 * opener's pid; a second process is refused (KYC_ERR_DB_BUSY) rather than let corrupt the data. A lock
 * whose process is gone is taken over. Several processes share a desk through `DATABASE_URL`.
 *
 * The database holds client names and the desk's decisions: its directory is 0700 before PGlite writes
 * anything (a state directory the user made 0755 does not widen it), and its files are narrowed to 0600 at
 * open (PGlite unpacks its initial files 0666; an earlier version left them so) and at close (files
 * PGlite created meanwhile follow the umask, unreachable to others inside the 0700 directory).
 */
export async function openEmbedded(stateDir: string): Promise<Database> {
  const dir = join(stateDir, 'desk-db');
  ensurePrivateDir(stateDir);
  const lock = takeLock(`${dir}.lock`);
  let db: PGlite;
  try {
    makePrivateDir(dir);
    db = await PGlite.create(dir);
    makePrivateDir(dir);
  } catch (error) {
    lock.release();
    throw new KycError('KYC_ERR_DB_CONNECT', `${dir}: ${(error as Error).message}`, { cause: error });
  }
  const on = (client: Pick<PGlite, 'query'>): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
      return (await client.query<T>(sql, params as SqlValue[])).rows;
    },
  });
  return {
    kind: 'embedded',
    where: dir,
    ...on(db),
    async exec(sql) {
      await db.exec(sql);
    },
    transaction: (work) => db.transaction((tx) => work(on(tx))),
    async close() {
      try {
        await db.close();
        makePrivateDir(dir);
      } finally {
        lock.release();
      }
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists and is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file, created exclusively; a stale one (its pid gone) is removed and taken once more. */
function takeLock(path: string): { release(): void } {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let held = true;
      const release = () => {
        if (held) rmSync(path, { force: true });
        held = false;
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid))
        throw new KycError(
          'KYC_ERR_DB_BUSY',
          `process ${pid} has the embedded database of this state directory open; set DATABASE_URL to share a PostgreSQL server`,
        );
      rmSync(path, { force: true });
    }
  }
  throw new KycError('KYC_ERR_DB_BUSY', `${path} could not be taken`);
}
