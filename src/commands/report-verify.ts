import { existsSync, readFileSync } from 'node:fs';
import { environment } from '../settings/environment.js';
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { loadConfig, type Config } from '../config.js';
import { KycError } from '../errors.js';
import { openRedis } from '../infra/redis-session.js';
import { existingPublicKey, publicKeyFromPem } from '../reporting/audit/signing-key.js';
import { verifyAudit, type VerifyResult } from '../reporting/audit/verify.js';
import { RunStore } from '../run/state/run-store.js';

interface VerifyFlags {
  readonly publicKey?: string;
  readonly stateDir?: string;
  /** commander's `--no-run-record`: false when given. */
  readonly runRecord: boolean;
}

function trustedKeys(flags: VerifyFlags, config: Config): KeyObject[] {
  if (flags.publicKey) {
    let pem: string;
    try {
      pem = readFileSync(flags.publicKey, 'utf8');
    } catch (error) {
      throw new KycError('KYC_ERR_AUDIT_KEY', `${flags.publicKey}: cannot read`, { cause: error });
    }
    return [publicKeyFromPem(pem, flags.publicKey)];
  }
  const own = existingPublicKey({ stateDir: config.stateDir, keyFile: config.auditKey });
  return own ? [own] : [];
}

/**
 * Whether this machine keeps run records to compare with: a Redis it is told of, or the embedded one's
 * data in the state directory. An auditor's machine has neither, and needs no redis-server to verify.
 */
function keepsRuns(config: Config): boolean {
  return config.redisUrl !== undefined || existsSync(join(config.stateDir, 'redis'));
}

function report(result: VerifyResult, keeps: boolean): void {
  const record =
    result.runRecord === 'kept'
      ? "the run's record"
      : result.runRecord === 'absent'
        ? 'the package (the run is no longer kept: not compared with its record)'
        : keeps
          ? 'the package (run record not asked)'
          : 'the package (this machine keeps no run records: REDIS_URL unset, no embedded Redis data)';
  const [first] = result.problems;
  if (!first) {
    process.stdout.write(
      `OK: signature valid; ${result.checked} files of ${result.dir} match SHA256SUMS and ${record}\n`,
    );
    return;
  }
  for (const problem of result.problems) process.stderr.write(`${problem.code}: ${problem.message}\n`);
  throw new KycError(first.code, `${result.problems.length} problem(s) in ${result.dir}`);
}

/** `kyc-screen report verify DIR`: where the deployment still keeps the run, the package is checked against it. */
export async function verifyCommand(dir: string, flags: VerifyFlags): Promise<void> {
  const config = loadConfig(environment(), flags.stateDir ? { stateDir: flags.stateDir } : {});
  const trusted = trustedKeys(flags, config);
  const keeps = keepsRuns(config);
  if (!flags.runRecord || !keeps) return report(await verifyAudit(dir, { trustedKeys: trusted }), keeps);
  const session = await openRedis(config);
  try {
    const store = new RunStore(session.redis, config.prefix);
    report(await verifyAudit(dir, { trustedKeys: trusted, runRecord: (id) => store.get(id) }), keeps);
  } finally {
    await session.close();
  }
}
