import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { KycError } from '../errors.js';
import type { Logger } from '../log.js';
import { cancelRun, runIsHeld } from '../run/cancel.js';
import { scanKeys } from '../infra/redis-connection.js';
import { compactAppendOnlyFile, purgeRunJobs, QUEUE_STREAMS } from '../run/state/retention.js';
import type { RunState } from '../run/state/run-store.js';
import { queuesOf, runsIndexKey } from '../run/state/topology.js';
import { ApiRunIndex } from './run-index.js';

export interface DeleteContext {
  readonly redis: Redis;
  readonly prefix: string;
  /** The API's directory of runs: only a run's own directory in it is ever removed. */
  readonly runsDir: string;
  readonly log: Logger;
}

/** Every trace of a finished run: its directory (upload, outputs, report), then all it left in Redis. */
async function forgetRun(ctx: DeleteContext, run: RunState): Promise<void> {
  const { redis, prefix } = ctx;
  const dir = join(ctx.runsDir, run.id);
  if (dirname(run.out) === dir) await rm(dir, { recursive: true, force: true });
  const runs = new Queue(queuesOf(run.service).runs, { connection: redis, prefix, streams: QUEUE_STREAMS });
  try {
    await runs.remove(run.id);
  } finally {
    await runs.close();
  }
  await purgeRunJobs(redis, prefix, run.id, run.service?.id);
  await scanKeys(redis, `${prefix}:run:${run.id}:*`, async (keys) => {
    await redis.unlink(...keys);
  });
  await redis.zrem(runsIndexKey(prefix), run.id);
  await new ApiRunIndex(redis, prefix).remove(run.id, run.submitter ?? '');
  // A failed run kept client data until now: it leaves the append-only file too, without holding the answer.
  void compactAppendOnlyFile(redis, ctx.log);
}

/**
 * DELETE /v1/runs/{id}: a run still going is cancelled (`cancelled`, no output placed; its data goes as its
 * coordinator abandons it); a finished one (done, failed or cancelled) is deleted, files and Redis data.
 */
export async function deleteRun(ctx: DeleteContext, run: RunState): Promise<'cancelled' | 'deleted'> {
  if (run.status === 'queued' || run.status === 'running') {
    await cancelRun(ctx.redis, ctx.prefix, run.id);
    return 'cancelled';
  }
  if (run.status === 'cancelled' && (await runIsHeld(ctx.redis, ctx.prefix, run.id)))
    throw new KycError('KYC_ERR_API_RUN_NOT_DONE', `run ${run.id} is still stopping; try again in a moment`);
  await forgetRun(ctx, run);
  return 'deleted';
}
