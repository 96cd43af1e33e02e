import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisScript } from '../infra/redis-script.js';
import { RunInterrupted } from './interrupted.js';

/**
 * One coordinator per run, whatever BullMQ believes. BullMQ's lock on the run's job lapses when its holder
 * does not renew it in time (a process stopped by the system, an event loop blocked for seconds on a busy
 * machine); the job then goes back to the queue and a second coordinator starts on the same run while the
 * first, once it runs again, carries on writing the same part files. The lease is this module's own
 * fencing: a coordinator works only while it holds the run's lease, looks before every write, and stops for
 * good (RunTakenOver) once the lease is another's.
 */

/**
 * A lease not renewed for this long is free. As long as BullMQ's lock on the run's job (the runs worker
 * uses this length for it): when BullMQ hands the job of a coordinator that died to another one, the lease
 * has lapsed too, so the takeover costs no extra wait.
 */
export const LEASE_TTL_MS = 15_000;

/** Takes the lease when it is free (or already ours); returns the holder's token either way. */
const TAKE = new RedisScript(`
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]))
  return ARGV[1]
end
return holder
`);

/** Extends the lease if it is still ours: 1, else 0 (lapsed, or another coordinator's now). */
const RENEW = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
  return 1
end
return 0
`);

const RELEASE = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/** Another coordinator holds the run: this one goes back to the queue and tries again shortly. */
export class RunBusy extends RunInterrupted {
  constructor(runId: string) {
    super(runId, `run ${runId} is in the hands of another coordinator; tried again shortly`);
    this.name = 'RunBusy';
  }
}

/**
 * This coordinator lost the run to another one (its lease lapsed while it did not run): it has stopped
 * without writing further, and the run's job is no longer its to move.
 */
export class RunTakenOver extends RunInterrupted {
  constructor(runId: string) {
    super(runId, `run ${runId} was taken over by another coordinator; this one stopped without writing`);
    this.name = 'RunTakenOver';
  }
}

export class RunLease {
  private readonly lostController = new AbortController();
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly runId: string,
    private readonly token: string,
    private readonly ttlMs: number,
  ) {
    // Renewed every third of the lease, so a holder that runs at all never loses it.
    this.timer = setInterval(() => void this.renew(), Math.max(50, Math.floor(ttlMs / 3)));
    this.timer.unref();
  }

  /** The run's lease for this coordinator; RunBusy while another coordinator holds it. */
  static async take(redis: Redis, key: string, runId: string, ttlMs = LEASE_TTL_MS): Promise<RunLease> {
    const token = randomUUID();
    const holder = await TAKE.run(redis, [key], [token, ttlMs]);
    if (holder !== token) throw new RunBusy(runId);
    return new RunLease(redis, key, runId, token, ttlMs);
  }

  /** Aborted once the lease is found to be another's: the run's reader and writer stop at their next look. */
  get lost(): AbortSignal {
    return this.lostController.signal;
  }

  /** Right before anything is written: RunTakenOver unless the lease is still this coordinator's. */
  async assertHeld(): Promise<void> {
    if (this.lost.aborted || !(await this.extend())) {
      this.markLost();
      throw new RunTakenOver(this.runId);
    }
  }

  /** Lets the run go at once (the run is finished or interrupted), so the next coordinator need not wait. */
  async release(): Promise<void> {
    clearInterval(this.timer);
    if (!this.lost.aborted) await RELEASE.run(this.redis, [this.key], [this.token]);
  }

  private async extend(): Promise<boolean> {
    return (await RENEW.run(this.redis, [this.key], [this.token, this.ttlMs])) === 1;
  }

  private async renew(): Promise<void> {
    try {
      if (!(await this.extend())) this.markLost();
    } catch {
      // Redis unreachable for a moment: the next renewal or the next write's look decides.
    }
  }

  private markLost(): void {
    clearInterval(this.timer);
    this.lostController.abort(new RunTakenOver(this.runId));
  }
}
