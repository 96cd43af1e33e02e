import type { Redis } from 'ioredis';

/** How long a process waits for its Redis to come back before it gives up (exit 6). */
export const REDIS_LOST_AFTER_MS = { embedded: 10_000, external: 60_000 } as const;

export interface RedisWatchdog {
  stop(): void;
}

/**
 * Calls `onLost` once when the connection has not been ready for `afterMs`: BullMQ and ioredis retry
 * forever, so without it a process whose Redis went away (an embedded one stopped, a server removed)
 * would log connection errors forever and hang on shutdown. A restart within the bound goes unnoticed.
 */
export function watchRedis(
  redis: Redis,
  afterMs: number,
  onLost: (downForMs: number) => void,
  checkEveryMs = 500,
): RedisWatchdog {
  let downSince: number | undefined;
  let fired = false;
  const timer = setInterval(() => {
    if (redis.status === 'ready') {
      downSince = undefined;
      return;
    }
    // A connection closed on purpose (quit) is not a lost Redis.
    if (redis.status === 'end' && downSince === undefined) return;
    downSince ??= Date.now();
    const down = Date.now() - downSince;
    if (!fired && down >= afterMs) {
      fired = true;
      clearInterval(timer);
      onLost(down);
    }
  }, checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
