import { join } from 'node:path';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { EXIT, KycError } from '../errors.js';
import { startEmbeddedRedis } from './embedded-redis.js';
import { REDIS_LOST_AFTER_MS, watchRedis } from './redis-watchdog.js';
import { awaitRedis, connectRedis } from './redis-connection.js';

export interface RedisSession {
  readonly redis: Redis;
  close(): Promise<void>;
}

/**
 * Redis for a command that only reads or writes a few keys (schedule, report, dashboard): REDIS_URL, else
 * the embedded redis-server of the state directory. One already running (a run, a worker) is joined and
 * left to them; one started just for this command is stopped with it.
 */
export async function openRedis(config: Config): Promise<RedisSession> {
  const embedded = config.redisUrl
    ? undefined
    : await startEmbeddedRedis({ dir: join(config.stateDir, 'redis'), persist: true });
  const url = config.redisUrl ?? embedded?.url ?? '';
  const redis = connectRedis(url);
  try {
    await awaitRedis(redis, url);
  } catch (error) {
    redis.disconnect();
    await embedded?.stop();
    throw error;
  }
  // A Redis gone for good (its embedded server stopped by someone) ends the command with exit 6.
  const watchdog = watchRedis(redis, REDIS_LOST_AFTER_MS[embedded ? 'embedded' : 'external'], (downMs) => {
    process.stderr.write(
      `${new KycError('KYC_ERR_REDIS_LOST', `no answer for ${Math.round(downMs / 1000)} s`).message}; exiting\n`,
    );
    process.exit(EXIT.REDIS);
  });
  return {
    redis,
    async close() {
      watchdog.stop();
      await redis.quit().catch(() => redis.disconnect());
      await embedded?.stop();
    },
  };
}
