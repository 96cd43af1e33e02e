import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { RunStore } from '../run/state/run-store.js';
import { RUN_ID_PATTERN } from '../run/state/topology.js';

/**
 * An upload whose submission died with its process (a crash, a kill, a restart) between receiving the file
 * and storing the run: a run directory holding only `input.csv`, of a run Redis does not know. No run
 * answers for it, so no `DELETE` can reach it; the server removes it. A submission in progress (its file is
 * written, then checked) is left alone: nothing in the directory may have changed for `ORPHAN_UPLOAD_AGE_MS`.
 * A directory with anything else in it (a run's outputs) is never touched, whatever Redis says.
 */
export const ORPHAN_UPLOAD_AGE_MS = 60 * 60 * 1000;

export interface OrphanUploadContext {
  readonly redis: Redis;
  readonly prefix: string;
  readonly runsDir: string;
  readonly log: Logger;
}

/** The newest modification time in the directory (itself included), when it holds nothing but the upload. */
async function uploadOnlySince(dir: string): Promise<number | undefined> {
  const names = await readdir(dir);
  if (names.some((name) => name !== 'input.csv')) return undefined;
  const stats = await Promise.all([dir, ...names.map((name) => join(dir, name))].map((path) => lstat(path)));
  if (stats.slice(1).some((stat) => !stat.isFile())) return undefined;
  return Math.max(...stats.map((stat) => stat.mtimeMs));
}

/** Removes the orphaned uploads of the API's run directory; returns the run ids whose upload went. */
export async function removeOrphanUploads(
  ctx: OrphanUploadContext,
  now = Date.now(),
  ageMs = ORPHAN_UPLOAD_AGE_MS,
): Promise<string[]> {
  const store = new RunStore(ctx.redis, ctx.prefix);
  const removed: string[] = [];
  const entries = await readdir(ctx.runsDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !RUN_ID_PATTERN.test(entry.name)) continue;
    const dir = join(ctx.runsDir, entry.name);
    const since = await uploadOnlySince(dir).catch(() => undefined);
    if (since === undefined || now - since < ageMs) continue;
    if (await store.get(entry.name)) continue;
    await rm(dir, { recursive: true, force: true });
    removed.push(entry.name);
  }
  if (removed.length > 0)
    ctx.log.warn(
      { runs: removed },
      'removed uploads of submissions that ended before their run was stored (no run answers for them)',
    );
  return removed;
}
