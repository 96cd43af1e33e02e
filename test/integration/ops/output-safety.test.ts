import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction } from '../../../src/commands/run.js';
import { OutputFiles } from '../../../src/run/output-files.js';
import {
  bodyDigest,
  encodeBodyLine,
  parseBodyLine,
  resolveEvidence,
} from '../../../src/export/evidence-bodies.js';
import { placePart } from '../../../src/infra/part-files.js';
import { partPath } from '../../../src/run/output-paths.js';
import { fileDigest } from '../../../src/infra/file-digest.js';
import { followRun, submitRun } from '../../../src/runs/submit.js';
import { newRunId } from '../../../src/run/state/topology.js';
import { cli, exited } from '../../helpers/cli-process.js';
import {
  CLIENTS,
  clientsCsv,
  readVerdicts,
  RUN_DEFAULTS,
  startOpsPipeline,
  type OpsPipeline,
} from './helpers.js';

let pipeline: OpsPipeline;
let input: string;

const newDir = () => mkdtempSync(join(tmpdir(), 'kyc-outsafe-'));
/** The three row-ordered outputs in a directory: their final names (no run id), else a run's part files. */
const partsOf = (dir: string, runId: string) => {
  const finals = {
    verdicts: join(dir, 'verdicts.csv'),
    evidence: join(dir, 'evidence.jsonl'),
    bodies: join(dir, 'evidence.bodies.jsonl'),
  };
  if (runId === '') return finals;
  return {
    verdicts: partPath(finals.verdicts, runId),
    evidence: partPath(finals.evidence, runId),
    bodies: partPath(finals.bodies, runId),
  };
};
const mode = (path: string) => statSync(path).mode & 0o777;

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  input = clientsCsv([
    ['CL-1', ...CLIENTS.clean1],
    ['CL-2', ...CLIENTS.foreignAgentHit],
  ]);
});
afterAll(async () => {
  await pipeline.close();
});

describe('a run never overwrites silently', () => {
  it('refuses an out-dir that holds a previous run’s files, which stay as they were', async () => {
    const outDir = newDir();
    const first = await pipeline.run(input, { outDir });
    expect(first.code).toBe(0);
    const before = readdirSync(outDir).map((name) => [name, readFileSync(join(outDir, name))] as const);
    expect(before.map(([name]) => name).sort()).toEqual([
      'evidence.bodies.jsonl',
      'evidence.jsonl',
      'manifest.json',
      'report.html',
      'verdicts.csv',
    ]);

    await expect(pipeline.run(input, { outDir })).rejects.toMatchObject({ code: 'KYC_ERR_OUTPUT_EXISTS' });
    for (const [name, bytes] of before) expect(readFileSync(join(outDir, name))).toEqual(bytes);

    // --overwrite replaces them with the new run's files.
    const second = await pipeline.run(input, { outDir, overwrite: true });
    expect(second.code).toBe(0);
    expect(readVerdicts(join(outDir, 'verdicts.csv'))[0]?.kyc_run_id).toBe(second.run.id);
    expect(readdirSync(outDir).sort()).toEqual([
      'evidence.bodies.jsonl',
      'evidence.jsonl',
      'manifest.json',
      'report.html',
      'verdicts.csv',
    ]);
  });

  it('never writes through a symlink: refused without --overwrite, replaced (not followed) with it', async () => {
    const outDir = newDir();
    const victim = join(newDir(), 'precious.txt');
    writeFileSync(victim, 'keep me\n');
    symlinkSync(victim, join(outDir, 'verdicts.csv'));

    await expect(pipeline.run(input, { outDir })).rejects.toMatchObject({ code: 'KYC_ERR_OUTPUT_EXISTS' });
    const { code } = await pipeline.run(input, { outDir, overwrite: true });
    expect(code).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
    expect(lstatSync(join(outDir, 'verdicts.csv')).isSymbolicLink()).toBe(false);
    expect(readVerdicts(join(outDir, 'verdicts.csv'))).toHaveLength(2);
  });

  it('refuses an output on the input, or two outputs on one file, even with --overwrite', async () => {
    const original = readFileSync(input);
    await expect(pipeline.run(input, { out: input, overwrite: true })).rejects.toMatchObject({
      code: 'KYC_ERR_OUTPUT_CONFLICT',
    });
    const outDir = newDir();
    const same = join(outDir, 'both.out');
    await expect(pipeline.run(input, { outDir, out: same, evidence: same })).rejects.toMatchObject({
      code: 'KYC_ERR_OUTPUT_CONFLICT',
    });
    // A symlink to the input is the input under another name.
    const alias = join(outDir, 'alias.csv');
    symlinkSync(input, alias);
    await expect(pipeline.run(input, { outDir, evidence: alias, overwrite: true })).rejects.toMatchObject({
      code: 'KYC_ERR_OUTPUT_CONFLICT',
    });
    expect(readFileSync(input)).toEqual(original);
  });

  it('creates the outputs 0600 (or --output-mode) and leaves no part file behind', async () => {
    const outDir = newDir();
    await pipeline.run(input, { outDir });
    for (const name of ['verdicts.csv', 'evidence.jsonl', 'evidence.bodies.jsonl', 'manifest.json'])
      expect(mode(join(outDir, name)), name).toBe(0o600);
    expect(readdirSync(outDir).filter((n) => n.endsWith('.part'))).toEqual([]);

    const shared = newDir();
    await pipeline.run(input, { outDir: shared, outputMode: '0640' });
    expect(mode(join(shared, 'verdicts.csv'))).toBe(0o640);
  });

  it('refuses run ids that could leave the output directory', async () => {
    for (const runId of ['..', '.', '../x', 'a/b', '.hidden', 'a..b', 'x'.repeat(65)])
      await expect(pipeline.run(input, { runId })).rejects.toMatchObject({ code: 'KYC_ERR_RUN_ID' });
    const status = cli(['status', '..'], { REDIS_URL: 'redis://127.0.0.1:1' });
    expect(await exited(status)).toBe(2);
  });
});

describe('part files and their placement', () => {
  it('a run whose output name was taken while it ran fails without clobbering it, and resumes once it is free', async () => {
    const outDir = newDir();
    const runId = newRunId();
    const { sha256, bytes } = await fileDigest(input, 'KYC_ERR_INPUT_NOT_FOUND');
    // Submitted directly (the CLI's up-front check passed earlier), then the name is taken before the end.
    writeFileSync(join(outDir, 'verdicts.csv'), 'not yours\n');
    await submitRun(pipeline.redis, pipeline.prefix, {
      id: runId,
      input,
      inputSha256: sha256,
      inputBytes: bytes,
      out: join(outDir, 'verdicts.csv'),
      evidence: join(outDir, 'evidence.jsonl'),
      manifest: join(outDir, 'manifest.json'),
      priority: 'normal',
      window: 100,
      checks: ['foreign_agent', 'sanctions', 'bankruptcy', 'debtor'],
      createdAt: new Date().toISOString(),
      config: { test: true },
      service: pipeline.service,
    });
    const failed = await followRun(pipeline.redis, pipeline.prefix, runId, () => undefined, { pollMs: 100 });
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('KYC_ERR_OUTPUT_EXISTS');
    expect(readFileSync(join(outDir, 'verdicts.csv'), 'utf8')).toBe('not yours\n');
    expect(existsSync(partPath(join(outDir, 'verdicts.csv'), runId))).toBe(true);
    expect(existsSync(join(outDir, 'manifest.json'))).toBe(false);

    rmSync(join(outDir, 'verdicts.csv'));
    const code = await runAction(undefined, { ...RUN_DEFAULTS, resume: runId }, pipeline.host());
    expect(code).toBe(0);
    expect(readVerdicts(join(outDir, 'verdicts.csv')).map((r) => r.kyc_run_id)).toEqual([runId, runId]);
    expect(readdirSync(outDir).sort()).toEqual([
      'evidence.bodies.jsonl',
      'evidence.jsonl',
      'manifest.json',
      'verdicts.csv',
    ]);
  });

  it('a name taken during the run is not clobbered: the run fails and its part stays for a resume', async () => {
    const dir = newDir();
    const final = join(dir, 'verdicts.csv');
    const part = partPath(final, 'r1');
    writeFileSync(part, 'ours\n');
    writeFileSync(final, 'someone else’s\n');
    await expect(placePart(part, final, false)).rejects.toMatchObject({ code: 'KYC_ERR_OUTPUT_EXISTS' });
    expect(readFileSync(final, 'utf8')).toBe('someone else’s\n');
    expect(readFileSync(part, 'utf8')).toBe('ours\n');
  });

  it('a resume interrupted while placing takes its placed files back and refuses a symlinked part', async () => {
    const dir = newDir();
    const finals = partsOf(dir, '');
    const parts = partsOf(dir, 'r2');
    const files = await OutputFiles.open(parts, undefined, { mode: 0o600 });
    await files.append(Buffer.from('h\r\nrow\r\n'), Buffer.from('{}\n'));
    const at = files.position;
    await files.close();
    await placePart(parts.verdicts, finals.verdicts, false);

    const resumed = await OutputFiles.open(parts, at, { mode: 0o600, finals });
    await resumed.close();
    expect(readFileSync(parts.verdicts, 'utf8')).toBe('h\r\nrow\r\n');
    expect(existsSync(finals.verdicts)).toBe(false);

    const victim = join(newDir(), 'victim');
    writeFileSync(victim, 'x'.repeat(100));
    const other = partsOf(dir, 'r3');
    symlinkSync(victim, other.verdicts);
    writeFileSync(other.evidence, '');
    writeFileSync(other.bodies, '');
    await expect(
      OutputFiles.open(other, { verdictsBytes: 0, evidenceBytes: 0, bodiesBytes: 0 }, { mode: 0o600 }),
    ).rejects.toMatchObject({
      code: 'KYC_ERR_OUTPUT_WRITE',
    });
    expect(readFileSync(victim, 'utf8')).toBe('x'.repeat(100));
  });
});

describe('the evidence bodies across an interruption', () => {
  const body = (n: number) => ({ sha256: bodyDigest({ n }), body: { n } });
  const line = (refs: readonly number[]) =>
    Buffer.from(
      `${JSON.stringify({ checks: { x: { requests: refs.map((n) => ({ $ref: body(n).sha256 })) } } })}\n`,
    );

  it('a resume cuts the bodies back to the checkpoint and writes each body once, before its first line', async () => {
    const parts = partsOf(newDir(), 'r4');
    const files = await OutputFiles.open(parts, undefined, { mode: 0o600 });
    await files.append(Buffer.alloc(0), line([1, 2]), files.newBodies([body(1), body(2), body(1)]));
    const checkpoint = files.position;
    // Written after the checkpoint, then the process dies: the resume writes this batch again.
    await files.append(Buffer.alloc(0), line([2, 3]), files.newBodies([body(2), body(3)]));
    await files.close();

    const resumed = await OutputFiles.open(parts, checkpoint, { mode: 0o600 });
    expect(resumed.newBodies([body(1), body(2)]).length).toBe(0);
    await resumed.append(Buffer.alloc(0), line([2, 3]), resumed.newBodies([body(2), body(3)]));
    await resumed.close();

    const written = readFileSync(parts.bodies, 'utf8').trim().split('\n');
    expect(written.map((text) => parseBodyLine(text)?.body)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const bodies = new Map(written.map((text) => [parseBodyLine(text)!.sha256, parseBodyLine(text)!.body]));
    const lines = readFileSync(parts.evidence, 'utf8').trim().split('\n');
    expect(lines.map((text) => resolveEvidence(JSON.parse(text), bodies))).toEqual([
      { checks: { x: { requests: [{ n: 1 }, { n: 2 }] } } },
      { checks: { x: { requests: [{ n: 2 }, { n: 3 }] } } },
    ]);
  });

  it('a run checkpointed before evidence had bodies resumes and starts its bodies file', async () => {
    const parts = partsOf(newDir(), 'r5');
    const evidence = '{"row":1,"checks":{}}\n';
    writeFileSync(parts.verdicts, 'h\r\n');
    writeFileSync(parts.evidence, evidence);
    // Its checkpoint has no bodiesBytes: the run store reads it as 0.
    const old = { verdictsBytes: 3, evidenceBytes: evidence.length, bodiesBytes: 0 };
    const files = await OutputFiles.open(parts, old, { mode: 0o600 });
    await files.append(Buffer.alloc(0), line([4]), files.newBodies([body(4)]));
    await files.close();
    expect(readFileSync(parts.bodies, 'utf8')).toBe(encodeBodyLine(body(4)));
    expect(readFileSync(parts.evidence, 'utf8')).toBe(evidence + line([4]).toString());
  });
});
