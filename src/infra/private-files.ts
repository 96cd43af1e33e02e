import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Files under the state directory hold client data at rest (the embedded Redis's append-only file) or
 * details of runs (logs): only the user running kyc-screen may read them, whatever the umask.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the directory 0700 (and its missing parents), or narrows an existing one and everything in it
 * (files 0600, directories 0700), so that data left by an earlier version with wider modes is closed too.
 * Only for directories kyc-screen owns (the embedded Redis's); symbolic links are not followed.
 */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  narrow(path, 0);
}

/** Creates the directory 0700 when it is missing; an existing one (the user's choice) is left as it is. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

function narrow(path: string, depth: number): void {
  chmodSync(path, PRIVATE_DIR_MODE);
  if (depth > 2) return;
  for (const name of readdirSync(path)) {
    const entry = join(path, name);
    const stat = lstatSync(entry);
    if (stat.isDirectory()) narrow(entry, depth + 1);
    else if (stat.isFile()) chmodSync(entry, PRIVATE_FILE_MODE);
  }
}

/** Runs `spawn` (or anything that creates a process) with umask 077, so that what the child creates is private. */
export function withPrivateUmask<T>(start: () => T): T {
  const previous = process.umask(0o077);
  try {
    return start();
  } finally {
    process.umask(previous);
  }
}
