import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openClientFile } from '../../../src/ingest/index.js';
import { readWhitelist } from '../../../src/whitelist/file.js';

/** A FIFO in a fresh directory; `release` opens its writing end, which frees any reader blocked on it. */
function fifo(): { path: string; release: () => void } {
  const path = join(mkdtempSync(join(tmpdir(), 'kyc-fifo-')), 'clients.csv');
  execFileSync('mkfifo', [path]);
  return {
    path,
    release: () => {
      try {
        closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader waits on it.
      }
    },
  };
}

/** The outcome of `attempt`, or 'blocked' when it has not settled within a second. */
async function within(attempt: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const blocked = new Promise((resolve) => (timer = setTimeout(() => resolve('blocked'), 1_000)));
  try {
    return await Promise.race([
      attempt().then(
        () => 'opened',
        (error: unknown) => error,
      ),
      blocked,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const releases: (() => void)[] = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
});

describe('an input that is not a regular file', () => {
  it('a FIFO given as the client file is refused at once, naming its kind, never waited on', async () => {
    const pipe = fifo();
    releases.push(pipe.release);
    const outcome = await within(() => openClientFile(pipe.path));
    expect(outcome).toMatchObject({ code: 'KYC_ERR_INPUT_NOT_REGULAR' });
    expect(String((outcome as Error).message)).toContain(`${pipe.path} is a FIFO`);
  });

  it.each([
    ['/dev/zero', 'a character device'],
    ['/dev/null', 'a character device'],
  ])('%s is refused as %s, not read as endless or empty data', async (path, kind) => {
    const outcome = await within(() => openClientFile(path));
    expect(outcome).toMatchObject({ code: 'KYC_ERR_INPUT_NOT_REGULAR' });
    expect(String((outcome as Error).message)).toContain(kind);
  });

  it('a FIFO given as the whitelist is refused the same way', async () => {
    const pipe = fifo();
    releases.push(pipe.release);
    expect(await within(() => readWhitelist(pipe.path))).toMatchObject({ code: 'KYC_ERR_INPUT_NOT_REGULAR' });
  });

  it('a regular file, and a symlink to one, still open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-regular-'));
    const path = join(dir, 'clients.csv');
    writeFileSync(path, 'client_id,full_name\n1,Белоусов Пётр Ильич\n');
    execFileSync('ln', ['-s', path, join(dir, 'link.csv')]);
    for (const name of ['clients.csv', 'link.csv']) {
      const file = await openClientFile(join(dir, name));
      const rows = [];
      for await (const row of file.rows) rows.push(row);
      expect(rows).toHaveLength(1);
    }
  });
});
