/**
 * The reference emulator of the Registry & Verification Lookup Service, on node:http with no framework:
 * the pipeline benchmark must never be limited by it. Public API used by the registry client's contract
 * tests, the pipeline's embedded default upstream and the `kyc-screen emulator` command.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ForeignAgentRecord, SanctionsRecord } from '@kyc-screen/lookup-contract';
import { withForeignAgents, withSanctions } from './added-records.js';
import { DEMO_API_KEY, KeyRing } from './api-key.js';
import { EmulatorError } from './errors.js';
import { FaultInjector, type EmulatorFaults } from './faults.js';
import { createRequestHandler } from './handler.js';
import { TokenBuckets } from './rate-limiter.js';
import { generateRegisters } from './registers/index.js';
import { serviceFor } from './service.js';
import { StatsCounter, type EmulatorStats } from './stats.js';
import { behaviourOf, isEmulatorVariant, type EmulatorVariant } from './variant.js';

export type { EmulatorFaults } from './faults.js';
export type { EmulatorStats } from './stats.js';
export type { EmulatorVariant } from './variant.js';

export interface EmulatorOptions {
  /** 0 (default) = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Accepted X-Api-Key values; default [DEMO_API_KEY]. */
  keys?: readonly string[];
  /** Registers and faults are deterministic for a seed; default 42. */
  seed?: number;
  /** Per-key token bucket refill, requests/s; undefined = unlimited. */
  rate?: number;
  /** Bucket size; default = rate (at least 1). */
  burst?: number;
  faults?: EmulatorFaults;
  /**
   * `default` (the emulator's documented guesses) or `strict`, which answers every point the contract
   * leaves open differently (packages/lookup-emulator/README.md, "Variant upstream").
   */
  variant?: EmulatorVariant;
  /**
   * Records one search answers at most (the variant's own cap when absent): the page size a service never
   * states, so that a client can be tested against a small one.
   */
  resultCap?: number;
}

export interface EmulatorHandle {
  url: string;
  port: number;
  close(): Promise<void>;
  stats(): EmulatorStats;
  resetStats(): void;
  setFaults(f: EmulatorFaults): void;
  /**
   * Lists these foreign-agent records from now on, after the generated ones (as `POST
   * /__emulator/foreign-agents` does); returns the register's size.
   */
  addForeignAgents(records: readonly ForeignAgentRecord[]): number;
  /**
   * Lists these sanctions records from now on (as `POST /__emulator/sanctions` does): one naming a listed
   * entry replaces it; returns the list's size.
   */
  addSanctions(records: readonly SanctionsRecord[]): number;
}

export const DEFAULT_SEED = 42;

function invalid(detail: string): EmulatorError {
  return new EmulatorError('KYC_ERR_EMULATOR_OPTIONS', detail);
}

function validate(options: EmulatorOptions): void {
  const { port, keys, seed, rate, burst, variant, resultCap } = options;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    throw invalid('port must be an integer 0–65535');
  }
  if (keys !== undefined && (keys.length === 0 || keys.some((key) => key === ''))) {
    throw invalid('keys must hold at least one non-empty key');
  }
  if (seed !== undefined && !Number.isSafeInteger(seed)) throw invalid('seed must be an integer');
  if (variant !== undefined && !isEmulatorVariant(variant))
    throw invalid('variant must be default or strict');
  if (resultCap !== undefined && !(Number.isSafeInteger(resultCap) && resultCap >= 1))
    throw invalid('resultCap must be a positive integer');
  if (rate !== undefined && !(Number.isFinite(rate) && rate > 0))
    throw invalid('rate must be a positive number');
  if (burst !== undefined) {
    if (rate === undefined) throw invalid('burst needs rate');
    if (!(Number.isFinite(burst) && burst >= 1)) throw invalid('burst must be at least 1');
  }
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<EmulatorHandle> {
  validate(options);
  const seed = options.seed ?? DEFAULT_SEED;
  const host = options.host ?? '127.0.0.1';
  const stats = new StatsCounter();
  const faults = new FaultInjector(seed, options.faults);
  const pending = new Set<NodeJS.Timeout>();
  const variantBehaviour = behaviourOf(options.variant ?? 'default');
  const behaviour =
    options.resultCap === undefined
      ? variantBehaviour
      : { ...variantBehaviour, resultCap: options.resultCap };
  let registers = generateRegisters(seed);
  let router = serviceFor(registers, behaviour);
  const addForeignAgents = (records: readonly ForeignAgentRecord[]): number => {
    registers = withForeignAgents(registers, records);
    router = serviceFor(registers, behaviour);
    return registers.foreignAgents.length;
  };
  const addSanctions = (records: readonly SanctionsRecord[]): number => {
    registers = withSanctions(registers, records);
    router = serviceFor(registers, behaviour);
    return registers.sanctions.length;
  };
  const handler = createRequestHandler({
    router: () => router,
    addForeignAgents,
    addSanctions,
    errors: behaviour.errors,
    repeatedParameter: behaviour.repeatedParameter,
    wrongMethodStatus: behaviour.wrongMethodStatus,
    keys: new KeyRing(options.keys ?? [DEMO_API_KEY]),
    buckets: new TokenBuckets(options.rate, options.burst),
    faults,
    stats,
    seed,
    pending,
  });

  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => {
      reject(
        new EmulatorError('KYC_ERR_EMULATOR_START', `${host}:${options.port ?? 0}: ${error.message}`, {
          cause: error,
        }),
      );
    };
    server.once('error', onError);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', onError);
      resolve();
    });
  });

  const port = (server.address() as AddressInfo).port;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of pending) clearTimeout(timer);
        pending.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive and stalled connections would hold close() open until they time out.
        server.closeAllConnections();
      });
      return closing;
    },
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
    setFaults: (f) => faults.set(f),
    addForeignAgents,
    addSanctions,
  };
}
