import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { KycError, type ErrorCode } from '../../errors.js';
import { evidenceProblems, manifestProblems } from './cross-check.js';
import { AUDIT_FILES, type AuditConfig, type AuditVersions, type ManifestView } from './package.js';
import { parseSums, sha256OfFile, SUMS_FILE } from './sha256sums.js';
import { decisionProblems, DECISIONS_FILE } from '../../desk/audit-decisions.js';

export interface VerifyProblem {
  readonly code: ErrorCode;
  readonly message: string;
}

export interface VerifyResult {
  readonly dir: string;
  /** Files whose sha256 was checked. */
  readonly checked: number;
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
  if (existsSync(evidence))
    problems.push(...(await evidenceProblems(evidence, manifest.run_id, manifest.rows?.total)));
  const decisions = join(dir, DECISIONS_FILE);
  if (existsSync(decisions) && existsSync(evidence))
    problems.push(...(await decisionProblems(decisions, evidence)));
  return problems;
}

/**
 * `kyc-screen report verify DIR`: every file listed in SHA256SUMS is there with its sha256, every file of
 * the package is listed, the required files are all present, and the copies of the outputs and of the
 * whitelist still carry the hashes the manifest and config.json recorded when the run was made, and every
 * file names the same run (cross-check.ts).
 */
export async function verifyAudit(target: string): Promise<VerifyResult> {
  const dir = resolve(target);
  const sumsPath = join(dir, SUMS_FILE);
  if (!existsSync(sumsPath)) throw new KycError('KYC_ERR_AUDIT_MISSING_FILE', sumsPath);
  const sums = parseSums(await readFile(sumsPath, 'utf8'));
  const problems: VerifyProblem[] = [];
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
    if (name !== SUMS_FILE && !listed.has(name))
      problems.push({ code: 'KYC_ERR_AUDIT_MISMATCH', message: `${name}: not listed in ${SUMS_FILE}` });
  }
  const config = await readJson<AuditConfig>(join(dir, AUDIT_FILES.config));
  const required = config?.whitelist ? [...REQUIRED, AUDIT_FILES.whitelist] : REQUIRED;
  for (const name of required) {
    if (!listed.has(name))
      problems.push({ code: 'KYC_ERR_AUDIT_MISSING_FILE', message: `${name}: missing from the package` });
  }

  const manifest = await readJson<ManifestView>(join(dir, AUDIT_FILES.manifest));
  const recorded: [string, string | undefined][] = [
    [AUDIT_FILES.verdicts, manifest?.outputs[0]?.sha256],
    [AUDIT_FILES.evidence, manifest?.outputs[1]?.sha256],
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
  return { dir, checked, problems };
}
