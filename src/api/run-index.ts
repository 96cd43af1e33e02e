import type { Redis } from 'ioredis';

/**
 * The runs submitted through the API, newest first, in all and per submitter: the API lists only its own
 * runs (a token only its own), and a page of them must not be picked out of every run the Redis holds.
 */
export class ApiRunIndex {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.key = `${prefix}:api:runs`;
  }

  /** Token names are `[A-Za-z0-9_.@-]`: safe in a key. */
  private keyOf(submitter: string): string {
    return `${this.key}:by:${submitter}`;
  }

  async add(runId: string, createdAt: string, submitter: string): Promise<void> {
    const score = Date.parse(createdAt);
    await this.redis.multi().zadd(this.key, score, runId).zadd(this.keyOf(submitter), score, runId).exec();
  }

  async remove(runId: string, submitter: string): Promise<void> {
    await this.redis.multi().zrem(this.key, runId).zrem(this.keyOf(submitter), runId).exec();
  }

  /** A page of every run (submitter undefined), or of one submitter's. */
  async page(offset: number, limit: number, submitter?: string): Promise<{ ids: string[]; total: number }> {
    const key = submitter === undefined ? this.key : this.keyOf(submitter);
    const [ids, total] = await Promise.all([
      this.redis.zrevrange(key, offset, offset + limit - 1),
      this.redis.zcard(key),
    ]);
    return { ids, total };
  }
}
