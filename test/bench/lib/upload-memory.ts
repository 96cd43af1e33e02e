import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { startServe, uploadFile, type BenchServe } from './api-server.js';
import { writeClientsFile } from './clients-file.js';
import type { Figure } from './figures.js';
import type { LiveMemory } from './live-memory.js';
import { startRedis } from './processes.js';

/**
 * The memory of `kyc-screen serve` while it receives an upload, at three sizes, each in a fresh
 * `serve --no-workers` process: its peak RSS (what the machine sees), and apart, with the garbage collected
 * every LIVE_EVERY_MS, what the process really holds (what its peak RSS cannot tell from garbage).
 */
const SMALL = 10_000;
const LIVE_EVERY_MS = 100;
const TARGET = 'flat (≤ 10 % of the small upload’s peak)';

const MiB = 1024 * 1024;
const round = (n: number, d = 1) => Number(n.toFixed(d));
const rowsText = (n: number) => n.toLocaleString('en');

/** The client file of `rows` rows in `work`, generated once for all the measurements of that size. */
async function clientsFile(work: string, rows: number): Promise<string> {
  const file = join(work, `upload-${rows}.csv`);
  if (!existsSync(file)) await writeClientsFile(file, { rows, seed: rows });
  return file;
}

/** A fresh `serve --no-workers` with its own Redis for one measurement. */
async function withServe<T>(
  stateDir: string,
  env: NodeJS.ProcessEnv,
  measure: (serve: BenchServe) => Promise<T>,
): Promise<T> {
  const redis = await startRedis();
  const serve = await startServe(['--no-workers', '--emulator', '--state-dir', stateDir], {
    REDIS_URL: redis.url,
    ...env,
  });
  try {
    // Startup settles (the emulator's registers, the first requests' code paths) before the baseline.
    await new Promise((r) => setTimeout(r, 1_000));
    return await measure(serve);
  } finally {
    await serve.stop();
    await redis.stop();
  }
}

interface UploadPeak {
  readonly peakMiB: number;
  readonly idleMiB: number;
  readonly bytes: number;
  readonly seconds: number;
}

/** Peak RSS of a fresh `serve --no-workers` process while one file of `rows` rows is uploaded. */
async function uploadPeak(work: string, rows: number): Promise<UploadPeak> {
  const file = await clientsFile(work, rows);
  return withServe(join(work, `upload-${rows}`), {}, async (serve) => {
    const idleMiB = serve.peak.max();
    const started = performance.now();
    await uploadFile(serve.base, file);
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 500));
    serve.peak.stop();
    return { peakMiB: serve.peak.max(), idleMiB, bytes: statSync(file).size, seconds };
  });
}

/** live-memory.ts as a module node can preload into the built CLI. */
function livePreload(work: string): string {
  const source = readFileSync(new URL('./live-memory.ts', import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  });
  const path = join(work, 'live-memory.mjs');
  writeFileSync(path, outputText);
  return path;
}

/** What `serve` holds, collections forced, before and at most during the upload of a file of `rows` rows. */
async function uploadLive(work: string, preload: string, rows: number): Promise<LiveMemory> {
  const file = await clientsFile(work, rows);
  const out = join(work, `live-${rows}.json`);
  const env = {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(preload).href}`.trim(),
    KYC_BENCH_LIVE_OUT: out,
    KYC_BENCH_LIVE_MS: String(LIVE_EVERY_MS),
  };
  return withServe(join(work, `live-${rows}`), env, async (serve) => {
    process.kill(serve.pid, 'SIGWINCH');
    // The baseline is taken before the first byte is sent: the watch has written once.
    while (!existsSync(out)) await new Promise((r) => setTimeout(r, LIVE_EVERY_MS));
    await uploadFile(serve.base, file);
    // Two more collections: the last one after the request has been answered.
    await new Promise((r) => setTimeout(r, 3 * LIVE_EVERY_MS));
    return JSON.parse(readFileSync(out, 'utf8')) as LiveMemory;
  });
}

function peakFigure(a: UploadPeak, b: UploadPeak, aRows: number, bRows: number, small: UploadPeak): Figure {
  const difference = b.peakMiB - a.peakMiB;
  return {
    figure: `serve peak RSS: upload of ${rowsText(bRows)} rows (b) − upload of ${rowsText(aRows)} rows (a) (--no-workers)`,
    value: round(difference),
    target: TARGET,
    met: difference <= 0.1 * small.peakMiB,
    detail: {
      peak_rss_a_MiB: round(a.peakMiB),
      peak_rss_b_MiB: round(b.peakMiB),
      rss_before_upload_a_MiB: round(a.idleMiB),
      rss_before_upload_b_MiB: round(b.idleMiB),
      body_a_MiB: round(a.bytes / MiB),
      body_b_MiB: round(b.bytes / MiB),
      upload_s_a: round(a.seconds, 2),
      upload_s_b: round(b.seconds, 2),
    },
  };
}

function liveFigure(sizes: readonly number[], live: readonly LiveMemory[], small: UploadPeak): Figure {
  const heap = live.map((l) => (l.max.heapUsed - l.before.heapUsed) / MiB);
  const buffers = live.map((l) => (l.max.arrayBuffers - l.before.arrayBuffers) / MiB);
  const most = Math.max(...live.map((_, i) => (heap[i] ?? 0) + (buffers[i] ?? 0)));
  const detail: Record<string, number> = {};
  sizes.forEach((rows, i) => {
    detail[`heap_growth_MiB_${rows}`] = round(heap[i] ?? NaN);
    detail[`buffers_growth_MiB_${rows}`] = round(buffers[i] ?? NaN);
    detail[`collections_${rows}`] = live[i]?.collections ?? 0;
  });
  return {
    figure: `serve live heap + buffers during an upload, above before it, the most of ${sizes.map(rowsText).join(', ')} rows (a full collection every ${LIVE_EVERY_MS} ms, --no-workers)`,
    value: round(most),
    target: TARGET,
    met: most <= 0.1 * small.peakMiB,
    detail,
  };
}

/**
 * From the small to the big upload: what streaming a large body costs at all; from the big to the bigger
 * one: whether that cost grows with the body; the live memory: whether it is held or only not collected yet.
 */
export async function uploadFigures(work: string, big: number, bigger: number): Promise<Figure[]> {
  const sizes = [SMALL, big, bigger] as const;
  const [small, large, larger] = [
    await uploadPeak(work, SMALL),
    await uploadPeak(work, big),
    await uploadPeak(work, bigger),
  ];
  const preload = livePreload(work);
  const live: LiveMemory[] = [];
  for (const rows of sizes) live.push(await uploadLive(work, preload, rows));
  return [
    peakFigure(small, large, SMALL, big, small),
    peakFigure(large, larger, big, bigger, small),
    liveFigure(sizes, live, small),
  ];
}
