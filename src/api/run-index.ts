import type { Redis } from 'ioredis';

/**
 * The runs submitted through the API, newest first: the API lists only its own runs, and a page of them
 * must not be picked out of every run the Redis holds.
 */
export class ApiRunIndex {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.key = `${prefix}:api:runs`;
  }

  async add(runId: string, createdAt: string): Promise<void> {
    await this.redis.zadd(this.key, Date.parse(createdAt), runId);
  }

  async page(offset: number, limit: number): Promise<{ ids: string[]; total: number }> {
    const [ids, total] = await Promise.all([
      this.redis.zrevrange(this.key, offset, offset + limit - 1),
      this.redis.zcard(this.key),
    ]);
    return { ids, total };
  }
}
