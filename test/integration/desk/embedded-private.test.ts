import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../../src/desk/db/embedded.js';

/**
 * The embedded desk database holds client names and decisions (docs/operations.md, "Retention"): in a state
 * directory the user made 0755, its directory is 0700 and its files 0600, those an earlier version left
 * 0666 included, while it is open and after it is closed.
 */
function wideModes(dir: string): string[] {
  const wide: string[] = [];
  const walk = (path: string) => {
    if ((lstatSync(path).mode & 0o777) !== 0o700) wide.push(`${path} dir`);
    for (const name of readdirSync(path)) {
      const entry = join(path, name);
      const stat = lstatSync(entry);
      if (stat.isDirectory()) walk(entry);
      else if ((stat.mode & 0o777) !== 0o600) wide.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
    }
  };
  walk(dir);
  return wide;
}

describe('the embedded desk database at rest', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'kyc-desk-modes-'));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('is 0700 with files 0600 in a 0755 state directory, files left wide by an earlier version narrowed', async () => {
    chmodSync(stateDir, 0o755);
    const dir = join(stateDir, 'desk-db');
    // What an earlier version left: PGlite's own files as it writes them (0755 folders, 0666 files).
    const earlier = await PGlite.create(dir);
    await earlier.exec('CREATE TABLE earlier (name text); INSERT INTO earlier VALUES ($$Иванов Иван$$)');
    await earlier.close();
    expect(wideModes(dir).length).toBeGreaterThan(100);

    const db = await openEmbedded(stateDir);
    try {
      expect(wideModes(dir)).toEqual([]);
      await db.exec('CREATE TABLE later (name text); INSERT INTO later VALUES ($$Петров Пётр$$); CHECKPOINT');
      expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      await db.close();
    }
    expect(wideModes(dir)).toEqual([]);
    expect(lstatSync(`${dir}.lock`, { throwIfNoEntry: false })).toBeUndefined();
    expect(lstatSync(stateDir).mode & 0o777).toBe(0o755);
  }, 600_000);
});
