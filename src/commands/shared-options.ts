import { workbookLimitsOf } from '../runs/prepare.js';
import { answerStoreSettings } from '../answers/secret.js';
import { join, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { noticeChannel, type Announce } from '../cli-ui/notices.js';
import { EMULATOR_URL, logSecrets, type Config, type ConfigInput } from '../config.js';
import { createLogger, type Logger } from '../log.js';
import { DEFAULT_WORKER_SETTINGS, type WorkerSettings } from '../workers/workers.js';

/** Parsers of numeric flags: a bad value is a usage error naming the flag. */
export function positiveInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0)
      throw new InvalidArgumentError(`${name} must be a positive whole number`);
    return n;
  };
}

export function nonNegativeInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError(`${name} must be 0–65535`);
    return n;
  };
}

export function positiveNumber(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${name} must be a positive number`);
    return n;
  };
}

/**
 * Options that `run`, `worker` and `serve` share, declared once so that their help text and their meaning
 * cannot drift apart between the commands.
 */
export function logFileOption(command: Command): Command {
  return command.option(
    '--log-file <file>',
    'pino JSON logs to this file (default: stderr, or <state-dir>/kyc-screen.log when stderr is a terminal)',
  );
}

export function upstreamProfileOption(command: Command): Command {
  return command.option(
    '--upstream-profile <file>',
    'what the Lookup Service does where its contract is open, JSON (default: KYC_UPSTREAM_PROFILE or ' +
      'the safe defaults; see docs/lookup-service.md)',
  );
}

/** `--rate` and `--concurrency` of a command that hosts the workers for its own runs (`run`, `serve`). */
export function hostedWorkerOptions(command: Command): Command {
  return command
    .option(
      '--rate <n>',
      'upstream calls per second for all workers together (default: KYC_RATE or 10)',
      positiveNumber('--rate'),
    )
    .option(
      '--concurrency <n>',
      'check jobs in progress at once in this process',
      positiveInt('--concurrency'),
      DEFAULT_WORKER_SETTINGS.checksConcurrency,
    );
}

/** `--emulator`; `does` says what the opt-in does for this command. */
export function emulatorOption(command: Command, does: string): Command {
  return command.option(
    '--emulator',
    `${does}. Without it, KYC_API_URL is required (KYC_API_URL=emulator is the same opt-in)`,
  );
}

/** The flags of a command that override the environment's configuration: mapped to it here and only here. */
export interface UpstreamFlags {
  readonly rate?: number | undefined;
  readonly cacheRows?: number | undefined;
  readonly outputMode?: string | undefined;
  readonly faStrategy?: string | undefined;
  readonly stateDir?: string | undefined;
  readonly upstreamProfile?: string | undefined;
  readonly emulator?: boolean | undefined;
}

export function configOverrides(flags: UpstreamFlags): ConfigInput {
  return {
    ...(flags.rate !== undefined ? { rate: flags.rate } : {}),
    ...(flags.cacheRows !== undefined ? { cacheRows: flags.cacheRows } : {}),
    ...(flags.stateDir ? { stateDir: flags.stateDir } : {}),
    ...(flags.upstreamProfile ? { upstreamProfilePath: resolve(flags.upstreamProfile) } : {}),
    ...(flags.outputMode ? { outputMode: flags.outputMode } : {}),
    ...(flags.faStrategy ? { faStrategy: flags.faStrategy } : {}),
    ...(flags.emulator ? { apiUrl: EMULATOR_URL } : {}),
  };
}

/**
 * Settings of the workers a command hosts: the quota, the gateway's burst and the circuit breaker come from
 * the configuration (the same for every process on the key), the rest from the command's flags.
 */
export type WorkerFlags = {
  readonly [K in Exclude<keyof WorkerSettings, 'rate' | 'burst' | 'breakerThreshold'>]?:
    WorkerSettings[K] | undefined;
};

export function workerSettings(config: Config, flags: WorkerFlags = {}): WorkerSettings {
  const given = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined));
  return {
    ...DEFAULT_WORKER_SETTINGS,
    ...given,
    rate: config.rate,
    breakerThreshold: config.breakerThreshold,
    ...(config.profile.burst === undefined ? {} : { burst: config.profile.burst }),
    answerStore: (service) => answerStoreSettings(config, service),
    inputLimits: workbookLimitsOf(config),
  };
}

/**
 * The JSON log of a command that logs (cli-ui/notices.ts): `--log-file`, else on a terminal
 * `<state-dir>/kyc-screen.log` so that it never mixes with the notices, else stderr (undefined).
 */
export function commandLogFile(
  config: Config,
  given: string | undefined,
  terminal: boolean,
): string | undefined {
  return given ?? (terminal ? join(config.stateDir, 'kyc-screen.log') : undefined);
}

/** The command's logger and notice channel; on a terminal the first notice says where the log goes. */
export function openCommandLog(
  config: Config,
  logFile: string | undefined,
  terminal: boolean,
): { readonly log: Logger; readonly announce: Announce } {
  const log = createLogger({
    level: config.logLevel,
    secrets: logSecrets(config),
    ...(logFile ? { file: logFile } : {}),
  });
  const announce = noticeChannel(log);
  if (logFile && terminal) announce(`Logs: ${logFile}`);
  return { log, announce };
}
