import { resolve } from 'node:path';
import type { Command } from 'commander';
import { EMULATOR_URL, type Config, type ConfigInput } from '../config.js';
import { DEFAULT_WORKER_SETTINGS, type WorkerSettings } from '../pipeline/workers.js';

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

/** `--emulator`; `does` says what the opt-in does for this command. */
export function emulatorOption(command: Command, does: string): Command {
  return command.option(
    '--emulator',
    `${does}. Without it, KYC_API_URL is required (KYC_API_URL=emulator is the same opt-in)`,
  );
}

/** The flags of a long-running command that override the environment's configuration. */
export interface UpstreamFlags {
  readonly rate?: number | undefined;
  readonly stateDir?: string | undefined;
  readonly upstreamProfile?: string | undefined;
  readonly emulator?: boolean | undefined;
}

export function configOverrides(flags: UpstreamFlags): ConfigInput {
  return {
    ...(flags.rate !== undefined ? { rate: flags.rate } : {}),
    ...(flags.stateDir ? { stateDir: flags.stateDir } : {}),
    ...(flags.upstreamProfile ? { upstreamProfilePath: resolve(flags.upstreamProfile) } : {}),
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
  };
}
