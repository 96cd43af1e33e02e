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
 *
 * The engine costs memory while it runs (a WebAssembly PostgreSQL: about 120 MiB with the small buffer
 * pool below, some 250 MiB more with PostgreSQL's default 128 MB one) and blocks the event loop for a
 * second or two while it starts. A run needs it only at its two ends and `serve` only when the desk is
 * used, so the lock is taken at open, the engine is started at the first statement and stopped again
 * once no statement has come for `idleCloseMs`.
 */
export interface EmbeddedOptions {
  /** Run on the engine every time it starts, before any statement (the migrations). */
  readonly prepare?: (db: Database) => Promise<void>;
  /** How long the engine stays up after its last statement; default DEFAULT_IDLE_CLOSE_MS. */
  readonly idleCloseMs?: number;
}

export const DEFAULT_IDLE_CLOSE_MS = 10_000;

/**
 * The engine of a process that serves the desk's pages stays up longer: a person reading alerts moves from
 * page to page within a minute, and each start would stall the process for a second or two.
 */
export const DESK_PAGES_IDLE_MS = 120_000;

/**
 * PostgreSQL's shared buffer pool inside the engine. The desk's tables are small (alerts and decisions,
 * read by index); PGlite's default 128 MB pool was most of its memory and bought nothing here.
 */
const ENGINE_SETTINGS = ['-c', 'shared_buffers=16MB'];

function queryable(client: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
      return (await client.query<T>(sql, params as SqlValue[])).rows;
    },
  };
}

/** The started engine as a Database (its close is the owner's, not the caller's). */
function engineDatabase(pg: PGlite, where: string): Database {
  return {
    kind: 'embedded',
    where,
    ...queryable(pg),
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction: (work) => pg.transaction((tx) => work(queryable(tx))),
    close: () => Promise.resolve(),
  };
}

async function startEngine(dir: string): Promise<PGlite> {
  try {
    makePrivateDir(dir);
    const pg = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...ENGINE_SETTINGS] });
    makePrivateDir(dir);
    return pg;
  } catch (error) {
    throw new KycError('KYC_ERR_DB_CONNECT', `${dir}: ${(error as Error).message}`, { cause: error });
  }
}

export function openEmbedded(stateDir: string, options: EmbeddedOptions = {}): Promise<Database> {
  // A lock that is another process's rejects, as a failed open always did.
  return new Promise((resolve) => resolve(lockedDatabase(stateDir, options)));
}

/** The lock taken, the directory private; the engine waits for the first statement. */
function lockedDatabase(stateDir: string, options: EmbeddedOptions): Database {
  const dir = join(stateDir, 'desk-db');
  ensurePrivateDir(stateDir);
  const lock = takeLock(`${dir}.lock`);
  try {
    makePrivateDir(dir);
  } catch (error) {
    lock.release();
    throw new KycError('KYC_ERR_DB_CONNECT', `${dir}: ${(error as Error).message}`, { cause: error });
  }
  const engine = new OnDemandEngine(dir, options);
  return {
    kind: 'embedded',
    where: dir,
    query: (sql, params) => engine.use((db) => db.query(sql, params)),
    exec: (sql) => engine.use((db) => db.exec(sql)),
    transaction: (work) => engine.use((db) => db.transaction(work)),
    warm: () => engine.warm(),
    async close() {
      try {
        await engine.stop();
      } finally {
        lock.release();
      }
    },
  };
}

/** The engine, started for the statements that need it and stopped when none has come for a while. */
class OnDemandEngine {
  private started: Promise<{ pg: PGlite; db: Database }> | undefined;
  private stopping: Promise<void> = Promise.resolve();
  private busy = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly dir: string,
    private readonly options: EmbeddedOptions,
  ) {}

  async use<T>(work: (db: Database) => Promise<T>): Promise<T> {
    this.busy++;
    clearTimeout(this.idle);
    const running = this.start().then(({ db }) => work(db));
    this.inFlight.add(running);
    try {
      return await running;
    } finally {
      this.inFlight.delete(running);
      this.busy--;
      if (this.busy === 0) this.scheduleStop();
    }
  }

  /**
   * Starts the engine ahead of a statement known to come (a run's approved false positives, read right
   * before its first row) and keeps it up until that statement has run: an idle stop in between would
   * start it again, blocking the process for a second or more, between the run's preflight call and its
   * first checks.
   */
  async warm(): Promise<void> {
    clearTimeout(this.idle);
    await this.start();
  }

  private start(): Promise<{ pg: PGlite; db: Database }> {
    if (this.started) return this.started;
    const started = this.stopping.then(async () => {
      const pg = await startEngine(this.dir);
      const db = engineDatabase(pg, this.dir);
      try {
        await this.options.prepare?.(db);
      } catch (error) {
        await pg.close().catch(() => undefined);
        throw error;
      }
      return { pg, db };
    });
    this.started = started;
    // A start that failed is tried again by the next statement.
    started.catch(() => {
      if (this.started === started) this.started = undefined;
    });
    return started;
  }

  private scheduleStop(): void {
    this.idle = setTimeout(() => {
      if (this.busy === 0) void this.stop().catch(() => undefined);
    }, this.options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS);
    // An idle engine never keeps the process alive.
    this.idle.unref();
  }

  /**
   * Stops the engine when it runs, after the statements under way (its files narrowed once it has
   * written them).
   */
  async stop(): Promise<void> {
    clearTimeout(this.idle);
    await Promise.allSettled([...this.inFlight]);
    const started = this.started;
    this.started = undefined;
    if (!started) return this.stopping;
    this.stopping = started.then(
      async ({ pg }) => {
        await pg.close();
        makePrivateDir(this.dir);
      },
      () => undefined,
    );
    return this.stopping;
  }
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
