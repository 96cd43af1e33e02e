import { chmod, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Redis } from 'ioredis';
import { KycError } from '../../errors.js';
import { copyToGuardedFile, writeGuardedFile } from '../../infra/guarded-file.js';
import { PRIVATE_DIR_MODE } from '../../infra/private-files.js';
import { RunStore, type RunState } from '../../run/state/run-store.js';
import { checkRunId } from '../../run/state/topology.js';
import { VERSION } from '../../version.js';
import { writeRunReport } from '../report/write-report.js';
import { WhitelistStore } from '../../whitelist/store.js';
import { decisionsJsonl, DECISIONS_FILE } from '../../desk/audit-decisions.js';
import type { RunDecision } from '../../desk/types.js';
import { bodiesPathOf } from '../../export/evidence-bodies.js';
import { evidenceProblems, manifestProblems } from './cross-check.js';
import { AUDIT_FILES, type AuditConfig, type AuditVersions, type ManifestView } from './package.js';
import { fileContainsAny, formatSums, sha256OfFile, SUMS_FILE, type FileSum } from './sha256sums.js';
import { SIGNATURE_FILE, signSums } from './signature.js';
import type { SigningKey } from './signing-key.js';

export interface AuditExportOptions {
  readonly redis: Redis;
  readonly prefix: string;
  readonly runId: string;
  readonly dir: string;
  /** Values that must appear in no exported file (the API key). */
  readonly secrets: readonly string[];
  /** The deployment's key: SHA256SUMS.sig makes the package verifiably this deployment's. */
  readonly signingKey: SigningKey;
  /** The review desk's decisions on the run's rows (decisions.jsonl); absent: the run had no desk. */
  readonly decisions?: readonly RunDecision[];
}

export interface AuditExport {
  readonly dir: string;
  readonly files: readonly FileSum[];
  /** The signing key's id (sha256 of its public key). */
  readonly keyId: string;
}

async function readManifest(run: RunState): Promise<ManifestView> {
  const text = await readFile(run.manifest, 'utf8').catch((error: unknown) => {
    throw new KycError('KYC_ERR_AUDIT_MISSING_FILE', run.manifest, { cause: error });
  });
  return JSON.parse(text) as ManifestView;
}

/** The run's outputs must still be what its manifest recorded: an altered file is never exported. */
async function checkOutputs(run: RunState, manifest: ManifestView): Promise<void> {
  const expected = outputsOf(run, manifest);
  for (const [i, path] of expected.entries()) {
    const recorded = manifest.outputs[i];
    const actual = await sha256OfFile(path).catch((error: unknown) => {
      throw new KycError('KYC_ERR_AUDIT_MISSING_FILE', path, { cause: error });
    });
    if (!recorded || recorded.sha256 !== actual)
      throw new KycError('KYC_ERR_AUDIT_MISMATCH', `${path} differs from the sha256 its manifest recorded`);
  }
}

/** The run's output files as its manifest lists them: a run that compacted its evidence has its bodies file. */
function outputsOf(run: RunState, manifest: ManifestView): string[] {
  return [run.out, run.evidence, ...(manifest.outputs[2] ? [bodiesPathOf(run.evidence)] : [])];
}

async function prepareDir(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new KycError('KYC_ERR_AUDIT_TARGET', dir);
  // The package holds client names: private like a run's outputs.
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

function configOf(run: RunState, manifest: ManifestView): AuditConfig {
  return {
    run_id: run.id,
    effective_config: manifest.config,
    run: {
      input: { path: run.input, sha256: run.inputSha256, bytes: run.inputBytes },
      priority: run.priority,
      window: run.window,
      checks: run.checks,
      encoding: run.encoding ?? null,
      columns: run.columns ?? null,
      out_encoding: run.outEncoding ?? null,
      out_delimiter: run.outDelimiter ?? null,
      schedule: run.schedule ?? null,
      created_at: run.createdAt,
      finished_at: run.finishedAt ?? null,
    },
    whitelist: run.whitelist ?? null,
  };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * `kyc-screen report audit <runId> --out DIR`: the run's manifest, verdicts and evidence with its bodies (checked against
 * the manifest first), its effective config without secrets, the software and scoring versions, the
 * whitelist it applied (the file's exact bytes), its HTML report, SHA256SUMS over all of them and
 * SHA256SUMS.sig, the deployment's Ed25519 signature of SHA256SUMS.
 */
export async function exportAudit(options: AuditExportOptions): Promise<AuditExport> {
  const run = await new RunStore(options.redis, options.prefix).require(checkRunId(options.runId));
  if (run.status !== 'done') throw new KycError('KYC_ERR_AUDIT_RUN_NOT_DONE', `${run.id} is ${run.status}`);
  const manifest = await readManifest(run);
  // Another run's files in the same place (an out-dir shared by two runs) are intact but not this run's.
  const [mixed] = [
    ...manifestProblems(
      manifest,
      {
        runId: run.id,
        inputSha256: run.inputSha256,
        outputs: outputsOf(run, manifest),
      },
      'the run',
    ),
    ...(await evidenceProblems(run.evidence, run.id, manifest.rows?.total).catch(() => [])),
  ];
  if (mixed) throw new KycError(mixed.code, mixed.message);
  await checkOutputs(run, manifest);
  const whitelist = run.whitelist
    ? await new WhitelistStore(options.redis, options.prefix).source(run.id)
    : undefined;
  if (run.whitelist && !whitelist)
    throw new KycError('KYC_ERR_AUDIT_MISSING_FILE', `the whitelist of ${run.id} is no longer in Redis`);

  const dir = resolve(options.dir);
  await prepareDir(dir);
  try {
    // Every file through the guarded writer: new names only, never through a symlink, 0600.
    await copyToGuardedFile(run.manifest, join(dir, AUDIT_FILES.manifest));
    await copyToGuardedFile(run.out, join(dir, AUDIT_FILES.verdicts));
    await copyToGuardedFile(run.evidence, join(dir, AUDIT_FILES.evidence));
    if (manifest.outputs[2])
      await copyToGuardedFile(bodiesPathOf(run.evidence), join(dir, AUDIT_FILES.bodies));
    await writeGuardedFile(join(dir, AUDIT_FILES.config), json(configOf(run, manifest)));
    const versions: AuditVersions = {
      run_id: run.id,
      software_version: manifest.software_version,
      scoring_version: manifest.scoring_version,
      manifest_version: manifest.manifest_version,
      exported_by: {
        software_version: VERSION,
        node: process.version,
        exported_at: new Date().toISOString(),
      },
    };
    await writeGuardedFile(join(dir, AUDIT_FILES.versions), json(versions));
    if (whitelist) await writeGuardedFile(join(dir, AUDIT_FILES.whitelist), whitelist);
    if (options.decisions)
      await writeGuardedFile(join(dir, DECISIONS_FILE), decisionsJsonl(options.decisions));
    // What the compliance officer reads, beside what it was made from (the outputs checked above).
    await writeRunReport({
      target: join(dir, AUDIT_FILES.manifest),
      out: join(dir, AUDIT_FILES.report),
      columns: run.columns,
    });

    const names = (await readdir(dir)).sort();
    for (const name of names) {
      if (await fileContainsAny(join(dir, name), options.secrets))
        throw new KycError('KYC_ERR_AUDIT_SECRET', name);
    }
    const files = await Promise.all(
      names.map(async (name) => ({ name, sha256: await sha256OfFile(join(dir, name)) })),
    );
    const sums = formatSums(files);
    await writeGuardedFile(join(dir, SUMS_FILE), sums);
    await writeGuardedFile(join(dir, SIGNATURE_FILE), signSums(Buffer.from(sums), options.signingKey));
    return { dir, files, keyId: options.signingKey.keyId };
  } catch (error) {
    // A half-written package must not pass for a whole one.
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
