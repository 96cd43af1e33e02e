/**
 * Injected faults: latency, 503s, malformed bodies and stalls. Decisions come from seeded streams consumed
 * once per request in arrival order, so a seed and a request sequence reproduce the same faults.
 * Latency has its own stream, so changing the latency setting leaves the fault sequence as it was.
 */
import { EmulatorError } from './errors.js';
import { Random } from './random.js';

export interface EmulatorFaults {
  /** Added to every response of the service's routes: fixed ms, or uniform in [min, max]. */
  latencyMs?: number | readonly [min: number, max: number];
  /** Share of requests answered 503 (0..1). */
  errorRate?: number;
  /** Share answered 200 with a body that is not valid JSON. */
  malformedRate?: number;
  /** Share held for `stallMs` before answering (to trip client timeouts). */
  stallRate?: number;
  /** Default 30 000. */
  stallMs?: number;
}

export const DEFAULT_STALL_MS = 30_000;

export interface FaultDecision {
  readonly unavailable: boolean;
  readonly malformed: boolean;
  /** Extra hold before answering: 0, or stallMs for a stalled request. */
  readonly stallMs: number;
}

function invalid(detail: string): EmulatorError {
  return new EmulatorError('KYC_ERR_EMULATOR_OPTIONS', detail);
}

function assertShare(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= 0 && value <= 1)) {
    throw invalid(`${name} must be between 0 and 1`);
  }
}

function assertMs(name: string, value: number): void {
  if (!(Number.isFinite(value) && value >= 0)) throw invalid(`${name} must be a non-negative number of ms`);
}

/** Throws KYC_ERR_EMULATOR_OPTIONS for rates outside 0..1, negative or inverted latencies. */
export function validateFaults(faults: EmulatorFaults): void {
  assertShare('errorRate', faults.errorRate);
  assertShare('malformedRate', faults.malformedRate);
  assertShare('stallRate', faults.stallRate);
  if (faults.stallMs !== undefined) assertMs('stallMs', faults.stallMs);
  const latency = faults.latencyMs;
  if (typeof latency === 'number') assertMs('latencyMs', latency);
  else if (latency !== undefined) {
    const [min, max] = latency;
    assertMs('latencyMs min', min);
    assertMs('latencyMs max', max);
    if (min > max) throw invalid('latencyMs min must not exceed max');
  }
}

export class FaultInjector {
  private faults: EmulatorFaults;
  private readonly decisions: Random;
  private readonly latencies: Random;

  constructor(seed: number, faults: EmulatorFaults = {}) {
    validateFaults(faults);
    this.faults = { ...faults };
    this.decisions = Random.stream(seed, 'faults');
    this.latencies = Random.stream(seed, 'latency');
  }

  set(faults: EmulatorFaults): void {
    validateFaults(faults);
    this.faults = { ...faults };
  }

  /** Latency to add to one response, ms. */
  latency(): number {
    const latency = this.faults.latencyMs;
    if (latency === undefined) return 0;
    if (typeof latency === 'number') return latency;
    const [min, max] = latency;
    return min + this.latencies.next() * (max - min);
  }

  /** The fault decision of one request. Always three draws, so the sequence does not depend on the rates. */
  decide(): FaultDecision {
    const unavailableDraw = this.decisions.next();
    const malformedDraw = this.decisions.next();
    const stallDraw = this.decisions.next();
    const unavailable = unavailableDraw < (this.faults.errorRate ?? 0);
    return {
      unavailable,
      malformed: !unavailable && malformedDraw < (this.faults.malformedRate ?? 0),
      stallMs:
        !unavailable && stallDraw < (this.faults.stallRate ?? 0)
          ? (this.faults.stallMs ?? DEFAULT_STALL_MS)
          : 0,
    };
  }
}
