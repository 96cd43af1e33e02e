/**
 * The Lookup Service emulator: a reference implementation of the service's contract over synthetic,
 * seeded registers, with a per-key rate limit and injected faults (README.md).
 */
export { DEMO_API_KEY } from './api-key.js';
export { EmulatorError, type EmulatorErrorCode } from './errors.js';
export { DEFAULT_STALL_MS } from './faults.js';
export { TokenBuckets } from './rate-limiter.js';
export { generateRegisters, type Registers } from './registers/index.js';
export {
  DEFAULT_SEED,
  createEmulator,
  type EmulatorFaults,
  type EmulatorHandle,
  type EmulatorOptions,
  type EmulatorStats,
  type EmulatorVariant,
} from './server.js';
export { EMULATOR_VARIANTS, STRICT_RESULT_CAP, isEmulatorVariant } from './variant.js';
