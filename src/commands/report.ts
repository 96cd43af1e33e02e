import { existsSync } from 'node:fs';
import { environment } from '../settings/environment.js';
import { resolveLang } from '../i18n/lang.js';
import { checkRunId } from '../run/state/topology.js';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { LOG_LEVELS, loadConfig, logSecrets, type LogLevel } from '../config.js';
import { EXIT, KycError } from '../errors.js';
import { createLogger } from '../log.js';
import type { DeltaChange } from '../reporting/delta/compare.js';
import { newHitsLogLine, newHitsOf } from '../notify/new-hits.js';
import { exportAudit } from '../reporting/audit/export.js';
import { loadSigningKey } from '../reporting/audit/signing-key.js';
import { verifyCommand } from './report-verify.js';
import { runDecisionsForAudit } from '../desk/audit-source.js';
import { computeDelta, deltaSummary, verdictsPathOf, writeDeltaCsv } from '../reporting/delta/report.js';
import { openRedis } from '../infra/redis-session.js';
import { RunStore } from '../run/state/run-store.js';
import { writeRunReport } from '../reporting/report/write-report.js';
import { deskRecordOfRun } from './run-desk-record.js';
import type { RunDeskRecord } from '../reporting/desk-record.js';
import { withAlerts } from '../reporting/delta/alerts.js';
import { checkGuardedTarget } from '../infra/guarded-file.js';
import { ensureWritableDir, ensureWritableParent } from '../infra/writable.js';

const STATE_DIR_HELP = 'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)';

/** `kyc-screen delta`: the morning report of an analyst, between any two verdict files or run directories. */
export interface DeltaOptions {
  out: string;
  columns?: string;
  stateDir?: string;
  /** Replace an existing delta file (never a file of the runs compared). */
  overwrite?: boolean;
}

export async function deltaAction(previous: string, current: string, options: DeltaOptions): Promise<string> {
  return (await deltaFiles(previous, current, options)).text;
}

/** The delta CSV written, the printed summary, and the counts that decide the exit code. */
export async function deltaFiles(
  previous: string,
  current: string,
  options: DeltaOptions,
): Promise<{ text: string; counts: Readonly<Record<DeltaChange, number>>; out: string }> {
  const out = resolve(options.out);
  ensureWritableParent(out);
  const previousPath = verdictsPathOf(previous);
  const currentPath = verdictsPathOf(current);
  // The runs' own files are never the delta's, whatever the flags; checked before the delta is computed.
  const guard = { overwrite: options.overwrite, protect: [previousPath, currentPath] };
  await checkGuardedTarget(out, guard);
  const desk = await deskOfVerdicts(currentPath, options);
  const computed = await computeDelta(previousPath, currentPath, { columns: options.columns });
  // A verdicts file of no run (no manifest beside it) is compared without the desk's words.
  const report = desk === 'no run' ? computed : withAlerts(computed, desk);
  await writeDeltaCsv(out, report, report.format, guard);
  const text = `${deltaSummary(report, { previous: previousPath, current: currentPath })}\nDelta CSV: ${out}`;
  return { text, counts: report.counts, out };
}

/** The desk's record of the run whose verdicts file this is (its manifest beside it); 'no run': none beside. */
async function deskOfVerdicts(
  verdicts: string,
  options: { stateDir?: string },
): Promise<RunDeskRecord | undefined | 'no run'> {
  const manifest = join(dirname(verdicts), 'manifest.json');
  return existsSync(manifest) ? deskRecordOfRun(manifest, options) : 'no run';
}

/** LOG_LEVEL as the other commands read it; the delta itself needs no other configuration. */
function logLevelOf(env: NodeJS.ProcessEnv): LogLevel {
  const level = env.LOG_LEVEL;
  return (LOG_LEVELS as readonly string[]).includes(level ?? '') ? (level as LogLevel) : 'info';
}

/** A path as it is; anything else is a run id, whose manifest path Redis knows. */
async function manifestOf(target: string, options: { stateDir?: string }): Promise<string> {
  if (existsSync(target)) return target;
  const config = loadConfig(environment(), options.stateDir ? { stateDir: options.stateDir } : {});
  const session = await openRedis(config);
  try {
    const run = await new RunStore(session.redis, config.prefix).get(target);
    if (!run) throw new KycError('KYC_ERR_RUN_NOT_FOUND', `${target} is neither a path nor a known run`);
    return run.manifest;
  } finally {
    await session.close();
  }
}

/** `kyc-screen report delta|html|audit|verify`. */
export function registerReportCommand(program: Command): void {
  const report = program
    .command('report')
    .description('delta between runs, the HTML report of a run, audit export and its verification');

  report
    .command('delta')
    .description(
      'what changed per client between two runs: new and cleared hits, changed verdicts, new and removed clients, reopened whitelist entries',
    )
    .argument('<previous>', 'the earlier run: its verdicts CSV or its output directory')
    .argument('<current>', 'the later run: its verdicts CSV or its output directory')
    .option('--out <file>', 'the delta CSV', 'delta.csv')
    .option('--columns <map>', 'the header mapping the runs were made with (--columns of run), if any')
    .option('--overwrite', 'replace an existing delta file (never a file of either run)')
    .option('--state-dir <dir>', 'the embedded review desk of the later run, when DATABASE_URL is unset')
    .action(async (previous: string, current: string, options: DeltaOptions) => {
      const delta = await deltaFiles(previous, current, options);
      process.stdout.write(`${delta.text}\n`);
      if (newHitsOf(delta.counts) === 0) return;
      // Scripts and cron mail see it in the exit code; log collectors in the warn line (counts, no names).
      const line = newHitsLogLine({ counts: delta.counts, deltaFile: delta.out });
      createLogger({ level: logLevelOf(environment()) }).warn(line.fields, line.message);
      process.exitCode = EXIT.NEW_HITS;
    });

  report
    .command('html')
    .description(
      'one self-contained HTML page of a finished run for a compliance officer: facts, verdict counts, every HIT and REVIEW row with its matches, INCOMPLETE rows by cause, the delta',
    )
    .argument('<run>', "the run's id, its output directory, or its manifest.json")
    .option('--state-dir <dir>', STATE_DIR_HELP)
    .option('--out <file>', 'the report file (default: report.html beside the manifest)')
    .option(
      '--previous <run>',
      'an earlier run (output directory or verdicts CSV) to show the changes against',
    )
    .option('--columns <map>', 'the header mapping the run was made with (--columns of run), if any')
    .option('--overwrite', 'replace an existing report file')
    .option('--lang <lang>', 'language of the report: ru or en (default: KYC_LANG, else ru)')
    .action(
      async (
        target: string,
        options: {
          lang?: string;
          out?: string;
          previous?: string;
          columns?: string;
          overwrite?: boolean;
          stateDir?: string;
        },
      ) => {
        // A run id is looked up in Redis: an unwritable --out fails before that.
        if (options.out) ensureWritableParent(options.out);
        const lang = resolveLang(options.lang);
        const manifest = await manifestOf(target, options);
        const desk = await deskRecordOfRun(manifest, options);
        const out = await writeRunReport({ target: manifest, ...options, lang, desk });
        process.stdout.write(`Report: ${out}\n`);
      },
    );

  report
    .command('audit')
    .description('export a finished run for an auditor: outputs, config, versions, whitelist and SHA256SUMS')
    .argument('<runId>', 'the run to export')
    .requiredOption('--out <dir>', 'a new or empty directory for the package')
    .option('--state-dir <dir>', STATE_DIR_HELP)
    .action(exportAuditCommand);

  report
    .command('verify')
    .description(
      'recheck an audit package: its signature, every file against SHA256SUMS, the hashes the run recorded, and the run record where it is kept',
    )
    .argument('<dir>', 'the audit package directory')
    .option(
      '--public-key <file>',
      "the deployment's public key (report public-key prints it); default: this deployment's",
    )
    .option('--state-dir <dir>', STATE_DIR_HELP)
    .option('--no-run-record', "do not compare with the run's record in Redis")
    .action(verifyCommand);

  registerPublicKeyCommand(report);
}

/** `report public-key`: the key an auditor checks packages with. */
function registerPublicKeyCommand(report: Command): void {
  report
    .command('public-key')
    .description(
      "print the deployment's public key that audit packages are signed with (created on first use)",
    )
    .option('--state-dir <dir>', STATE_DIR_HELP)
    .action((options: { stateDir?: string }) => {
      const config = loadConfig(environment(), options.stateDir ? { stateDir: options.stateDir } : {});
      const key = loadSigningKey({ stateDir: config.stateDir, keyFile: config.auditKey });
      process.stdout.write(`${key.publicKeyPem}key id (sha256 of the key): ${key.keyId}\n`);
    });
}

/** `report audit`: the package of a finished run, with the command that checks it. */
async function exportAuditCommand(runId: string, options: { out: string; stateDir?: string }): Promise<void> {
  checkRunId(runId);
  ensureWritableDir(options.out);
  const config = loadConfig(environment(), options.stateDir ? { stateDir: options.stateDir } : {});
  const session = await openRedis(config);
  try {
    const exported = await exportAudit({
      redis: session.redis,
      prefix: config.prefix,
      runId,
      dir: options.out,
      secrets: logSecrets(config),
      signingKey: loadSigningKey({ stateDir: config.stateDir, keyFile: config.auditKey }),
      ...(await runDecisionsForAudit(config.stateDir, runId)),
    });
    process.stdout.write(
      `Audit package of ${runId} in ${exported.dir}:\n` +
        exported.files.map((f) => `  ${f.sha256}  ${f.name}\n`).join('') +
        `Signed by key ${exported.keyId} (SHA256SUMS.sig).\n` +
        `Check it with: kyc-screen report verify ${exported.dir}  (or: cd ${exported.dir} && sha256sum -c SHA256SUMS)\n`,
    );
  } finally {
    await session.close();
  }
}
