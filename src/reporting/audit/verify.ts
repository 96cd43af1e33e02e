import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { KycError } from '../../errors.js';
import type { RunState } from '../../run/state/run-store.js';
import { bodiesProblems } from './bodies-check.js';
import { evidenceProblems, manifestProblems } from './cross-check.js';
import {
  AUDIT_FILES,
  type AuditConfig,
  type AuditVersions,
  type ManifestView,
  type VerifyProblem,
} from './package.js';
import { runRecordProblems } from './run-record.js';
import { parseSums, sha256OfFile, SUMS_FILE } from './sha256sums.js';
import { SIGNATURE_FILE, signatureProblems } from './signature.js';
import { decisionProblems, DECISIONS_FILE } from '../../desk/audit-decisions.js';

export type { VerifyProblem } from './package.js';

export interface VerifyOptions {
  /** Public keys whose signature makes the package the deployment's (its own key, or --public-key). */
  readonly trustedKeys: readonly KeyObject[];
  /** Reads the run's record where it is still kept; undefined when it is gone or unreachable. */
  readonly runRecord?: ((runId: string) => Promise<RunState | undefined>) | undefined;
}

export interface VerifyResult {
  readonly dir: string;
  /** Files whose sha256 was checked. */
  readonly checked: number;
  /** Whether the run's record was there to compare with (`kept`), or gone (`absent`). */
  readonly runRecord: 'kept' | 'absent' | 'not-asked';
  readonly problems: readonly VerifyProblem[];
}

const REQUIRED = [
  AUDIT_FILES.manifest,
  AUDIT_FILES.verdicts,
  AUDIT_FILES.evidence,
  AUDIT_FILES.config,
  AUDIT_FILES.versions,
];

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * The package's files all name the manifest's run: config.json, versions.json, report.html (its run id and
 * input sha256) and every evidence line.
 */
async function crossProblems(
  dir: string,
  manifest: ManifestView,
  config: AuditConfig | undefined,
): Promise<VerifyProblem[]> {
  const problems: VerifyProblem[] = [];
  if (config) {
    const input = config.run.input as { sha256?: unknown } | undefined;
    problems.push(
      ...manifestProblems(
        manifest,
        {
          runId: config.run_id,
          ...(typeof input?.sha256 === 'string' ? { inputSha256: input.sha256 } : {}),
        },
        AUDIT_FILES.config,
      ),
    );
  }
  const versions = await readJson<AuditVersions>(join(dir, AUDIT_FILES.versions));
  if (versions && versions.run_id !== manifest.run_id)
    problems.push({
      code: 'KYC_ERR_AUDIT_RUN_MISMATCH',
      message: `${AUDIT_FILES.versions} names run ${versions.run_id}, manifest.json is of run ${manifest.run_id}`,
    });
  const report = await readFile(join(dir, AUDIT_FILES.report), 'utf8').catch(() => undefined);
  const inputSha256 = manifest.input?.sha256;
  if (
    report !== undefined &&
    (!report.includes(manifest.run_id) || (inputSha256 && !report.includes(inputSha256)))
  )
    problems.push({
      code: 'KYC_ERR_AUDIT_RUN_MISMATCH',
      message: `${AUDIT_FILES.report} is not the report of run ${manifest.run_id} and its input`,
    });
  const evidence = join(dir, AUDIT_FILES.evidence);
  if (!existsSync(evidence)) return problems;
  problems.push(...(await evidenceProblems(evidence, manifest.run_id, manifest.rows?.total)));
  const bodies = await bodiesProblems(evidence);
  problems.push(...bodies);
  const decisions = join(dir, DECISIONS_FILE);
  // Candidates are read with their bodies: without them the decisions cannot be compared.
  if (existsSync(decisions) && bodies.length === 0)
    problems.push(...(await decisionProblems(decisions, evidence)));
  return problems;
}

/**
 * `kyc-screen report verify DIR`: SHA256SUMS signed by a trusted deployment key, every file listed in SHA256SUMS is there with its sha256, every file of
 * the package is listed, the required files are all present, and the copies of the outputs and of the
 * whitelist still carry the hashes the manifest and config.json recorded when the run was made, and every
 * file names the same run (cross-check.ts).
 */
export async function verifyAudit(target: string, options: VerifyOptions): Promise<VerifyResult> {
  const dir = resolve(target);
  const sumsPath = join(dir, SUMS_FILE);
  if (!existsSync(sumsPath)) throw new KycError('KYC_ERR_AUDIT_MISSING_FILE', sumsPath);
  const sumsBytes = await readFile(sumsPath);
  const sums = parseSums(sumsBytes.toString('utf8'));
  const signature = await readFile(join(dir, SIGNATURE_FILE), 'utf8').catch(() => undefined);
  const problems: VerifyProblem[] = signatureProblems(sumsBytes, signature, options.trustedKeys);
  const actual = new Map<string, string>();
  let checked = 0;

  for (const { name, sha256 } of sums) {
    const path = join(dir, name);
    if (!existsSync(path)) {
      problems.push({
        code: 'KYC_ERR_AUDIT_MISSING_FILE',
        message: `${name}: listed in ${SUMS_FILE}, not found`,
      });
      continue;
    }
    const hash = await sha256OfFile(path);
    actual.set(name, hash);
    checked++;
    if (hash !== sha256)
      problems.push({ code: 'KYC_ERR_AUDIT_MISMATCH', message: `${name}: sha256 differs` });
  }
  const listed = new Set(sums.map((s) => s.name));
  for (const name of await readdir(dir)) {
    if (name !== SUMS_FILE && name !== SIGNATURE_FILE && !listed.has(name))
      problems.push({ code: 'KYC_ERR_AUDIT_MISMATCH', message: `${name}: not listed in ${SUMS_FILE}` });
  }
  const config = await readJson<AuditConfig>(join(dir, AUDIT_FILES.config));
  const manifest = await readJson<ManifestView>(join(dir, AUDIT_FILES.manifest));
  // A run that compacted its evidence recorded a third output, its bodies file.
  const bodies = manifest?.outputs[2];
  const required = [
    ...REQUIRED,
    ...(config?.whitelist ? [AUDIT_FILES.whitelist] : []),
    ...(bodies ? [AUDIT_FILES.bodies] : []),
  ];
  for (const name of required) {
    if (!listed.has(name))
      problems.push({ code: 'KYC_ERR_AUDIT_MISSING_FILE', message: `${name}: missing from the package` });
  }

  const recorded: [string, string | undefined][] = [
    [AUDIT_FILES.verdicts, manifest?.outputs[0]?.sha256],
    [AUDIT_FILES.evidence, manifest?.outputs[1]?.sha256],
    ...(bodies ? [[AUDIT_FILES.bodies, bodies.sha256] as [string, string]] : []),
    ...(config?.whitelist ? [[AUDIT_FILES.whitelist, config.whitelist.sha256] as [string, string]] : []),
  ];
  for (const [name, expected] of recorded) {
    const hash = actual.get(name);
    if (hash !== undefined && hash !== expected)
      problems.push({
        code: 'KYC_ERR_AUDIT_MISMATCH',
        message: `${name}: sha256 differs from the one the run recorded (manifest or config.json)`,
      });
  }
  if (manifest) problems.push(...(await crossProblems(dir, manifest, config)));
  const record = manifest && options.runRecord ? await options.runRecord(manifest.run_id) : undefined;
  if (manifest && record)
    problems.push(...runRecordProblems(manifest, actual.get(AUDIT_FILES.manifest), record));
  const runRecord = !options.runRecord ? 'not-asked' : record ? 'kept' : 'absent';
  return { dir, checked, problems, runRecord };
}
