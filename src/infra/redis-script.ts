import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script sent by its SHA1 (EVALSHA), and once in full when the server does not know it yet (after a
 * restart or on a new node): the hot path sends a few dozen bytes instead of the whole script every call.
 * Not ioredis's defineCommand: that adds the script to the connection BullMQ shares, and every ioredis
 * pipeline or transaction copies all of a connection's scripts when it is built.
 */
export class RedisScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
