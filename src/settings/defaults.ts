/**
 * Defaults shared by the configuration (src/config.ts) and the parts of the pipeline that run without one
 * (a worker's settings, a run stored before the setting existed): written once so they cannot drift.
 */

/** Upstream calls per second shared by every worker on every machine (`KYC_RATE`, `--rate`). */
export const DEFAULT_RATE = 10;
/**
 * The rate of a run the built-in emulator serves when neither `--rate` nor KYC_RATE says one: the emulator
 * has no quota, and 10 calls/s made a 3,000-row trial take 40 minutes.
 */
export const EMULATOR_RATE = 50;

/** A repeat within this many rows of the answer's last use costs no call (`KYC_CACHE_ROWS`, `--cache-rows`). */
export const DEFAULT_CACHE_ROWS = 10_000;

/** Auth or network failures in a row, all machines, that open the circuit breaker (`KYC_BREAKER_THRESHOLD`). */
export const DEFAULT_BREAKER_THRESHOLD = 5;
