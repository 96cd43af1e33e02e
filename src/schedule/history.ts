import type { Redis } from 'ioredis';
import { RunStore, type RunState } from '../run/state/run-store.js';

/**
 * The runs each schedule fired, by firing time, so a new run finds the one to compare itself with: the
 * latest finished run of the same schedule fired before it.
 */
export class ScheduleHistory {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(name: string): string {
    return `${this.prefix}:schedule:${name}:runs`;
  }

  async record(name: string, firedAt: number, runId: string): Promise<void> {
    await this.redis.zadd(this.key(name), firedAt, runId);
  }

  async forget(name: string, runId: string): Promise<void> {
    await this.redis.zrem(this.key(name), runId);
  }

  async previousDone(name: string, firedAt: number): Promise<RunState | undefined> {
    const store = new RunStore(this.redis, this.prefix);
    const earlier = await this.redis.zrevrangebyscore(this.key(name), `(${firedAt}`, '-inf', 'LIMIT', 0, 50);
    for (const runId of earlier) {
      const run = await store.get(runId);
      if (run?.status === 'done') return run;
    }
    return undefined;
  }
}
