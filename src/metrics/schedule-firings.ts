import type { Redis } from 'ioredis';
import { Counter, type Registry } from 'prom-client';

/**
 * Firings of schedules that did not run (failed for good, or skipped behind a firing still running), by
 * schedule, outcome and code: counted in Redis by whichever worker fired them, so the process that serves
 * /metrics (the dashboard) shows them all.
 */
export type FiringOutcome = 'failed' | 'skipped';

function key(prefix: string): string {
  return `${prefix}:schedule-firings`;
}

const SEP = '\u001f';

export async function countFiring(
  redis: Redis,
  prefix: string,
  firing: { readonly schedule: string; readonly outcome: FiringOutcome; readonly code: string },
): Promise<void> {
  await redis.hincrby(key(prefix), [firing.schedule, firing.outcome, firing.code].join(SEP), 1);
}

export interface FiringCount {
  readonly schedule: string;
  readonly outcome: string;
  readonly code: string;
  readonly count: number;
}

export async function firingCounts(redis: Redis, prefix: string): Promise<FiringCount[]> {
  const raw = await redis.hgetall(key(prefix));
  return Object.entries(raw).map(([field, value]) => {
    const [schedule = '', outcome = '', code = ''] = field.split(SEP);
    return { schedule, outcome, code, count: Number(value) };
  });
}

/** `kyc_schedule_firings_total{schedule,outcome,code}` in a registry, read from Redis at scrape time. */
export function registerFiringMetrics(registry: Registry, redis: Redis, prefix: string): void {
  new Counter({
    name: 'kyc_schedule_firings_total',
    help: 'Firings of schedules that did not run: failed (with the error code) or skipped (overlap)',
    labelNames: ['schedule', 'outcome', 'code'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const c of await firingCounts(redis, prefix))
        this.inc({ schedule: c.schedule, outcome: c.outcome, code: c.code }, c.count);
    },
  });
}
