import { join } from 'node:path';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { KycError } from '../errors.js';
import { startEmbeddedRedis } from '../pipeline/embedded-redis.js';
import { connectRedis } from '../pipeline/runtime.js';

export interface RedisSession {
  readonly redis: Redis;
  close(): Promise<void>;
}

/**
 * Redis for a command that only reads or writes a few keys (schedule, report, dashboard): REDIS_URL, else
 * the embedded redis-server of the state directory. One left running by a run or a worker is adopted and
 * left running; one started just for this command is stopped with it.
 */
export async function openRedis(config: Config): Promise<RedisSession> {
  const embedded = config.redisUrl
    ? undefined
    : await startEmbeddedRedis({ dir: join(config.stateDir, 'redis'), persist: true });
  const redis = connectRedis(config.redisUrl ?? embedded?.url ?? '');
  try {
    // With BullMQ's unlimited retries a ping to an unreachable Redis would wait forever.
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in 10 s')), 10_000).unref()),
    ]);
  } catch (error) {
    redis.disconnect();
    if (embedded && !embedded.adopted) await embedded.stop();
    throw new KycError('KYC_ERR_REDIS_CONNECT', error instanceof Error ? error.message : String(error));
  }
  return {
    redis,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
      if (embedded && !embedded.adopted) await embedded.stop();
    },
  };
}
