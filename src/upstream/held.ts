/**
 * The two ways a call is not made at all, so that whoever made the job asks again later without spending
 * an attempt (src/upstream/outcome-policy.ts turns both into a `hold`).
 */

/** Thrown when the shared pacer has no slot within its horizon: the job goes back and the queue waits. */
export class PacedOut extends Error {
  constructor(readonly retryInMs: number) {
    super(`rate limit reached; next slot in ${retryInMs} ms`);
    this.name = 'PacedOut';
  }
}

/**
 * Thrown when a call gives its worker up to work of a lane above (src/run/state/lanes.ts): only its own job
 * goes back, never the queue, whose next jobs are that work's.
 */
export class GaveWay extends PacedOut {
  constructor(retryInMs: number) {
    super(retryInMs);
    this.name = 'GaveWay';
  }
}

/** Thrown instead of calling while the circuit breaker holds the calls (probing or open). */
export class UpstreamHeld extends Error {
  constructor(
    readonly retryInMs: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'UpstreamHeld';
  }
}
