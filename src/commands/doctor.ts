import { existsSync } from 'node:fs';
import { environment } from '../settings/environment.js';
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { KycError } from '../errors.js';
import { contradictions } from '../doctor/findings.js';
import { plannedCallsPerClient } from '../doctor/expected-calls.js';
import { applyProfile, writeProfileFile } from '../doctor/profile-file.js';
import type { UpstreamProfile } from '../settings/upstream-profile.js';
import { formatReport } from '../doctor/report.js';
import { DEFAULT_BUDGET, burstCalls, runDoctor } from '../doctor/run-doctor.js';
import { ensureWritableParent } from '../infra/writable.js';
import { positiveInt } from './shared-options.js';

export interface DoctorFlags {
  readonly upstreamProfile?: string;
  readonly budget: number;
  readonly writeProfile?: string;
  readonly force?: boolean;
  /** Keep the measured profile in the state directory, where every later run finds it. */
  readonly apply?: boolean;
  readonly stateDir?: string;
}

/** Where the command writes: the report to `out` (stdout), progress to `err` (stderr). */
export interface DoctorIo {
  out(text: string): void;
  err(text: string): void;
}

/** The service's address without credentials or query, for printing. */
function shownUrl(value: string): string {
  const url = new URL(value);
  url.username = '';
  url.password = '';
  url.search = '';
  return url.toString();
}

/** The measured profile as a suggestion, with the calls per client it plans against the assumed one's. */
async function suggestion(measured: UpstreamProfile, assumed: UpstreamProfile): Promise<string> {
  const [withMeasured, withAssumed] = await Promise.all([
    plannedCallsPerClient(measured),
    plannedCallsPerClient(assumed),
  ]);
  return (
    `\nSuggested profile (what was measured; --apply keeps it, --write-profile FILE writes it):\n` +
    `${JSON.stringify(measured, null, 2)}\n` +
    `Planned calls per client: ${withMeasured.toFixed(2)} with it, ${withAssumed.toFixed(2)} with the assumed profile ` +
    `(searches before the run's cache and the foreign-agent mirror, which only lower them).\n`
  );
}

/**
 * `kyc-screen doctor`: measures the configured Lookup Service where its contract is open and compares it
 * with the upstream profile the pipeline would run with. Exits 0 when every checked assumption holds,
 * else with KYC_ERR_DOCTOR_PROFILE_MISMATCH.
 */
export async function doctorAction(flags: DoctorFlags, env: NodeJS.ProcessEnv, io: DoctorIo): Promise<void> {
  const config = loadConfig(env, {
    ...(flags.upstreamProfile ? { upstreamProfilePath: flags.upstreamProfile } : {}),
    ...(flags.stateDir ? { stateDir: flags.stateDir } : {}),
  });
  if (config.apiUrl === undefined || config.apiKey === undefined) {
    throw new KycError(
      'KYC_ERR_CONFIG_API_URL',
      'doctor measures a deployed Lookup Service: set KYC_API_URL and KYC_API_KEY',
    );
  }
  if (flags.writeProfile !== undefined && !flags.force && existsSync(flags.writeProfile)) {
    throw new KycError(
      'KYC_ERR_DOCTOR_PROFILE_EXISTS',
      `${flags.writeProfile} exists; add --force to replace it`,
    );
  }
  // Before the first call: a measurement spends the budget and must not end in an unwritable file.
  if (flags.writeProfile !== undefined) ensureWritableParent(flags.writeProfile);
  io.out(
    `kyc-screen doctor: ${shownUrl(config.apiUrl)}\n` +
      `assumed profile: ${config.upstreamProfilePath ?? 'the defaults'}\n` +
      `budget: at most ${flags.budget} calls, ${burstCalls(flags.budget)} of them sent at once to find the burst\n\n`,
  );
  const report = await runDoctor({
    baseUrl: config.apiUrl,
    apiKey: config.apiKey,
    budget: flags.budget,
    assumed: config.profile,
    timeoutMs: config.requestTimeoutMs,
    note: (line) => io.err(`doctor: ${line}\n`),
  });
  io.out(formatReport(report));
  io.out(await suggestion(report.measured, config.profile));
  if (flags.writeProfile !== undefined) {
    writeProfileFile(flags.writeProfile, report.measured, flags.force === true);
    io.out(`Measured profile written to ${flags.writeProfile}.\n`);
  }
  if (flags.apply) {
    const path = applyProfile(config.stateDir, report.measured);
    io.out(
      `Applied: every run on this machine reads answers by it from now on (${path}), until doctor --apply measures again; KYC_UPSTREAM_PROFILE or --upstream-profile still take precedence.\n`,
    );
  }
  const differ = contradictions(report.findings);
  if (differ.length > 0) {
    throw new KycError('KYC_ERR_DOCTOR_PROFILE_MISMATCH', differ.map((f) => f.point).join(', '));
  }
}

export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description(
      'measure the Lookup Service of KYC_API_URL where its contract is open and compare it with the upstream profile (docs/doctor.md)',
    )
    .option(
      '--upstream-profile <file>',
      'the assumed profile (default: KYC_UPSTREAM_PROFILE, else the defaults)',
    )
    .option('--budget <n>', 'calls the doctor may make in all', positiveInt('--budget'), DEFAULT_BUDGET)
    .option('--write-profile <file>', 'write the measured profile to this file')
    .option('--force', 'replace an existing --write-profile file')
    .option('--apply', 'keep the measured profile in the state directory: every later run uses it')
    .option('--state-dir <dir>', 'where --apply keeps the profile (default: KYC_STATE_DIR, else .state)')
    .action(async (flags: DoctorFlags) => {
      await doctorAction(flags, environment(), {
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
      });
    });
}
