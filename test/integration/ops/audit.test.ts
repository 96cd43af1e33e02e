import { createPublicKey } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistAddAction } from '../../../src/commands/whitelist.js';
import { DEMO_API_KEY } from '../../../src/config.js';
import { exportAudit } from '../../../src/reporting/audit/export.js';
import { sha256OfFile } from '../../../src/reporting/audit/sha256sums.js';
import { signSums } from '../../../src/reporting/audit/signature.js';
import { loadSigningKey, type SigningKey } from '../../../src/reporting/audit/signing-key.js';
import { verifyAudit } from '../../../src/reporting/audit/verify.js';
import { RunStore, type RunState } from '../../../src/run/state/run-store.js';
import { SCORING_VERSION } from '../../../src/verdict/index.js';
import { VERSION } from '../../../src/version.js';
import { redisUrl } from '../../helpers/redis.js';
import { CLIENTS, clientsCsv, startOpsPipeline, type OpsPipeline } from './helpers.js';

let pipeline: OpsPipeline;
let run: RunState;
let whitelist: string;

const newDir = () => join(mkdtempSync(join(tmpdir(), 'kyc-audit-')), 'package');
const stateDir = mkdtempSync(join(tmpdir(), 'kyc-audit-state-'));
const signingKey: SigningKey = loadSigningKey({ stateDir });
const exportTo = (dir: string, runId = run.id) =>
  exportAudit({
    redis: pipeline.redis,
    prefix: pipeline.prefix,
    runId,
    dir,
    secrets: [DEMO_API_KEY],
    signingKey,
  });
const trustedKeys = [createPublicKey(signingKey.privateKey)];
const verify = (dir: string) => verifyAudit(dir, { trustedKeys });
/** SHA256SUMS made to match the package's files as they are now, as a forger would. */
async function resum(dir: string): Promise<Buffer> {
  const names = readdirSync(dir).filter((n) => n !== 'SHA256SUMS' && n !== 'SHA256SUMS.sig');
  const lines = await Promise.all(
    names.sort().map(async (n) => `${await sha256OfFile(join(dir, n))}  ${n}\n`),
  );
  writeFileSync(join(dir, 'SHA256SUMS'), lines.join(''));
  return Buffer.from(lines.join(''));
}
const hasSha256sum = spawnSync('sha256sum', ['--version']).status === 0;

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  const input = clientsCsv([
    ['CL-1', ...CLIENTS.clean1],
    ['CL-2', ...CLIENTS.foreignAgentHit],
  ]);
  const first = (await pipeline.run(input)).run;
  whitelist = join(mkdtempSync(join(tmpdir(), 'kyc-wl-')), 'whitelist.csv');
  await whitelistAddAction({ verdicts: first.out, row: 2, reviewer: 'Иванова А.', whitelist });
  run = (await pipeline.run(input, { whitelist })).run;
});
afterAll(async () => {
  await pipeline.close();
});

describe('report audit and report verify', () => {
  it('exports outputs, config, versions and the whitelist used, with SHA256SUMS that sha256sum accepts', async () => {
    const dir = newDir();
    const exported = await exportTo(dir);
    expect(readdirSync(dir).sort()).toEqual([
      'SHA256SUMS',
      'SHA256SUMS.sig',
      'config.json',
      'evidence.bodies.jsonl',
      'evidence.jsonl',
      'manifest.json',
      'report.html',
      'verdicts.csv',
      'versions.json',
      'whitelist.csv',
    ]);
    expect(exported.files).toHaveLength(8);
    expect(readFileSync(join(dir, 'verdicts.csv'))).toEqual(readFileSync(run.out));
    expect(readFileSync(join(dir, 'whitelist.csv'))).toEqual(readFileSync(whitelist));
    const versions = JSON.parse(readFileSync(join(dir, 'versions.json'), 'utf8')) as Record<string, unknown>;
    expect(versions).toMatchObject({
      run_id: run.id,
      software_version: VERSION,
      scoring_version: SCORING_VERSION,
    });
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {
      effective_config: Record<string, unknown>;
      whitelist: { sha256: string };
    };
    expect(config.effective_config).toMatchObject({ apiKey: '[set]', prefix: pipeline.prefix });
    expect(config.whitelist.sha256).toBe(run.whitelist?.sha256);
    // The key the runs used is in no exported file.
    for (const name of readdirSync(dir))
      expect(readFileSync(join(dir, name), 'utf8')).not.toContain(DEMO_API_KEY);
    if (hasSha256sum) execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: dir });
    expect(await verify(dir)).toMatchObject({ checked: 8, problems: [] });
  });

  it("carries the run's HTML report: self-contained, in SHA256SUMS, and verify catches it altered or swapped", async () => {
    const dir = newDir();
    await exportTo(dir);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain(run.id);
    expect(html).toContain(run.inputSha256);
    // Opens offline, years later: nothing is fetched from anywhere.
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//iu);
    expect(html).not.toMatch(/<script[^>]*\ssrc|<link|@import|url\(\s*["']?(?:https?:)?\/\//iu);
    const sums = readFileSync(join(dir, 'SHA256SUMS'), 'utf8');
    expect(sums).toContain(`${await sha256OfFile(join(dir, 'report.html'))}  report.html\n`);

    writeFileSync(join(dir, 'report.html'), html.replace('</body>', '<p>all clear</p></body>'));
    expect((await verify(dir)).problems).toEqual([
      { code: 'KYC_ERR_AUDIT_MISMATCH', message: 'report.html: sha256 differs' },
    ]);

    // Another run's report with SHA256SUMS made to match: it names another run.
    const other = newDir();
    const first = (await pipeline.run(clientsCsv([['CL-3', ...CLIENTS.clean1]]))).run;
    await exportTo(other, first.id);
    writeFileSync(join(dir, 'report.html'), readFileSync(join(other, 'report.html')));
    writeFileSync(
      join(dir, 'SHA256SUMS'),
      sums.replace(/^[0-9a-f]{64}(?= {2}report\.html$)/mu, await sha256OfFile(join(dir, 'report.html'))),
    );
    expect((await verify(dir)).problems).toEqual([
      { code: 'KYC_ERR_AUDIT_SIGNATURE', message: 'SHA256SUMS.sig: the signature does not match SHA256SUMS' },
      {
        code: 'KYC_ERR_AUDIT_RUN_MISMATCH',
        message: `report.html is not the report of run ${run.id} and its input`,
      },
    ]);
  });

  it('verify names every altered, missing and unlisted file with its KYC_ERR code', async () => {
    const dir = newDir();
    await exportTo(dir);
    appendFileSync(join(dir, 'verdicts.csv'), 'CL-9,forged\r\n');
    rmSync(join(dir, 'whitelist.csv'));
    writeFileSync(join(dir, 'notes.txt'), 'added later');
    const { problems } = await verify(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        { code: 'KYC_ERR_AUDIT_MISMATCH', message: 'verdicts.csv: sha256 differs' },
        { code: 'KYC_ERR_AUDIT_MISSING_FILE', message: 'whitelist.csv: listed in SHA256SUMS, not found' },
        { code: 'KYC_ERR_AUDIT_MISMATCH', message: 'notes.txt: not listed in SHA256SUMS' },
      ]),
    );
  });

  it('verify catches an output replaced together with its SHA256SUMS line: the manifest recorded the original', async () => {
    const dir = newDir();
    await exportTo(dir);
    writeFileSync(join(dir, 'evidence.jsonl'), '{}\n');
    const sums = readFileSync(join(dir, 'SHA256SUMS'), 'utf8').replace(
      /^[0-9a-f]{64}(?= {2}evidence\.jsonl$)/mu,
      await sha256OfFile(join(dir, 'evidence.jsonl')),
    );
    writeFileSync(join(dir, 'SHA256SUMS'), sums);
    const { problems } = await verify(dir);
    expect(problems.map((p) => p.message)).toEqual([
      'SHA256SUMS.sig: the signature does not match SHA256SUMS',
      'evidence.jsonl: sha256 differs from the one the run recorded (manifest or config.json)',
      `evidence.jsonl line 1 is of run (none), not ${run.id}`,
    ]);
  });

  it('refuses to export a run whose out-dir another run took over, and verify catches two runs mixed', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-audit-shared-'));
    const input = clientsCsv([['CL-1', ...CLIENTS.clean1]]);
    const a = (await pipeline.run(input, { outDir })).run;
    const other = clientsCsv([['CL-7', ...CLIENTS.sanctionsHit]]);
    const b = (await pipeline.run(other, { outDir, overwrite: true })).run;
    await expect(exportTo(newDir(), a.id)).rejects.toMatchObject({ code: 'KYC_ERR_AUDIT_RUN_MISMATCH' });

    // A package of B with config.json and versions.json of another run, SHA256SUMS made to match.
    const dir = newDir();
    await exportTo(dir, b.id);
    const foreign = newDir();
    await exportTo(foreign);
    for (const name of ['config.json', 'versions.json'])
      writeFileSync(join(dir, name), readFileSync(join(foreign, name)));
    await resum(dir);
    const { problems } = await verify(dir);
    expect(problems.map((p) => p.code)).toContain('KYC_ERR_AUDIT_RUN_MISMATCH');
    expect(problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        `manifest.json is of run ${b.id}, config.json names ${run.id}`,
        `versions.json names run ${run.id}, manifest.json is of run ${b.id}`,
      ]),
    );
  });

  it('the CLI exits 3 with the KYC_ERR code on a damaged package and 0 on a sound one', async () => {
    const dir = newDir();
    await exportTo(dir);
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        encoding: 'utf8',
        env: {
          ...process.env,
          REDIS_URL: redisUrl(),
          KYC_PREFIX: pipeline.prefix,
          KYC_STATE_DIR: stateDir,
          LOG_LEVEL: 'warn',
        },
      });
    const sound = cli(['report', 'verify', dir]);
    expect(sound.stdout).toContain('OK: signature valid; 8 files');
    expect(sound.stdout).toContain("and the run's record");
    const key = cli(['report', 'public-key']);
    expect(key.stdout).toContain('-----BEGIN PUBLIC KEY-----');
    expect(key.stdout).toContain(`key id (sha256 of the key): ${signingKey.keyId}`);
    expect(sound.status).toBe(0);
    rmSync(join(dir, 'manifest.json'));
    const damaged = cli(['report', 'verify', dir]);
    expect(damaged.stderr).toContain('KYC_ERR_AUDIT_MISSING_FILE: manifest.json');
    expect(damaged.status).toBe(3);
  });

  it("verifies on an auditor's machine: no Redis, no redis-server, the public key handed over as a file", async () => {
    const dir = newDir();
    await exportTo(dir);
    const keyFile = join(mkdtempSync(join(tmpdir(), 'kyc-auditor-')), 'kyc-audit.pub.pem');
    writeFileSync(keyFile, signingKey.publicKeyPem);
    const auditor = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'report', 'verify', dir, '--public-key', keyFile],
      {
        encoding: 'utf8',
        env: {
          PATH: '/nonexistent',
          HOME: process.env.HOME ?? '/tmp',
          KYC_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyc-auditor-state-')),
          LOG_LEVEL: 'warn',
        },
      },
    );
    expect(auditor.stderr).toBe('');
    expect(auditor.stdout).toContain('OK: signature valid; 8 files');
    expect(auditor.stdout).toContain('this machine keeps no run records');
    expect(auditor.status).toBe(0);
  });

  it('a package forged consistently (outputs, manifest, report and SHA256SUMS) fails on its signature', async () => {
    const dir = newDir();
    await exportTo(dir);
    const verdicts = readFileSync(join(dir, 'verdicts.csv'), 'utf8').replace('CL-1', 'CL-9');
    writeFileSync(join(dir, 'verdicts.csv'), verdicts);
    const manifest = readFileSync(join(dir, 'manifest.json'), 'utf8');
    const newSha = await sha256OfFile(join(dir, 'verdicts.csv'));
    const oldSha = (JSON.parse(manifest) as { outputs: { sha256: string }[] }).outputs[0]?.sha256 ?? '';
    writeFileSync(join(dir, 'manifest.json'), manifest.replace(oldSha, newSha));
    const sums = await resum(dir);
    expect((await verify(dir)).problems).toEqual([
      { code: 'KYC_ERR_AUDIT_SIGNATURE', message: 'SHA256SUMS.sig: the signature does not match SHA256SUMS' },
    ]);

    // Signed again with the forger's own key: a valid signature by a key the deployment does not know.
    const forger = loadSigningKey({ stateDir: mkdtempSync(join(tmpdir(), 'kyc-forger-')) });
    writeFileSync(join(dir, 'SHA256SUMS.sig'), signSums(sums, forger));
    const untrusted = (await verify(dir)).problems;
    expect(untrusted.map((p) => p.code)).toEqual(['KYC_ERR_AUDIT_KEY_UNTRUSTED']);
    expect(untrusted[0]?.message).toContain(forger.keyId);

    // Signed with the deployment's own key (a stolen key): the run's kept record still disagrees.
    writeFileSync(join(dir, 'SHA256SUMS.sig'), signSums(sums, signingKey));
    const store = new RunStore(pipeline.redis, pipeline.prefix);
    const checked = await verifyAudit(dir, { trustedKeys, runRecord: (id) => store.get(id) });
    expect(checked.runRecord).toBe('kept');
    expect(checked.problems.map((p) => p.code)).toEqual(['KYC_ERR_AUDIT_RUN_RECORD']);
    expect(checked.problems[0]?.message).toContain('manifest.json sha256');
  });

  it('verify checks every body of the compacted evidence, even in a package re-summed and re-signed', async () => {
    const dir = newDir();
    await exportTo(dir);
    const bodiesPath = join(dir, 'evidence.bodies.jsonl');
    /** The package made consistent again around edited bodies, as a forger holding the key would. */
    const forge = async (lines: readonly string[]) => {
      writeFileSync(bodiesPath, lines.join(''));
      const manifest = readFileSync(join(dir, 'manifest.json'), 'utf8');
      const recorded = (JSON.parse(manifest) as { outputs: { sha256: string }[] }).outputs[2]?.sha256 ?? '';
      writeFileSync(join(dir, 'manifest.json'), manifest.replace(recorded, await sha256OfFile(bodiesPath)));
      writeFileSync(join(dir, 'SHA256SUMS.sig'), signSums(await resum(dir), signingKey));
      return (await verify(dir)).problems;
    };
    const original = readFileSync(bodiesPath, 'utf8').split(/(?<=\n)/u);
    const record = original.findIndex((line) => line.includes('"recordName"'));
    expect(record).toBeGreaterThanOrEqual(0);

    const renamed = [...original];
    renamed[record] = original[record]!.replace(/"recordName":"[^"]*"/u, '"recordName":"Подменённое Имя"');
    expect(await forge(renamed)).toEqual([
      {
        code: 'KYC_ERR_AUDIT_MISMATCH',
        message: `evidence.bodies.jsonl line ${record + 1}: the body is not the content its sha256 names`,
      },
    ]);

    const dropped = original.filter((_, i) => i !== record);
    const problems = await forge(dropped);
    expect(problems.map((p) => p.code)).toEqual(['KYC_ERR_AUDIT_MISMATCH']);
    expect(problems[0]?.message).toMatch(
      /^evidence\.jsonl: \d+ references to bodies evidence\.bodies\.jsonl does not hold/u,
    );
  });

  it('a sound package agrees with the run record; without a trusted key verify says which flag to give', async () => {
    const dir = newDir();
    await exportTo(dir);
    const store = new RunStore(pipeline.redis, pipeline.prefix);
    expect(run.manifestSha256).toMatch(/^[0-9a-f]{64}$/u);
    expect(await verifyAudit(dir, { trustedKeys, runRecord: (id) => store.get(id) })).toMatchObject({
      runRecord: 'kept',
      problems: [],
    });
    expect(await verifyAudit(dir, { trustedKeys, runRecord: async () => undefined })).toMatchObject({
      runRecord: 'absent',
      problems: [],
    });
    const { problems } = await verifyAudit(dir, { trustedKeys: [] });
    expect(problems.map((p) => p.code)).toEqual(['KYC_ERR_AUDIT_KEY_UNTRUSTED']);
    expect(problems[0]?.message).toContain('--public-key');
  });

  it('every file of the package and the signing key are 0600; the key is made once and reused', async () => {
    const dir = newDir();
    await exportTo(dir);
    for (const name of readdirSync(dir))
      expect([name, statSync(join(dir, name)).mode & 0o777]).toEqual([name, 0o600]);
    const keyFile = join(stateDir, 'audit-signing-key.pem');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(loadSigningKey({ stateDir }).keyId).toBe(signingKey.keyId);
    expect(() => loadSigningKey({ stateDir, keyFile: join(stateDir, 'missing.pem') })).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_AUDIT_KEY' }),
    );
  });
  it('refuses an unfinished run, a non-empty target and outputs changed since the run', async () => {
    await expect(exportTo(newDir(), 'no_such_run')).rejects.toMatchObject({ code: 'KYC_ERR_RUN_NOT_FOUND' });
    await new RunStore(pipeline.redis, pipeline.prefix).create({
      ...run,
      id: 'queued_run',
      createdAt: run.createdAt,
    });
    await expect(exportTo(newDir(), 'queued_run')).rejects.toMatchObject({
      code: 'KYC_ERR_AUDIT_RUN_NOT_DONE',
    });
    const used = newDir();
    await exportTo(used);
    await expect(exportTo(used)).rejects.toMatchObject({ code: 'KYC_ERR_AUDIT_TARGET' });
    appendFileSync(run.evidence, '\n');
    const target = newDir();
    await expect(exportTo(target)).rejects.toMatchObject({ code: 'KYC_ERR_AUDIT_MISMATCH' });
    expect(() => readdirSync(target)).toThrow();
  });
});
