/**
 * Size of the evidence per row, compacted (evidence.jsonl with its references, plus evidence.bodies.jsonl)
 * against the same lines uncompacted (every reference resolved, as runs wrote them before compaction: the
 * JSON of a line has the same length whatever the order of its keys, so the resolved line is byte for byte
 * as long as the line the earlier writer wrote). Also where the bytes of an uncompacted line go.
 *
 *   npm run bench:evidence -- --rows 2000            a generated client file against the emulator
 *   npm run bench:evidence -- --dir out/demo         the outputs of an earlier run (npm run demo)
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/version.js';
import {
  bodiesPathOf,
  compactEvidence,
  parseBodyLine,
  referencesOf,
  resolveEvidence,
} from '../../src/export/evidence-bodies.js';
import { writeClientsFile } from './lib/clients-file.js';
import { runCli, startEmulator, startRedis } from './lib/processes.js';
import { benchFlag, reportFigures, type Figure } from './lib/figures.js';

const root = packageRoot();
const flag = (name: string): string | undefined => benchFlag(name);
const round = (n: number, d = 1) => Number(n.toFixed(d));

type Json = Record<string, unknown>;

async function generatedRun(rows: number): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'kyc-bench-evidence-'));
  const file = join(work, 'clients.csv');
  const repeatShare = Number(flag('repeat') ?? 0.05);
  await writeClientsFile(file, { rows, repeatShare, seed: Number(flag('seed') ?? 7) });
  const redis = await startRedis();
  const emulator = await startEmulator();
  const out = join(work, 'out');
  const result = await runCli(['run', file, '--out-dir', out, '--no-progress', '--rate', '400'], {
    REDIS_URL: redis.url,
    KYC_API_URL: emulator.url,
  });
  await emulator.stop();
  await redis.stop();
  if (result.code !== 0) throw new Error(`run failed: ${result.stderr}`);
  return out;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/** Bytes of the uncompacted lines by part. */
function breakdown(lines: readonly Json[]): Record<string, number> {
  let requests = 0;
  let candidates = 0;
  let strategy = 0;
  let explanations = 0;
  for (const line of lines)
    for (const check of Object.values((line.checks ?? {}) as Record<string, Json>)) {
      requests += bytes(check.requests ?? []);
      candidates += bytes(check.candidates ?? []);
      strategy += check.strategy === undefined ? 0 : bytes(check.strategy);
      for (const c of (check.candidates ?? []) as Json[]) explanations += bytes(c.explanation ?? '');
    }
  return { requests, candidates, strategy, explanations };
}

/** Per kind of body: how many, how many referred to by one line only, references, bytes of the bodies. */
function reuse(texts: readonly string[], bodies: ReadonlyMap<string, unknown>): Record<string, string> {
  const refs = new Map<string, number>();
  for (const t of texts)
    for (const ref of referencesOf(JSON.parse(t))) refs.set(ref, (refs.get(ref) ?? 0) + 1);
  const kinds: Record<string, { bodies: number; once: number; refs: number; bytes: number }> = {};
  for (const [sha256, body] of bodies) {
    const b = body as Json;
    const kind = 'operation' in b ? 'request' : 'recordHash' in b ? 'record' : 'strategy';
    const k = (kinds[kind] ??= { bodies: 0, once: 0, refs: 0, bytes: 0 });
    const n = refs.get(sha256) ?? 0;
    k.bodies++;
    k.once += n === 1 ? 1 : 0;
    k.refs += n;
    k.bytes += bytes(body);
  }
  return Object.fromEntries(
    Object.entries(kinds).map(([kind, k]) => [
      `${kind}_bodies`,
      `${k.bodies} (${k.once} used once, ${k.refs} refs, ${round(k.bytes / Math.max(1, k.bodies))} B each)`,
    ]),
  );
}

function measure(dir: string, label: string): Figure[] {
  const evidencePath = join(dir, 'evidence.jsonl');
  const bodiesPath = bodiesPathOf(evidencePath);
  const bodies = new Map<string, unknown>();
  for (const text of readFileSync(bodiesPath, 'utf8').split('\n')) {
    const body = text === '' ? undefined : parseBodyLine(text);
    if (body) bodies.set(body.sha256, body.body);
  }
  const texts = readFileSync(evidencePath, 'utf8').split('\n').filter(Boolean);
  const resolved = texts.map((t) => resolveEvidence(JSON.parse(t), bodies) as Json);
  const rows = texts.length;
  const before = resolved.reduce((sum, line) => sum + bytes(line) + 1, 0);
  const evidenceBytes = statSync(evidencePath).size;
  const bodiesBytes = statSync(bodiesPath).size;
  const after = evidenceBytes + bodiesBytes;
  const parts = breakdown(resolved);
  // What compaction costs the run's writer (one thread, in the coordinator): digests of every part.
  const started = performance.now();
  for (const line of resolved) compactEvidence(line as { checks: Json });
  const compactUs = ((performance.now() - started) * 1000) / rows;
  const detail = {
    rows,
    before_bytes: before,
    after_bytes: after,
    evidence_bytes: evidenceBytes,
    bodies_bytes: bodiesBytes,
    bodies: bodies.size,
    compaction_us_per_row: round(compactUs),
    ...reuse(texts, bodies),
    ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [`before_${k}_per_row`, round(v / rows)])),
    per_20000_rows_before_MB: round(((before / rows) * 20_000) / 1e6),
    per_20000_rows_after_MB: round(((after / rows) * 20_000) / 1e6),
  };
  return [
    {
      figure: `evidence bytes per row before compaction (${label})`,
      value: round(before / rows),
      target: '—',
      met: null,
      detail,
    },
    {
      figure: `evidence bytes per row compacted, bodies included (${label})`,
      value: round(after / rows),
      target: '< before',
      met: after < before,
      detail: { ratio: round(after / before, 3) },
    },
  ];
}

const dir = flag('dir');
const rows = Number(flag('rows') ?? 2_000);
const figures = dir
  ? measure(dir, dir)
  : measure(await generatedRun(rows), `${rows.toLocaleString('en')} generated clients, emulator`);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.versions.node}, load ${loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')}`;
reportFigures(
  root,
  dir ? 'evidence-size-dir' : 'evidence-size',
  'kyc-screen evidence size',
  machine,
  figures,
);
