import { EXIT } from '../errors.js';
import { ENVIRONMENT, type EnvironmentSetting } from '../settings/environment.js';

/**
 * What `kyc-screen --help` lists after the commands: the environment variables, one line each from the
 * settings table (src/settings/environment.ts), and the exit codes, which a test keeps equal to the
 * README's table.
 */

const EXIT_MEANINGS: Readonly<Record<keyof typeof EXIT, string>> = {
  OK: 'success',
  INTERNAL: 'internal error',
  USAGE: 'usage or configuration error',
  INPUT:
    'input file error; an output destination cannot be written; report verify: a file is missing or altered',
  INCOMPLETE: 'run finished, some rows INCOMPLETE',
  UPSTREAM: 'the Lookup Service refused (for example the API key) or could not be reached',
  REDIS: 'Redis missing or unreachable',
  PROFILE_MISMATCH: 'doctor: the Lookup Service does not do what the upstream profile assumes',
  NEW_HITS: 'report delta: the delta has new HITs (the delta file is written)',
};

/** Ctrl-C is not an error of the catalog, but scripts branch on it all the same. */
const INTERRUPTED: readonly [number, string] = [130, 'interrupted (Ctrl-C); resume with --resume <runId>'];

function table(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join('\n');
}

export function environmentHelp(): string {
  const rows = ENVIRONMENT.map((setting: EnvironmentSetting) => {
    const flags = setting.flags ?? [];
    return [
      setting.name,
      flags.length === 0 ? setting.help : `${setting.help} [${flags.join(', ')}]`,
    ] as const;
  });
  return `Environment variables (flags of the same meaning win):\n${table(rows)}`;
}

export function exitCodeHelp(): string {
  const rows = (Object.keys(EXIT) as (keyof typeof EXIT)[]).map(
    (name) => [String(EXIT[name]), EXIT_MEANINGS[name]] as const,
  );
  return `Exit codes:\n${table([...rows, [String(INTERRUPTED[0]), INTERRUPTED[1]]])}`;
}
