import { isErrorCode, isKycError, KycError } from '../errors.js';
import type { Logger } from '../log.js';
import type { RegistryError } from '../registry/index.js';
import { isFatalKind } from './preflight.js';
import type { UpstreamState } from './upstream-state.js';

/**
 * This process's side of the shared upstream records: the circuit breaker (auth or network failures in a
 * row stop every call on every machine instead of spending the quota on a bad key or a dead URL), the cap
 * on Retry-After, and the log lines that make a pause or a 429 storm visible.
 *
 * The breaker: each such failure is counted in Redis; a success on a machine that saw one resets the
 * count. At the threshold the failing calls are held (their jobs go back without spending an attempt)
 * while one process probes the service with the preflight call: an answer closes the episode (a blip, an
 * emulator restart), a refused key or no answer opens the breaker. Open, it pauses the checks queue and
 * every coordinator fails its run with the reason; `run --resume` preflights again and closes it.
 */

/** Thrown instead of calling: the job goes back to the queue without spending an attempt. */
export class UpstreamHeld extends Error {
  constructor(
    readonly retryInMs: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'UpstreamHeld';
  }
}

export interface UpstreamGuardOptions {
  readonly state: UpstreamState;
  /** Failures in a row that make the guard probe the service (and open the breaker if the probe fails). */
  readonly threshold: number;
  /** The preflight call: throws a KycError when the key is refused or the service cannot be reached. */
  readonly probe: () => Promise<void>;
  /** Stops every machine from taking check jobs (pauses the checks queue). */
  readonly onOpen: () => Promise<void>;
  readonly log: Logger;
  /** The pacer's current rate, for the 429 storm line. */
  readonly currentRate?: () => Promise<number>;
  /** How often a persistent 429 storm is reported at most. */
  readonly stormLogMs?: number;
}

/** Pauses at least this long are recorded for `status` and the dashboard, and logged. */
export const LOGGED_PAUSE_MS = 5_000;
const HOLD_MS = 2_000;
const OPEN_HOLD_MS = 5_000;
const GATE_CHECK_MS = 1_000;

type GateState = 'closed' | 'probing' | 'open';
const PROBE_LOCK_MS = 120_000;
const STORM_LOG_MS = 30_000;

export class UpstreamGuard {
  private sawFailure = false;
  private gateCheckedAt = 0;
  private gateSeen: GateState = 'closed';
  private gateCheck: Promise<GateState> | undefined;
  private storm = { count: 0, since: 0, lastAt: 0 };

  constructor(private readonly options: UpstreamGuardOptions) {}

  /**
   * Refuses to call while the breaker is open or the service is being probed (read from Redis at most once
   * a second per process): the jobs go back to the queue without a call and without spending an attempt.
   */
  async assertClosed(): Promise<void> {
    if (Date.now() - this.gateCheckedAt > GATE_CHECK_MS) {
      this.gateCheck ??= this.options.state
        .gate()
        .then(({ open, probing }) => (open ? 'open' : probing ? 'probing' : 'closed'))
        .finally(() => {
          this.gateCheck = undefined;
          this.gateCheckedAt = Date.now();
        });
      this.gateSeen = await this.gateCheck;
    }
    if (this.gateSeen === 'open') throw new UpstreamHeld(OPEN_HOLD_MS, 'circuit breaker open: no calls');
    if (this.gateSeen === 'probing') throw new UpstreamHeld(HOLD_MS, 'the service is being probed: no calls');
  }

  /** A call got an answer: failures counted by this process are no longer "in a row". */
  async succeeded(): Promise<void> {
    if (!this.sawFailure) return;
    this.sawFailure = false;
    await this.options.state.clearFailures();
  }

  /**
   * A call failed. Returns when the failure is handled as usual (retry with backoff); throws UpstreamHeld
   * once the failures in a row reach the threshold.
   */
  async failed(error: RegistryError, runId: string): Promise<void> {
    if (!isFatalKind(error.kind)) return;
    this.sawFailure = true;
    const inARow = await this.options.state.countFailure();
    if (inARow < this.options.threshold) return;
    if (await this.options.state.claimProbe(PROBE_LOCK_MS)) {
      this.gateSeen = 'probing';
      this.gateCheckedAt = Date.now();
      // In the background: this call is held now, and the probe's answer decides for the calls after it.
      this.probe(runId, inARow, error).catch((failure: unknown) =>
        this.options.log.error({ runId, err: failure }, 'the probe of the Lookup Service failed'),
      );
    }
    throw new UpstreamHeld(HOLD_MS, `${inARow} ${error.kind} failures in a row: probing the service`);
  }

  private async probe(runId: string, inARow: number, last: RegistryError): Promise<void> {
    const { state, log } = this.options;
    try {
      await this.options.probe();
      await state.clearFailures();
      log.warn(
        { runId, failures: inARow, kind: last.kind, code: last.code },
        'calls failed in a row but the Lookup Service answers the preflight call: going on',
      );
    } catch (error) {
      const stop = isKycError(error)
        ? error
        : new KycError('KYC_ERR_UPSTREAM_UNREACHABLE', 'the preflight call failed unexpectedly');
      const opened = await state.open({
        code: stop.code,
        detail: stop.detail ?? '',
        at: new Date().toISOString(),
        runId,
      });
      this.gateSeen = 'open';
      this.gateCheckedAt = Date.now();
      if (opened) {
        log.error(
          { runId, failures: inARow, code: stop.code },
          `circuit breaker open, no more calls: ${stop.toString()}. Fix it, then kyc-screen run --resume <runId>`,
        );
        await this.options.onOpen();
      }
    } finally {
      await state.releaseProbe().catch(() => undefined);
      this.gateCheckedAt = 0;
    }
  }

  /**
   * A 429: the wait to honour, `Retry-After` cut to `capMs`. A long pause is recorded (status, dashboard)
   * and logged once with its cause and end; a persistent storm is summarised every 30 s.
   */
  async rateLimited(runId: string, askedMs: number | undefined, capMs: number): Promise<number> {
    const asked = askedMs ?? 1_000;
    const applied = Math.min(asked, capMs);
    const now = Date.now();
    if (applied >= LOGGED_PAUSE_MS) {
      const until = now + applied;
      const extended = await this.options.state.extendPause({
        until,
        cause: '429 Retry-After',
        askedMs: asked,
        appliedMs: applied,
        runId,
      });
      if (extended) {
        this.options.log.warn(
          { runId, retryAfterMs: asked, pauseMs: applied, capped: asked > capMs, until: new Date(until) },
          asked > capMs
            ? `429 with Retry-After ${Math.round(asked / 1000)} s, capped to ${Math.round(applied / 1000)} s: calls paused until ${new Date(until).toISOString()}`
            : `429 with Retry-After ${Math.round(asked / 1000)} s: calls paused until ${new Date(until).toISOString()}`,
        );
      }
    }
    await this.noteStorm(runId, now);
    return applied;
  }

  private async noteStorm(runId: string, now: number): Promise<void> {
    const every = this.options.stormLogMs ?? STORM_LOG_MS;
    const quiet = now - this.storm.lastAt > every;
    this.storm.lastAt = now;
    if (quiet) {
      this.storm.count = 0;
      this.storm.since = now;
      this.options.log.warn({ runId }, 'the Lookup Service answered 429: slowing down');
      return;
    }
    this.storm.count++;
    const elapsed = now - this.storm.since;
    if (elapsed < every) return;
    const rate = await this.options.currentRate?.().catch(() => undefined);
    const seconds = Math.round(elapsed / 1000);
    this.options.log.warn(
      {
        runId,
        responses429: this.storm.count,
        seconds,
        ...(rate === undefined ? {} : { currentRate: Number(rate.toFixed(2)) }),
      },
      `the Lookup Service keeps answering 429: ${this.storm.count} in ${seconds} s` +
        (rate === undefined ? '' : `, calls now paced at ${rate.toFixed(2)}/s`),
    );
    this.storm.count = 0;
    this.storm.since = now;
  }
}

/** The error a run stops with while the breaker is open, from its shared record. */
export function breakerError(record: { readonly code: string; readonly detail: string }): KycError {
  return new KycError(isErrorCode(record.code) ? record.code : 'KYC_ERR_UPSTREAM_UNREACHABLE', record.detail);
}
