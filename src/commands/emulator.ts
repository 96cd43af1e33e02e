import { InvalidArgumentError, type Command } from 'commander';
import { environment } from '../settings/environment.js';
import { DEMO_API_KEY, isUuid } from '../config.js';
import { KycError } from '../errors.js';
import {
  loadEmulator,
  startEmulator,
  type EmulatorFaults,
  type EmulatorOptions,
} from '../runs/load-emulator.js';

interface EmulatorFlags {
  port: number;
  host: string;
  keys?: string;
  seed?: number;
  rate?: number;
  burst?: number;
  latency?: EmulatorFaults['latencyMs'];
  failRate?: number;
  malformedRate?: number;
  stallRate?: number;
  stallMs?: number;
  variant?: string;
  resultCap?: number;
}

export const EMULATOR_KEYS_ENV = 'KYC_EMULATOR_KEYS';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('a port is 0–65535 (0 = any free port)');
  return n;
}

function integer(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError('must be a whole number');
  return n;
}

function pageSize(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number, 1 or more');
  return n;
}

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('must be a positive number');
  return n;
}

function nonNegative(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('must be a number ≥ 0');
  return n;
}

function share(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError('must be a share between 0 and 1');
  return n;
}

/** `250` (fixed) or `50-200` (uniform in the range), milliseconds. */
export function parseLatency(value: string): NonNullable<EmulatorFaults['latencyMs']> {
  const range = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(value.trim());
  if (range) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    if (min > max) throw new InvalidArgumentError('the range must be min-max with min ≤ max');
    return [min, max];
  }
  if (!/^\d+(?:\.\d+)?$/.test(value.trim()))
    throw new InvalidArgumentError('use milliseconds (250) or a range (50-200)');
  return Number(value);
}

/**
 * The keys the emulator accepts: `--keys`, else KYC_EMULATOR_KEYS, else the demo key. Every key must be a
 * UUID (the form the real service issues); a rejected key is never echoed, it may be a real secret.
 */
export function resolveKeys(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
): { keys: string[]; demo: boolean } {
  const source = flag ?? (env[EMULATOR_KEYS_ENV] === '' ? undefined : env[EMULATOR_KEYS_ENV]);
  if (source === undefined) return { keys: [DEMO_API_KEY], demo: true };
  const keys = source
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (keys.length === 0) throw new KycError('KYC_ERR_CONFIG_API_KEY', 'no emulator key given');
  keys.forEach((key, i) => {
    if (!isUuid(key)) throw new KycError('KYC_ERR_CONFIG_API_KEY', `emulator key #${i + 1} is not a UUID`);
  });
  return { keys, demo: false };
}

function faultsOf(flags: EmulatorFlags): EmulatorFaults {
  return {
    ...(flags.latency !== undefined ? { latencyMs: flags.latency } : {}),
    ...(flags.failRate !== undefined ? { errorRate: flags.failRate } : {}),
    ...(flags.malformedRate !== undefined ? { malformedRate: flags.malformedRate } : {}),
    ...(flags.stallRate !== undefined ? { stallRate: flags.stallRate } : {}),
    ...(flags.stallMs !== undefined ? { stallMs: flags.stallMs } : {}),
  };
}

/** The options the flags set alone (keys, seed and variant are resolved by the action). */
function optionsOf(flags: EmulatorFlags): EmulatorOptions {
  return {
    port: flags.port,
    host: flags.host,
    faults: faultsOf(flags),
    ...(flags.rate !== undefined ? { rate: flags.rate } : {}),
    ...(flags.burst !== undefined ? { burst: flags.burst } : {}),
    ...(flags.resultCap !== undefined ? { resultCap: flags.resultCap } : {}),
  };
}

/** `kyc-screen emulator`: the reference Lookup Service on a port until SIGINT/SIGTERM. */
export function registerEmulatorCommand(program: Command): void {
  program
    .command('emulator')
    .description(
      'serve the reference emulator of the Registry & Verification Lookup Service (packages/lookup-emulator/README.md)',
    )
    .option('--port <n>', 'port to listen on (0 = any free port)', port, 8080)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--keys <uuid,…>', `accepted X-Api-Key values (default: ${EMULATOR_KEYS_ENV}, else the demo key)`)
    .option('--seed <n>', 'seed of the synthetic registers and of the fault sequence (default 42)', integer)
    .option('--rate <n>', 'requests per second per key (token bucket; default unlimited)', positive)
    .option('--burst <n>', 'token bucket size (default: the rate)', positive)
    .option(
      '--latency <ms|min-max>',
      'latency added to every answer: fixed ms or a uniform range',
      parseLatency,
    )
    .option('--fail-rate <share>', 'share of requests answered 503 (0..1)', share)
    .option('--malformed-rate <share>', 'share answered 200 with a truncated JSON body (0..1)', share)
    .option('--stall-rate <share>', 'share held for --stall-ms before answering (0..1)', share)
    .option('--stall-ms <ms>', 'how long a stalled request is held (default 30000)', nonNegative)
    .option(
      '--variant <name>',
      'default, or strict: answers every point the contract leaves open differently',
    )
    .option(
      '--result-cap <n>',
      'records one search answers at most (default: the variant’s, 100 or 20)',
      pageSize,
    )
    .action(async (flags: EmulatorFlags) => {
      const { keys, demo } = resolveKeys(flags.keys, environment());
      const { DEFAULT_SEED, EMULATOR_VARIANTS, isEmulatorVariant } = await loadEmulator();
      const variant = flags.variant ?? 'default';
      if (!isEmulatorVariant(variant)) {
        throw new KycError('KYC_ERR_EMULATOR_OPTIONS', `--variant is one of ${EMULATOR_VARIANTS.join(', ')}`);
      }
      const seed = flags.seed ?? DEFAULT_SEED;
      const emulator = await startEmulator({ ...optionsOf(flags), keys, seed, variant });
      if (demo) {
        process.stderr.write(
          '\n  *** DEMO KEY ***  No --keys and no KYC_EMULATOR_KEYS: the emulator accepts only the demo key\n' +
            `      X-Api-Key: ${DEMO_API_KEY}\n\n`,
        );
      }
      const label = variant === 'default' ? '' : `, variant ${variant}`;
      process.stdout.write(`Lookup Service emulator listening on ${emulator.url} (seed ${seed}${label})\n`);
      await new Promise<void>((resolve) => {
        const stop = (signal: NodeJS.Signals) => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          process.stderr.write(`${signal}: closing the emulator\n`);
          emulator.close().then(resolve, resolve);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}
