import { setTimeout as sleep } from 'node:timers/promises';
import { isErrorCode, isKycError, KycError } from '../errors.js';
import type { Logger } from '../log.js';
import { isRegistryError, type RegistryError } from './client/index.js';
import { authRefused, isFatalKind, unreachable } from './preflight.js';
import type { UpstreamState } from './state.js';
import { UpstreamHeld } from './held.js';
import { DEFAULT_RETRY_AFTER_MS, retryAfterWaitMs } from './outcome-policy.js';

/**
 * This process's side of the shared upstream records: the circuit breaker (auth or network failures in a
 * row stop every call on every machine instead of spending the quota on a bad key or a dead URL), the cap
 * on Retry-After, and the log lines that make a pause or a 429 storm visible.
 *
 * The breaker: each such failure is counted in Redis, network failures together and a refused key per
 * operation (a key may be accepted on one route and refused on another, so a success elsewhere must not
 * reset it); a success of the same scope resets the count. At the threshold the failing calls are held
 * (their jobs go back without spending an attempt) while one process probes the service with the very
 * call that failed: an answer closes the episode (a blip, an emulator restart), a refused key or no answer
 * opens the breaker. Open, it pauses the checks queue and every coordinator fails its run with the reason;
 * `run --resume` preflights again and closes it.
 */

export { UpstreamHeld } from './held.js';

export interface UpstreamGuardOptions {
  readonly state: UpstreamState;
  /** Failures in a row that make the guard probe the service (and open the breaker if the probe fails). */
  readonly threshold: number;
  /**
   * Sends the call that failed once more (through the quota): a probe of the kind that failed, so that a
   * key accepted on the preflight's route and refused on the screening routes is seen for what it is.
   */
  readonly probe: (repeat: () => Promise<unknown>) => Promise<void>;
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

/** What a failure counts towards: an unreachable service, or a key refused on one operation. */
function scopeOf(error: RegistryError, operation: string): string {
  return error.kind === 'auth' ? `auth:${operation}` : 'unreachable';
}

/** How often one process renews the mark that the service answers (src/upstream/state.ts). */
const ANSWERED_NOTE_EVERY_MS = 5_000;

export class UpstreamGuard {
  /** Scopes in which this process saw a failure since its last success there. */
  private readonly failing = new Set<string>();
  private gateCheckedAt = 0;
  private gateSeen: GateState = 'closed';
  private gateCheck: Promise<GateState> | undefined;
  private storm = { count: 0, since: 0, lastAt: 0 };
  private answeredNotedAt = 0;

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

  /**
   * A call of `operation` got an answer: the service is reachable and the key is accepted there, so those
   * failures counted by this process are no longer "in a row". A key refused on other operations stays so.
   */
  async succeeded(operation: string): Promise<void> {
    const cleared = ['unreachable', `auth:${operation}`].filter((scope) => this.failing.delete(scope));
    if (cleared.length > 0) await this.options.state.clearFailures(cleared);
    // Kept fresh by the calls of every run (one write per process every few seconds), for the screens.
    if (Date.now() - this.answeredNotedAt > ANSWERED_NOTE_EVERY_MS) {
      this.answeredNotedAt = Date.now();
      await this.options.state.noteAnswered();
    }
  }

  /**
   * A call of `operation` failed. Returns when the failure is handled as usual (retry with backoff);
   * throws UpstreamHeld once the failures in a row reach the threshold, and has `repeat` (the same call
   * again) probe the service.
   */
  async failed(
    error: RegistryError,
    runId: string,
    operation = 'call',
    repeat?: () => Promise<unknown>,
  ): Promise<void> {
    if (!isFatalKind(error.kind)) return;
    const scope = scopeOf(error, operation);
    this.failing.add(scope);
    const inARow = await this.options.state.countFailure(scope);
    if (inARow < this.options.threshold) return;
    if (await this.options.state.claimProbe(PROBE_LOCK_MS)) {
      this.gateSeen = 'probing';
      this.gateCheckedAt = Date.now();
      // In the background: this call is held now, and the probe's answer decides for the calls after it.
      this.probe(runId, inARow, error, repeat ?? (() => Promise.reject(error))).catch((failure: unknown) =>
        this.options.log.error({ runId, err: failure }, 'the probe of the Lookup Service failed'),
      );
    }
    throw new UpstreamHeld(HOLD_MS, `${inARow} ${error.kind} failures in a row: probing the service`);
  }

  private async probe(
    runId: string,
    inARow: number,
    last: RegistryError,
    repeat: () => Promise<unknown>,
  ): Promise<void> {
    const { state, log } = this.options;
    try {
      await this.options.probe(repeat);
      await state.clearFailures();
      log.warn(
        { runId, failures: inARow, kind: last.kind, code: last.code },
        'calls failed in a row but the Lookup Service answers the same call again: going on',
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
    const asked = askedMs ?? DEFAULT_RETRY_AFTER_MS;
    const applied = retryAfterWaitMs(askedMs, capMs);
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

export interface ProbeOptions {
  /** Calls in all while the service cannot be reached (a restart must not stop every run). */
  readonly attempts: number;
  /** Pause between those calls, times the attempt number. */
  readonly delayMs: number;
}

/**
 * The breaker's probe: `send` (the call that failed, through the quota) again. A refused key throws
 * KYC_ERR_UPSTREAM_AUTH at once; no answer is tried again and then throws KYC_ERR_UPSTREAM_UNREACHABLE;
 * any other answer (a success, a 429, a 5xx) shows a service that is there and takes the key.
 */
export async function probeWith(send: () => Promise<unknown>, options: ProbeOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send();
      return;
    } catch (error) {
      if (!isRegistryError(error)) throw error;
      if (error.kind === 'auth') throw authRefused(error);
      if (!isFatalKind(error.kind)) return;
      if (attempt >= options.attempts) throw unreachable(error);
      await sleep(options.delayMs * attempt);
    }
  }
}

/** The error a run stops with while the breaker is open, from its shared record. */
export function breakerError(record: { readonly code: string; readonly detail: string }): KycError {
  return new KycError(isErrorCode(record.code) ? record.code : 'KYC_ERR_UPSTREAM_UNREACHABLE', record.detail);
}
