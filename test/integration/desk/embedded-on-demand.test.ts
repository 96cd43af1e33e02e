import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../../src/desk/db/embedded.js';
import { Desk } from '../../../src/desk/desk.js';

/**
 * The embedded desk's engine runs only while statements come: opening the database takes its lock and
 * nothing else, the first statement starts the engine (and its `prepare`, the migrations), and the engine
 * stops once idle, to start again, with the data, at the next statement. The lock stays the opener's
 * throughout.
 */
describe('the embedded desk engine on demand', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'kyc-desk-on-demand-'));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('starts at the first statement, stops when idle, keeps the lock and the data', async () => {
    let starts = 0;
    const db = await openEmbedded(stateDir, {
      idleCloseMs: 300,
      prepare: async (engine) => {
        starts++;
        await engine.exec('CREATE TABLE IF NOT EXISTS kept (name text)');
      },
    });
    try {
      expect(starts).toBe(0);
      expect(existsSync(join(stateDir, 'desk-db', 'PG_VERSION'))).toBe(false);

      await db.query('INSERT INTO kept VALUES ($1)', ['Иванов Иван']);
      await db.transaction((tx) => tx.query('INSERT INTO kept VALUES ($1)', ['Петров Пётр']));
      expect(starts).toBe(1);

      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // Idle, the engine is down; the lock is not let go meanwhile.
      await expect(openEmbedded(stateDir)).rejects.toMatchObject({ code: 'KYC_ERR_DB_BUSY' });

      const rows = await db.query<{ name: string }>('SELECT name FROM kept ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(['Иванов Иван', 'Петров Пётр']);
      expect(starts).toBe(2);
    } finally {
      await db.close();
    }
    expect(existsSync(join(stateDir, 'desk-db.lock'))).toBe(false);
  }, 600_000);

  it('started ahead of a statement, stays up until that statement has run, then stops when idle', async () => {
    let starts = 0;
    const db = await openEmbedded(stateDir, {
      idleCloseMs: 300,
      prepare: () => Promise.resolve(void starts++),
    });
    try {
      // What `run` does before its preflight call (src/desk/command-desk.ts, warm).
      await new Desk(db).ready();
      expect(starts).toBe(1);
      // Longer than the idle time before the statement the engine was started for: no second start.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await db.query('SELECT 1');
      expect(starts).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await db.query('SELECT 1');
      expect(starts).toBe(2);
    } finally {
      await db.close();
    }
  }, 600_000);

  it('closes after the statement under way', async () => {
    const db = await openEmbedded(stateDir, { idleCloseMs: 60_000 });
    const counted = db.query<{ n: number }>('SELECT count(*)::int AS n FROM kept');
    await db.close();
    expect((await counted)[0]?.n).toBe(2);
  }, 600_000);
});
